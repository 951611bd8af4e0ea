import { expect, test } from '@playwright/test';
import { DESKTOP, MOBILE, signUp } from './fixtures';

const PUBLIC_LINKS = ['Inicio', 'Cómo funciona', 'FAQ', 'Quiénes somos', 'Chat', 'Blog'];

test('/ lands on /landing', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.',
  );
});

test('an unknown path lands on /landing', async ({ page }) => {
  await page.goto('/esta/ruta/no-existe');
  await expect(page).toHaveURL(/\/landing$/);
});

for (const path of ['/chat', '/procesa-documentos', '/saved-chats', '/settings', '/feedback']) {
  test(`guarded ${path} while signed out lands on /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido');
  });
}

test('public pages open without a session', async ({ page }) => {
  for (const path of [
    '/how-it-works',
    '/faq',
    '/why-trust-us',
    '/blog',
    '/documents',
    '/privacy-policy',
    '/delete-account',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test.describe('desktop top bar', () => {
  test.use({ viewport: DESKTOP });

  test('shows the public links, Comienza and Iniciar sesión to visitors', async ({ page }) => {
    await page.goto('/landing');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link')).toHaveText(PUBLIC_LINKS);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Comienza' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toBeHidden();

    await nav.getByRole('link', { name: 'Cómo funciona' }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
    await page.screenshot({ path: 'test-results/screens/top-bar-desktop.png' });
  });

  test('signed in: Sugerencias, Documentos, the display name and Cerrar sesión', async ({ page }) => {
    await page.goto('/landing');
    await signUp(page, 'Marisol');
    await page.goto('/landing');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link')).toHaveText([...PUBLIC_LINKS, 'Sugerencias', 'Documentos']);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Comienza' })).toHaveAttribute(
      'href',
      '/chat',
    );
    await expect(page.getByRole('link', { name: 'Marisol' })).toHaveAttribute('href', '/chat');

    // A guarded page opens now.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración de tu Cuenta');
    await page.screenshot({ path: 'test-results/screens/signed-in-desktop.png' });

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Sesión cerrada exitosamente')).toBeVisible();
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('footer: copyright 2025, privacy policy and Eliminar Cuenta', async ({ page }) => {
    await page.goto('/landing');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('© 2025');
    await footer.getByRole('link', { name: 'Política de privacidad' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Eliminar Cuenta' }).click();
    await expect(page).toHaveURL(/\/delete-account$/);
  });

  test('the language switch shows English and is remembered', async ({ page }) => {
    await page.goto('/landing');
    await page.getByRole('button', { name: 'English (cambiar el idioma a inglés)' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first(),
    ).toHaveText('Home');
    expect(await page.evaluate(() => localStorage.getItem('preferred_language'))).toBe('en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test.describe('mobile side menu', () => {
  test.use({ viewport: MOBILE });

  test('below 768 px the links live in a side menu with the same items', async ({ page }) => {
    await page.goto('/landing');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/landing-mobile.png' });

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...PUBLIC_LINKS, 'Comienza', 'Iniciar sesión']);
    await page.screenshot({ path: 'test-results/screens/menu-mobile.png' });

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('link', { name: 'Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
