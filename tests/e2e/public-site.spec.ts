import { expect, test } from '@playwright/test';
import { DESKTOP, MOBILE, signUp } from './fixtures';

test.use({ viewport: DESKTOP });

test('landing: headline, counter in es-ES format with its message, floating card after scrolling and its close button', async ({
  page,
}) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.',
  );
  const header = page.getByTestId('counter-header');
  await expect(header).toContainText('Más De');
  await expect(header).toContainText('Inmigrantes Ayudados');
  // HELPED_BASELINE 5300 plus real people, formatted the Spanish (es-ES) way.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('immigrantsCount'))).toMatch(/^\d{4,}$/);
  const stored = Number(await page.evaluate(() => localStorage.getItem('immigrantsCount')));
  expect(stored).toBeGreaterThanOrEqual(5300);
  await expect(page.getByTestId('helped-count')).toHaveText(new Intl.NumberFormat('es-ES').format(stored));
  await header.getByRole('button').hover();
  await expect(page.getByText('Miles de inmigrantes ya han recibido ayuda. ¡Únete ahora!')).toBeVisible();
  await expect(page.getByText('Así de fácil')).toBeVisible();
  await expect(page.getByText('Preguntas de inmigración ilimitadas')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/landing-desktop.png' });

  await page.mouse.wheel(0, 2500);
  const floating = page.getByTestId('counter-floating');
  await expect(floating).toBeVisible();
  await floating.getByRole('button', { name: 'Cerrar el contador' }).click();
  await expect(floating).toBeHidden();
  await page.mouse.wheel(0, -3000);
  await page.mouse.wheel(0, 3000);
  await expect(page.getByTestId('counter-floating')).toBeHidden();
});

test('landing on a phone: testimonials loop in a carousel; the trial button opens its dialog', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/landing');
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Testimonio anterior' }).click();
  await expect(page.getByText('3 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Testimonio siguiente' }).click();
  await expect(page.getByText('1 / 3')).toBeVisible();
  await page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Comienza tu prueba de 7 días por $1' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/landing-trial-mobile.png' });
});

test('FAQ: one question open at a time; clicking the open one closes it', async ({ page }) => {
  await page.goto('/faq');
  const questions = page.getByRole('button', { expanded: false });
  await expect(page.locator('h2 button')).toHaveCount(10);
  const first = page.getByRole('button', { name: '¿Cómo empiezo?' });
  const second = page.getByRole('button', { name: '¿Cómo protegen mis datos?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('tus conversaciones se guardan en ella')).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  expect(await questions.count()).toBeGreaterThan(0);
});

test('blog: list → post → share falls back to copying the link', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    // Chromium here has no share sheet: make sure the fallback is what runs.
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/blog');
  await expect(page.getByText('Destacado')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Cómo reconocer el fraude de notarios y protegerte' }),
  ).toBeVisible();
  await page.getByRole('link', { name: '¿Cuándo renovar DACA?' }).click();
  await expect(page).toHaveURL(/\/blog\/cuando-renovar-daca$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Cuándo renovar DACA?');
  await expect(page.getByText('20 de mayo de 2025')).toBeVisible();
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect(page.getByText('Enlace copiado al portapapeles')).toBeVisible();
  await page.goto('/blog/no-existe');
  await expect(page.getByRole('heading', { name: 'Artículo no encontrado' })).toBeVisible();
});

test('help: button after 1 s, bubble at 3 s hidden at 6 s, drawer on a phone, Escape closes', async ({
  page,
}) => {
  await page.clock.install();
  await page.setViewportSize(MOBILE);
  await page.goto('/how-it-works');
  const open = page.getByRole('button', { name: 'Abrir la ayuda del sitio' });
  await expect(open).toHaveCount(0);
  await page.clock.runFor(1100);
  await expect(open).toBeVisible();
  await expect(page.getByText('Tienes dudas?')).toHaveCount(0);
  await page.clock.runFor(2000);
  await expect(page.getByText('Tienes dudas?')).toBeVisible();
  await page.clock.runFor(3100);
  await expect(page.getByText('Tienes dudas?')).toHaveCount(0);
  // Every 15 s after the first: again at 18 s.
  await page.clock.runFor(12_000);
  await expect(page.getByText('Tienes dudas?')).toBeVisible();

  await open.click();
  const drawer = page.getByRole('dialog', { name: 'Cómo podemos ayudarte?' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('help-messages')).toContainText('Soy la ayuda del sitio');
  await drawer.getByLabel('Escribe tu pregunta sobre el sitio...').fill('¿Cómo cambio mi contraseña?');
  await drawer.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(drawer.getByText(/Configuración/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/help-drawer-mobile.png' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('survey: submit enabled only with an answer, thanks toast, answers cleared', async ({ page }) => {
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/user-feedback');
  await expect(page.getByText('Experiencia General')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Enviar comentarios' });
  await expect(submit).toBeDisabled();
  await page
    .getByRole('radiogroup', { name: 'Es fácil de usar' })
    .getByRole('radio', { name: '4 de 5 estrellas' })
    .click();
  await page.getByLabel('¿Qué cambiarías del diseño?').fill('Letra más grande');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('¡Gracias por tus comentarios!')).toBeVisible();
  await expect(page.getByLabel('¿Qué cambiarías del diseño?')).toHaveValue('');
  await expect(submit).toBeDisabled();
});

test('contact form: §5 messages, then Mensaje recibido and Enviar otro mensaje', async ({ page }) => {
  await page.goto('/user-feedback');
  await expect(page.getByText('Debes iniciar sesión para enviar comentarios')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
  await page.getByLabel('Nombre').fill('Luis');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill('luis@example.com');
  await page.getByLabel('Mensaje').fill('Me gustaría poder cambiar el tamaño de la letra.');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Mensaje recibido')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar otro mensaje' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('');
});
