import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DESKTOP, MOBILE, signUp } from './fixtures';

test.use({ viewport: DESKTOP });

test('upload a letter image and see its four parts, then download the text file', async ({
  page,
  context,
}) => {
  // The letter, made for real: an image rendered by the browser.
  const maker = await context.newPage();
  await maker.setViewportSize({ width: 1000, height: 400 });
  await maker.setContent(
    '<body style="font:28px DejaVu Sans,sans-serif;margin:40px"><p>U.S. Citizenship and Immigration Services</p><p>I-797C, Notice of Action - Receipt Notice</p><p>Receipt Number IOE0912345678</p><p>Notice Date: March 3, 2026</p></body>',
  );
  const letter = await maker.screenshot({ type: 'png' });
  await maker.close();

  await page.setViewportSize(MOBILE);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/procesa-documentos');
  await expect(page.getByRole('link', { name: 'Volver al chat' })).toHaveAttribute('href', '/chat');

  await page.getByRole('button', { name: 'Analizar documento' }).click();
  await expect(page.getByText('Selecciona un archivo para procesar')).toBeVisible();

  await page
    .getByLabel('Archivo (PDF, DOC, DOCX o imagen, hasta 10 MB)')
    .setInputFiles({ name: 'carta.png', mimeType: 'image/png', buffer: letter });
  await page.getByRole('button', { name: 'Analizar documento' }).click();
  await expect(page.getByText('¡Procesamiento completado!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('carta.png')).toBeVisible();
  await expect(page.getByTestId('letter-translation')).toContainText('IOE0912345678');
  await expect(page.getByTestId('letter-description')).toContainText(
    'USCIS confirma que recibió tu solicitud',
  );
  await expect(page.getByTestId('letter-solution')).toContainText('egov.uscis.gov/casestatus');
  await page.screenshot({ path: 'test-results/screens/letter-result-mobile.png', fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar resultado' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('procesado-carta.png.txt');
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text).toContain('Documento original: carta.png');
  expect(text).toContain('Pasos a seguir:');
  expect(text).toMatch(/Fecha de procesamiento: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
});

test('a file over 10 MB is refused in the page with "Archivo muy grande"', async ({ page }) => {
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/procesa-documentos');
  await page.getByLabel('Archivo (PDF, DOC, DOCX o imagen, hasta 10 MB)').setInputFiles({
    name: 'enorme.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20),
  });
  await expect(page.getByText('Archivo muy grande')).toBeVisible();
  await expect(page.getByText('El archivo no puede exceder 10MB')).toBeVisible();
});

test('the forms page lists I-485 with its official link and downloads a stored copy', async ({ page }) => {
  // An operator stores a copy with the upload command.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'form-'));
  const file = path.join(dir, 'i-485es.pdf');
  fs.writeFileSync(file, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/forms-upload.ts', file], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
  });

  await page.goto('/landing');
  await signUp(page, 'Ana');
  await page.goto('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Documentos para tu Trámite');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^I-485,/ }) });
  await expect(row.getByRole('link', { name: 'Página oficial I-485' })).toHaveAttribute(
    'href',
    'https://www.uscis.gov/i-485',
  );
  await expect(row.getByText('Copia disponible')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/forms-desktop.png' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Descargar I-485' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('I-485.pdf');
  expect(fs.readFileSync(await download.path(), 'utf8')).toContain('%PDF-1.4');
  await expect(page.getByText('Descarga iniciada')).toBeVisible();
});
