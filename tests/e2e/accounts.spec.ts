import fs from 'node:fs';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, MOBILE, signUp } from './fixtures';

test.use({ viewport: DESKTOP });

/** The newest code the outbox holds for a number (the server writes DATA_DIR/outbox/sms.jsonl). */
async function codeFor(phoneNumber: string): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox', 'sms.jsonl');
  await expect
    .poll(() => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '').includes(phoneNumber), {
      timeout: 5000,
    })
    .toBe(true);
  const lines = fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; code: string });
  return lines.filter((l) => l.to === phoneNumber).at(-1)?.code ?? '';
}

async function registerByEmail(page: Page, email: string, password = 'secreto-123') {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear Cuenta');
  await page.getByLabel('Nombre').fill('Lucía');
  await page.getByRole('radio', { name: 'Correo electrónico' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
}

test('register with e-mail in the UI and land on /chat; sign out and in again', async ({ page }) => {
  const email = `lucia-${randomUUID()}@example.com`;
  await registerByEmail(page, email);
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('¡Cuenta creada exitosamente!')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Lucía' })).toBeVisible();

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByText('Sesión cerrada exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/landing$/);

  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  // The top bar's link opens the form directly (directLogin).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar Sesión');
  await page.getByRole('radio', { name: 'Correo electrónico' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('clave-equivocada');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('Correo electrónico o contraseña incorrectos.')).toBeVisible();
  await page.getByLabel('Contraseña').fill('secreto-123');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByText('¡Inicio de sesión exitoso!')).toBeVisible();
});

test('register form shows the §5 messages and an existing e-mail switches to login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await page.getByRole('radio', { name: 'Correo electrónico' }).click();
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByText('Por favor ingresa tu nombre')).toBeVisible();
  await expect(page.getByText('Por favor ingresa tu correo electrónico')).toBeVisible();
  await page.getByLabel('Contraseña').fill('123');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();

  const { email } = await signUp(page, 'Otra');
  await page.context().clearCookies();
  await registerByEmail(page, email);
  await expect(page.getByText('Este correo ya está registrado. Por favor inicia sesión.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar Sesión');
});

test('phone registration with the code from the outbox', async ({ page }) => {
  const digits = `555${randomInt(1_000_000, 9_999_999)}`;
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Crear Cuenta' }).click();
  await page.getByLabel('Nombre').fill('Rosa');
  await page.getByRole('radio', { name: 'Teléfono' }).click();
  // Digits only, at most 10.
  await page.getByLabel('Número de teléfono').fill(`(${digits.slice(0, 3)}) ${digits.slice(3)}99`);
  await expect(page.getByLabel('Número de teléfono')).toHaveValue(digits);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Código de verificación enviado')).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Verificar número de teléfono' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/verify-dialog-mobile.png' });
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(dialog.getByText('Por favor ingresa el código de verificación')).toBeVisible();
  const code = await codeFor(`+1${digits}`);
  await dialog.getByLabel('Código de verificación').fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(
    dialog.getByText('El código no es correcto. Revisa el mensaje e inténtalo de nuevo.'),
  ).toBeVisible();
  await dialog.getByLabel('Código de verificación').fill(code);
  await dialog.getByRole('button', { name: 'Verificar código' }).click();
  await expect(page.getByText('Número de teléfono verificado exitosamente')).toBeVisible();
  await expect(page).toHaveURL(/\/chat$/);

  // The name typed at registration is on the profile.
  await page.goto('/settings');
  await expect(page.getByLabel('Nombre')).toHaveValue('Rosa');

  // Adding an e-mail to an account made by phone takes a code sent to that phone.
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Correo electrónico').fill(`rosa-${digits}@example.com`);
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(
    page.getByText('Para cambiar tu correo, escribe el código que te enviamos por SMS.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByText('Código de verificación enviado')).toBeVisible();
  await page.getByLabel('Código por SMS').fill(await codeFor(`+1${digits}`));
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado exitosamente')).toBeVisible();
  await expect(page.getByLabel('Código por SMS')).toBeHidden();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(`rosa-${digits}@example.com`);
});

test('a guarded route while signed out → /login → back to it after sign-in', async ({ page, browser }) => {
  const setup = await browser.newPage();
  await setup.goto('/landing');
  const { email } = await signUp(setup, 'Pedro');
  await setup.close();

  await page.goto('/saved-chats');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('radio', { name: 'Correo electrónico' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('secreto-123');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/saved-chats$/);
});

test('settings: a new sign-in e-mail asks for the current password first', async ({ page }) => {
  const email = `cambio-${randomUUID()}@example.com`;
  await registerByEmail(page, email);
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto('/settings');
  const save = page.getByRole('button', { name: 'Guardar cambios' });
  await page.getByLabel('Apellido').fill('Hernández');

  const newEmail = `nuevo-${email}`;
  await page.getByLabel('Correo electrónico').fill(newEmail);
  await save.click();
  await expect(page.getByText('Para cambiar tu correo, escribe tu contraseña actual.')).toBeVisible();
  await page.getByLabel('Confirma con tu contraseña').fill('no-es-esta');
  await save.click();
  await expect(page.getByText('La contraseña actual no es correcta.').first()).toBeVisible();
  await page.getByLabel('Confirma con tu contraseña').fill('secreto-123');
  await save.click();
  await expect(page.getByText('Perfil actualizado exitosamente')).toBeVisible();
  await expect(page.getByLabel('Confirma con tu contraseña')).toBeHidden();

  // The new address signs in.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email: newEmail, password: 'secreto-123' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
});

test('settings: profile, wrong then right current password, and account deletion end to end', async ({
  page,
}) => {
  // Two password hashes, a deletion and its 5 s farewell: past 30 s on two busy cores.
  test.setTimeout(60_000);
  const email = `borrar-${randomUUID()}@example.com`;
  await registerByEmail(page, email);
  await expect(page).toHaveURL(/\/chat$/);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configuración de tu Cuenta');
  const save = page.getByRole('button', { name: 'Guardar cambios' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Apellido').fill('Hernández');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Perfil actualizado exitosamente')).toBeVisible();
  await expect(page.getByText(/^Actualizado a las \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Lucía Hernández' })).toBeVisible();

  await page.getByLabel('Contraseña actual', { exact: true }).fill('no-es-esta');
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('nueva-clave');
  await page.getByLabel('Confirma tu nueva contraseña').fill('nueva-clave');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('La contraseña actual no es correcta.').first()).toBeVisible();
  await page.getByLabel('Contraseña actual', { exact: true }).fill('secreto-123');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada exitosamente')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/settings-desktop.png', fullPage: true });

  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Estás seguro que deseas eliminar tu cuenta?' });
  await confirm.getByRole('button', { name: 'Sí, eliminar mi cuenta' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);

  await page.getByLabel('¿Por qué te vas? (opcional)').fill('Ya terminé mi trámite');
  await page.getByLabel('Escribe ELIMINAR MI CUENTA para confirmar').fill('eliminar');
  await page.getByRole('button', { name: 'Eliminar cuenta permanentemente' }).click();
  await expect(page.getByText("Debes escribir 'ELIMINAR MI CUENTA' para confirmar")).toBeVisible();
  await page.getByLabel('Escribe ELIMINAR MI CUENTA para confirmar').fill('ELIMINAR MI CUENTA');
  await page.getByRole('button', { name: 'Eliminar cuenta permanentemente' }).click();
  await expect(page.getByRole('heading', { name: 'Tu cuenta fue eliminada' })).toBeVisible();
  // After the 5 s farewell: home, signed out.
  await expect(page).toHaveURL(/\/landing$/, { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();

  // The account is gone: signing in fails.
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: 'nueva-clave' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(401);
});

test('delete-account while signed out shows the notice with a link to /auth', async ({ page }) => {
  await page.goto('/delete-account');
  await expect(
    page.getByRole('heading', { name: 'Debes estar autenticado para eliminar una cuenta' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Iniciar sesión' }).last().click();
  await expect(page).toHaveURL(/\/auth$/);
});
