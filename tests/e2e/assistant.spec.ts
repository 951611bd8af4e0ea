import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import config from '../../playwright.config';
import { DESKTOP, MOBILE, signUp } from './fixtures';
import { installVoiceStubs } from './voice-stubs';

test.use({ viewport: DESKTOP });

test('a typed question streams its answer into Respuesta: and the history; mute and Limpiar Chat', async ({
  page,
}) => {
  await installVoiceStubs(page);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Resuelve tus dudas migratorias con confianza',
  );
  await expect(page.getByTestId('plan-banner')).toHaveText(
    'Plan: UNLIMITED • Consultas restantes: Ilimitadas',
  );
  await expect(page.getByText('Estás usando la guía básica')).toBeVisible();
  await expect(page.getByText('Oprime boton verde para hacer tu pregunta')).toBeVisible();

  const send = page.getByRole('button', { name: 'Enviar pregunta' });
  await expect(send).toBeDisabled();
  await page.getByPlaceholder('Escribe tu pregunta sobre inmigración...').fill('¿Cómo renuevo mi DACA?');
  await send.click();
  await expect(page.getByText('Tu Pregunta:')).toBeVisible();
  await expect(page.getByTestId('answer')).toContainText('I-821D');
  const history = page.getByTestId('history');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Tú');
  await expect(history.getByRole('listitem').last()).toContainText('IA');
  // Spoken sentence by sentence, the first before the last arrived.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.length))
    .toBeGreaterThan(2);
  await page.screenshot({ path: 'test-results/screens/chat-desktop.png', fullPage: true });

  // Muting stops speech.
  const cancelsBefore = await page.evaluate(() =>
    (window as unknown as { __cancels: () => number }).__cancels(),
  );
  await page.getByRole('button', { name: 'Silenciar respuesta' }).click();
  await expect(page.getByRole('button', { name: 'Activar sonido de la respuesta' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(
    await page.evaluate(() => (window as unknown as { __cancels: () => number }).__cancels()),
  ).toBeGreaterThan(cancelsBefore);

  await page.getByRole('button', { name: 'Limpiar Chat' }).click();
  await expect(page.getByTestId('history')).toHaveCount(0);
  await expect(page.getByText('Tu Pregunta:')).toHaveCount(0);
});

test('the microphone flow: listening → transcript → stop → answer', async ({ page }) => {
  await installVoiceStubs(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Hacer una pregunta con tu voz' }).click();
  const stop = page.getByRole('button', { name: 'Detener y enviar la pregunta' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Haga clic para detener')).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { __recognition: { hear(t: string, f: boolean): void } }).__recognition.hear(
      'quiero pedir',
      false,
    ),
  );
  await expect(page.getByText('“quiero pedir”')).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { __recognition: { hear(t: string, f: boolean): void } }).__recognition.hear(
      'quiero pedir asilo ',
      true,
    ),
  );
  await page.screenshot({ path: 'test-results/screens/chat-listening-mobile.png' });
  await stop.click();
  await expect(page.getByText('quiero pedir asilo', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('answer')).toContainText('I-589');
});

test('a denied microphone shows its message', async ({ page }) => {
  await installVoiceStubs(page, { denyMicrophone: true });
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/chat');
  await page.getByRole('button', { name: 'Hacer una pregunta con tu voz' }).click();
  await expect(page.getByText('Permiso denegado')).toBeVisible();
  await expect(
    page.getByText('Por favor, permite el acceso al micrófono en la configuración de tu navegador.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hacer una pregunta con tu voz' })).toBeVisible();
});

test('the guest demo on /login: two one-sentence answers, then the sign-up dialog', async ({ page }) => {
  await installVoiceStubs(page);
  await page.setViewportSize(MOBILE);
  await page.goto('/login');
  const demo = page.getByRole('region', { name: '¡Prueba el asistente!' });
  await expect(demo.getByText('Haz una pregunta usando tu voz (2 pregunta(s) restante(s))')).toBeVisible();
  await demo.getByLabel('O escribe tu pregunta').fill('¿Qué es el TPS?');
  await demo.getByRole('button', { name: 'Enviar pregunta' }).click();
  await expect(demo.getByTestId('demo-answer')).toContainText('TPS');
  await expect(demo.getByText('Haz una pregunta usando tu voz (1 pregunta(s) restante(s))')).toBeVisible();

  // The second by voice.
  await demo.getByRole('button', { name: 'Hacer una pregunta con tu voz' }).click();
  await expect(demo.getByRole('button', { name: 'Detener y enviar la pregunta' })).toBeVisible();
  await page.evaluate(() =>
    (window as unknown as { __recognition: { hear(t: string, f: boolean): void } }).__recognition.hear(
      '¿cómo pido asilo?',
      true,
    ),
  );
  await demo.getByRole('button', { name: 'Detener y enviar la pregunta' }).click();
  await expect(demo.getByTestId('demo-answer')).toContainText('asilo');
  const dialog = page.getByRole('dialog', { name: '¡No te pierdas más respuestas!' });
  await expect(dialog).toBeVisible({ timeout: 5000 });
  await page.screenshot({ path: 'test-results/screens/demo-dialog-mobile.png' });
  await dialog.getByRole('button', { name: 'Crear cuenta gratis' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear Cuenta');

  // The server keeps count: a reload does not give the questions back.
  await page.reload();
  await expect(page.getByText('Haz una pregunta usando tu voz (0 pregunta(s) restante(s))')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hacer una pregunta con tu voz' })).toBeDisabled();
});

/** Names whose values are secrets (as the server's config treats them). */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL|SMTP_URL/;

/**
 * Every secret value this test run knows of: the server's environment in
 * playwright.config.ts, the environment `vite build` ran in (this one), and
 * any .env file Vite would read.
 */
function configuredSecrets(): Array<[string, string]> {
  const envFiles = fs
    .readdirSync('.')
    .filter((file) => /^\.env(\..+)?$/.test(file) && file !== '.env.example')
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => /^\s*([A-Z0-9_]+)\s*=\s*"?([^"\n]*)"?\s*$/.exec(line))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match): [string, string] => [`${file}:${match[1]}`, match[2]!]),
    );
  const serverEnv = Object.entries(
    (config.webServer as { env?: Record<string, string | undefined> } | undefined)?.env ?? {},
  );
  return [...serverEnv, ...Object.entries(process.env), ...envFiles]
    .filter(
      ([name, value]) => SECRET_NAME.test(name) && typeof value === 'string' && value.trim().length >= 8,
    )
    .map(([name, value]): [string, string] => [name, value!.trim()]);
}

test('the built client holds no provider key, secret or provider address', () => {
  const dist = path.resolve('dist');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|html|css|json|map)$/.test(entry.name)) files.push(full);
    }
  };
  walk(dist);
  expect(files.length).toBeGreaterThan(3);
  const forbidden = [
    /(?<![A-Za-z0-9])sk-(?:proj-)?[A-Za-z0-9_]{20,}/,
    /sk_live_|sk_test_|whsec_/,
    /OPENAI_API_KEY|ELEVENLABS_API_KEY|STRIPE_SECRET|TWILIO_AUTH_TOKEN|AUTH_SECRET/,
    /api\.openai\.com|api\.elevenlabs\.io|api\.twilio\.com|api\.stripe\.com/,
    /xi-api-key/,
  ];
  const secrets = configuredSecrets();
  // The server under test runs with a real session secret, so there is always one to look for.
  expect(secrets.map(([name]) => name)).toContain('AUTH_SECRET');
  const found: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of forbidden) {
      const match = pattern.exec(text);
      if (match) found.push(`${path.relative(dist, file)}: ${match[0]}`);
    }
    for (const [name, value] of secrets) {
      if (text.includes(value)) found.push(`${path.relative(dist, file)}: the value of ${name}`);
    }
  }
  expect(found).toEqual([]);
});
