import { expect, test, type Page } from '@playwright/test';
import { docx } from '../../server/test/docx';
import { DESKTOP, signUp } from './fixtures';
import { installVoiceStubs } from './voice-stubs';

// What people type, what their letters say, what a model or a provider sends
// back: all of it is shown as text, never turned into page elements.

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '<script>window.__xss=2</script>';
const BOLD = '<b>negrita</b>';
const QUESTION = `¿Qué pasa con mi caso? ${IMG} ${SCRIPT} ${BOLD}`;

/** Nothing of the markup became an element, and no injected code ran. */
async function expectNoInjection(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(
    await page.evaluate(() => ({
      handlers: document.querySelectorAll('[onerror]').length,
      images: document.querySelectorAll('img[src="x"]').length,
      scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).length,
      bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'negrita').length,
    })),
  ).toEqual({ handlers: 0, images: 0, scripts: 0, bold: 0 });
}

test.use({ viewport: DESKTOP });

test('a question with markup shows as text in Tu Pregunta:, the history and the saved chats', async ({
  page,
}) => {
  await installVoiceStubs(page);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/chat');
  await page.getByLabel('Tu pregunta', { exact: true }).fill(QUESTION);
  await page.getByRole('button', { name: 'Enviar pregunta' }).click();
  await expect(page.getByTestId('answer')).not.toBeEmpty();
  await expect(page.getByRole('button', { name: 'Hacer una pregunta con tu voz' })).toBeVisible();

  await expect(page.getByRole('region', { name: 'Tu Pregunta:' }).locator('p')).toHaveText(QUESTION);
  const history = page.getByTestId('history').getByRole('listitem');
  await expect(history.first()).toHaveText(`Tú${QUESTION}`);
  await expectNoInjection(page);

  // The saved conversation: its title (8 words) and, expanded, the whole question.
  await page.goto('/saved-chats');
  await page.getByRole('button', { name: /Hoy/ }).click();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading')).toHaveText(
    `¿Qué pasa con mi caso? <img src=x onerror="window.__xss=1">...`,
  );
  await card.getByRole('button', { name: 'Expandir conversación' }).click();
  await expect(card.getByText(QUESTION, { exact: true })).toBeVisible();
  await expectNoInjection(page);
});

test('model output and provider errors with markup show as text', async ({ page }) => {
  await installVoiceStubs(page);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  // A stand-in model whose answer is markup, then a provider error that is.
  const answer = `Respuesta ${IMG} con ${BOLD} y ${SCRIPT}.`;
  let calls = 0;
  await page.route('**/api/assistant/ask', async (route) => {
    calls += 1;
    const body =
      calls === 1
        ? `event: delta\ndata: ${JSON.stringify({ text: answer })}\n\nevent: done\ndata: ${JSON.stringify({ answer, chatId: null, remaining: null })}\n\n`
        : `event: error\ndata: ${JSON.stringify({ code: 'provider_error', message: `Fallo ${IMG} ${BOLD}` })}\n\n`;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body });
  });
  await page.goto('/chat');
  const input = page.getByLabel('Tu pregunta', { exact: true });
  await input.fill('¿Qué es el TPS?');
  await page.getByRole('button', { name: 'Enviar pregunta' }).click();
  await expect(page.getByTestId('answer')).toHaveText(answer);
  await expect(page.getByTestId('history').getByRole('listitem').last()).toHaveText(`IA${answer}`);
  await expectNoInjection(page);

  await input.fill('¿Y el asilo?');
  await page.getByRole('button', { name: 'Enviar pregunta' }).click();
  await expect(page.getByText(`Fallo ${IMG} ${BOLD}`, { exact: true })).toBeVisible();
  await expectNoInjection(page);
});

test('a letter and a help message with markup show as text', async ({ page }) => {
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/procesa-documentos');
  const letter = await docx(['Estimado cliente:', IMG, SCRIPT, `Texto en ${BOLD} de la carta.`]);
  const name = '<b>carta</b>.docx';
  await page.getByLabel('Archivo (PDF, DOC, DOCX o imagen, hasta 10 MB)').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from(letter),
  });
  await page.getByRole('button', { name: 'Analizar documento' }).click();
  await expect(page.getByText('¡Procesamiento completado!')).toBeVisible({ timeout: 20_000 });
  const translation = page.getByTestId('letter-translation');
  await expect(translation).toContainText(IMG);
  await expect(translation).toContainText(SCRIPT);
  await expect(translation).toContainText(`Texto en ${BOLD} de la carta.`);
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expectNoInjection(page);

  // The site help: the visitor's message and the reply are text.
  await page.goto('/website-help');
  const message = `¿Cómo subo una carta? ${IMG} ${BOLD}`;
  await page.getByLabel('Escribe tu pregunta sobre el sitio...').fill(message);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  const messages = page.getByTestId('help-messages');
  await expect(messages.getByText(message, { exact: true })).toBeVisible();
  await expect(messages.getByText('Escribiendo...')).toHaveCount(0);
  await expectNoInjection(page);
});
