import { chromium, type Browser } from 'playwright-core';

// Test documents made for real: Debian's Chromium renders a letter as a PNG
// (for OCR) or a PDF (for text extraction).

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Promise<Browser> | undefined;
function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
  return browser;
}

function page(lines: string[]): string {
  return `<!doctype html><meta charset="utf-8"><body style="margin:40px;font:28px/1.5 'DejaVu Sans',Arial,sans-serif;color:#000;background:#fff">${lines
    .map((l) => `<p>${l.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`)
    .join('')}</body>`;
}

export async function renderLetterPng(lines: string[]): Promise<Buffer> {
  const context = await (
    await getBrowser()
  ).newContext({ viewport: { width: 1000, height: 120 + lines.length * 60 } });
  const p = await context.newPage();
  await p.setContent(page(lines));
  const png = await p.screenshot({ type: 'png' });
  await context.close();
  return png;
}

export async function renderLetterPdf(lines: string[]): Promise<Buffer> {
  const context = await (await getBrowser()).newContext();
  const p = await context.newPage();
  await p.setContent(page(lines));
  const pdf = await p.pdf({ format: 'Letter' });
  await context.close();
  return pdf;
}

export async function closeRenderer(): Promise<void> {
  if (browser) await (await browser).close();
  browser = undefined;
}
