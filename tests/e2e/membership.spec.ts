import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './fixtures';

// The $1 trial through the sandbox provider: the dialog from the landing, card
// formatting, success to /chat, the card and existing-account errors, and
// cancellation from Settings.

const freshEmail = () => `e2e-sub-${randomUUID()}@example.com`;

async function openDialog(page: Page) {
  await page.goto('/landing');
  await page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Comienza tu prueba de 7 días por $1' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Modo de prueba:')).toBeVisible();
  // The test card comes from the server's sandbox, not from the client bundle.
  await expect(dialog.getByText(/Usa la tarjeta 4242 4242 4242 4242,/)).toBeVisible();
  return dialog;
}

async function fillAccount(dialog: ReturnType<Page['getByRole']>, email: string) {
  await dialog.getByLabel('Nombre').fill('Rosa');
  await dialog.getByLabel('Apellido').fill('Martínez');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill('secreto-123');
}

test('subscribe on a phone: the card is shown in blocks, the trial starts and /chat shows Plan: UNLIMITED', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  const dialog = await openDialog(page);

  // The §5 messages before anything is sent.
  await dialog.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();
  await expect(dialog.getByText('Por favor ingrese su nombre')).toBeVisible();
  await expect(dialog.getByText('Número de tarjeta inválido')).toBeVisible();
  await expect(dialog.getByText('Use el formato MM/YY')).toBeVisible();
  await expect(dialog.getByText('CVV inválido')).toBeVisible();

  await fillAccount(dialog, freshEmail());
  const card = dialog.getByLabel('Número de tarjeta');
  await card.pressSequentially('42424242');
  await expect(card).toHaveValue('4242 4242');
  await card.pressSequentially('4242424299');
  // Blocks of 4, never more than 19 characters.
  await expect(card).toHaveValue('4242 4242 4242 4242');
  const expiry = dialog.getByLabel('Vencimiento (MM/YY)');
  await expiry.pressSequentially('12');
  await expect(expiry).toHaveValue('12/');
  await expiry.pressSequentially('30');
  await expect(expiry).toHaveValue('12/30');
  await expiry.press('Backspace');
  await expiry.press('Backspace');
  await expiry.press('Backspace');
  await expect(expiry).toHaveValue('1');
  await expiry.pressSequentially('230');
  await expect(expiry).toHaveValue('12/30');
  await dialog.getByLabel('CVV').fill('123');
  await page.screenshot({ path: 'test-results/screens/subscribe-mobile.png' });

  await dialog.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();
  await expect(page.getByText('¡Pago exitoso! Tu suscripción de prueba ha comenzado')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 10_000 });
  await expect(page.getByText(/^Plan: UNLIMITED/)).toBeVisible();
});

test('a declined card shows the card message and retry keeps what was typed', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openDialog(page);
  const email = freshEmail();
  await fillAccount(dialog, email);
  await dialog.getByLabel('Número de tarjeta').fill('4000000000000002');
  await dialog.getByLabel('Vencimiento (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();

  const panel = dialog.getByRole('alert');
  await expect(panel).toContainText('No pudimos completar tu suscripción');
  await expect(panel).toContainText('Tu tarjeta fue rechazada. Prueba con otra tarjeta.');
  await expect(panel).toContainText('Si el problema continúa');
  await page.screenshot({ path: 'test-results/screens/subscribe-declined-desktop.png' });
  await panel.getByRole('button', { name: 'Intentar de nuevo' }).click();
  await expect(dialog.getByLabel('Correo electrónico')).toHaveValue(email);
  await expect(dialog.getByLabel('Número de tarjeta')).toHaveValue('4000 0000 0000 0002');
  // /login can finish the registration later with the stored e-mail and name.
  const stored = await page.evaluate(() => localStorage.getItem('guest_signup'));
  expect(JSON.parse(stored ?? '{}')).toEqual({ email, firstName: 'Rosa', lastName: 'Martínez' });
  await page.keyboard.press('Escape');
  await page.goto('/login');
  await expect(page.getByText('Complete tu registro para continuar con su suscripción')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear Cuenta');
  await expect(page.locator('#email')).toHaveValue(email);
  await expect(page.locator('#firstName')).toHaveValue('Rosa');
});

test('an e-mail that already has an account offers "Ir a iniciar sesión"', async ({
  page,
  request,
  baseURL,
}) => {
  const email = freshEmail();
  const created = await request.post('/api/auth/sign-up/email', {
    data: { email, password: 'secreto-123', name: 'Rosa' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(created.ok()).toBe(true);

  const dialog = await openDialog(page);
  await fillAccount(dialog, email);
  await dialog.getByLabel('Número de tarjeta').fill('4242424242424242');
  await dialog.getByLabel('Vencimiento (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Ya tienes una cuenta con este correo electrónico');
  await dialog.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar Sesión');
});

test('Settings shows the membership and cancels it, keeping access until the period ends', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const dialog = await openDialog(page);
  await fillAccount(dialog, freshEmail());
  await dialog.getByLabel('Número de tarjeta').fill('5555555555554444');
  await dialog.getByLabel('Vencimiento (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 10_000 });

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Tu membresía' });
  await expect(card.getByText('Plan: UNLIMITED')).toBeVisible();
  await expect(card.getByText(/^Período de prueba hasta el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(card.getByText('Tarjeta: Mastercard terminada en 4444')).toBeVisible();
  await card.getByRole('button', { name: 'Cancelar suscripción' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Cancelar tu suscripción?' });
  await confirm.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
  await expect(page.getByText('Suscripción cancelada')).toBeVisible();
  await expect(card.getByText(/^Cancelada: tendrás acceso ilimitado hasta el/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancelar suscripción' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/settings-membership-desktop.png', fullPage: true });
});
