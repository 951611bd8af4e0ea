import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page, type Route } from '@playwright/test';
import { MOBILE, signUp } from './fixtures';

// Mobile speed budgets on the production build (dist/, served by the real
// server): the JavaScript a phone downloads to show /landing and /chat,
// gzipped, the code that must load only where it is used, and the first
// screen that shows before any of it has arrived.

const KB = 1000;
const BUDGET = { '/landing': 170 * KB, '/chat': 250 * KB };
const dist = path.resolve('dist');

interface LoadedScript {
  file: string;
  bytes: number;
  gzip: number;
  body: string;
}

/**
 * Opens `route` and returns every script the page requested from our server,
 * until the network is quiet and the help button (loaded after the page) is
 * shown, with its size and its size gzipped (zlib level 9: the server
 * compresses what it sends; a fixed level gives a steady figure).
 */
async function scriptsLoadedBy(page: Page, route: string): Promise<LoadedScript[]> {
  // A phone's first visit: nothing cached, every script fetched (and reported).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = new Map<string, Promise<LoadedScript>>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(page.url() === 'about:blank' ? response.url() : page.url()).origin) return;
    if (!url.pathname.endsWith('.js') || seen.has(url.pathname)) return;
    seen.set(
      url.pathname,
      (async () => {
        const body = await response.body();
        return {
          file: url.pathname,
          bytes: body.length,
          gzip: zlib.gzipSync(body, { level: 9 }).length,
          body: body.toString('utf8'),
        };
      })(),
    );
  });
  await page.goto(route);
  await expect(page).toHaveURL(new RegExp(`${route}$`));
  await expect(page.locator('main h1')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Abrir la ayuda del sitio' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.removeAllListeners('response');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.detach();
  return Promise.all(seen.values());
}

function report(route: string, scripts: LoadedScript[]) {
  const total = (key: 'bytes' | 'gzip') => scripts.reduce((sum, s) => sum + s[key], 0);
  const lines = [...scripts]
    .sort((a, b) => b.gzip - a.gzip)
    .map(
      (s) =>
        `  ${path.basename(s.file).padEnd(44)} ${(s.bytes / KB).toFixed(1).padStart(7)} KB  ${(s.gzip / KB).toFixed(1).padStart(6)} KB gz`,
    );
  console.log(
    `${route}: ${scripts.length} scripts, ${(total('bytes') / KB).toFixed(1)} KB, ` +
      `${(total('gzip') / KB).toFixed(1)} KB gzipped (budget ${(BUDGET[route as keyof typeof BUDGET] / KB).toFixed(0)} KB)\n${lines.join('\n')}`,
  );
  return total('gzip');
}

/**
 * Code that belongs to a feature used elsewhere, found by what it does rather
 * than by chunk names: none of it may load on /landing. (OCR runs on the
 * server; the pattern guards against it ever being bundled for the browser.)
 */
const NOT_ON_LANDING: Array<[string, RegExp]> = [
  ['speech recognition and synthesis', /webkitSpeechRecognition|speechSynthesis|MediaRecorder/],
  ['OCR (tesseract.js)', /tesseract/i],
  ['the card form (payment)', /cc-number|cc-csc/],
];

/** Pages whose code must live in its own chunk, loaded only when opened. */
const LAZY_PAGES = [
  'chat-page',
  'process-documents-page',
  'saved-chats-page',
  'settings-page',
  'delete-account-page',
  'login-page',
  'guest-demo',
  'how-it-works-page',
  'faq-page',
  'why-trust-us-page',
  'privacy-policy-page',
  'website-help-page',
  'blog-page',
  'blog-post-page',
  'forms-page',
  'survey-page',
  'feedback-page',
  'subscription-dialog',
];

test.use({ viewport: MOBILE });

test('/landing loads at most 170 KB of JavaScript gzipped, and no page, payment, speech or OCR code of elsewhere', async ({
  page,
}) => {
  const scripts = await scriptsLoadedBy(page, '/landing');
  const gzip = report('/landing', scripts);
  expect(gzip).toBeLessThanOrEqual(BUDGET['/landing']);

  const assets = fs.readdirSync(path.join(dist, 'assets'));
  const loaded = scripts.map((s) => path.basename(s.file));
  for (const name of LAZY_PAGES) {
    // Each page is a chunk of its own in the build…
    expect(
      assets.some((file) => file.startsWith(`${name}-`) && file.endsWith('.js')),
      `${name} has its own chunk`,
    ).toBe(true);
    // …that /landing does not load.
    expect(loaded.filter((file) => file.startsWith(`${name}-`))).toEqual([]);
  }
  for (const [what, pattern] of NOT_ON_LANDING) {
    const holders = scripts.filter((s) => pattern.test(s.body)).map((s) => path.basename(s.file));
    expect(holders, `${what} is loaded by /landing`).toEqual([]);
  }

  // The trial dialog (payment) arrives only when asked for.
  const dialogScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) dialogScripts.push(path.basename(new URL(request.url()).pathname));
  });
  await page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Comienza tu prueba de 7 días por $1' })).toBeVisible();
  expect(dialogScripts.some((file) => file.startsWith('subscription-dialog-'))).toBe(true);
  // The patterns above do find that code where it lives.
  const build = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const holding = (pattern: RegExp) =>
    build.filter((file) => pattern.test(fs.readFileSync(path.join(dist, 'assets', file), 'utf8')));
  expect(holding(NOT_ON_LANDING[0]![1]).length).toBeGreaterThan(0);
  expect(holding(NOT_ON_LANDING[2]![1]).length).toBeGreaterThan(0);
});

test('/chat loads at most 250 KB of JavaScript gzipped, and no OCR or payment code', async ({ page }) => {
  await page.goto('/landing');
  // The landing's own scripts (the app starts after its first paint, so after
  // the load event) are all in before /chat is measured.
  await expect(page.getByRole('button', { name: 'Abrir la ayuda del sitio' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await signUp(page, 'Ana');
  const scripts = await scriptsLoadedBy(page, '/chat');
  const gzip = report('/chat', scripts);
  expect(gzip).toBeLessThanOrEqual(BUDGET['/chat']);
  const loaded = scripts.map((s) => path.basename(s.file));
  expect(loaded.some((file) => file.startsWith('chat-page-'))).toBe(true);
  for (const name of ['subscription-dialog', 'process-documents-page', 'settings-page', 'saved-chats-page']) {
    expect(loaded.filter((file) => file.startsWith(`${name}-`))).toEqual([]);
  }
  for (const [what, pattern] of NOT_ON_LANDING.filter(([what]) => !what.startsWith('speech'))) {
    const holders = scripts.filter((s) => pattern.test(s.body)).map((s) => path.basename(s.file));
    expect(holders, `${what} is loaded by /chat`).toEqual([]);
  }
});

test('images are sized and compressed, fonts are the system ones', async ({ page }) => {
  // Every picture the app ships, with its weight.
  const images = fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(png|jpe?g|webp|avif|gif|svg)$/i.test(entry.name))
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      const bytes = fs.statSync(full).size;
      return { file: path.relative(dist, full), bytes, gzip: zlib.gzipSync(fs.readFileSync(full)).length };
    });
  console.log(
    `images in dist/:\n${images.map((i) => `  ${i.file.padEnd(30)} ${(i.bytes / KB).toFixed(1)} KB (${(i.gzip / KB).toFixed(1)} KB gz)`).join('\n')}`,
  );
  for (const image of images) {
    // A raster picture over 100 KB on a phone's first screen is a slow page.
    expect(image.bytes, `${image.file} is too heavy`).toBeLessThanOrEqual(100 * KB);
  }
  // No web font files: the system's own fonts render at once.
  const fonts = fs
    .readdirSync(dist, { recursive: true })
    .map(String)
    .filter((file) => /\.(woff2?|ttf|otf|eot)$/i.test(file));
  expect(fonts).toEqual([]);

  // Every <img> on the landing and the chat has its width and height, so nothing jumps.
  await page.goto('/landing');
  await expect(page.getByRole('button', { name: 'Abrir la ayuda del sitio' })).toBeVisible();
  const unsized = await page.evaluate(() =>
    [...document.images]
      .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
      .map((img) => img.src),
  );
  expect(unsized).toEqual([]);
  const fontFamily = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(fontFamily).toMatch(/^system-ui/);
});

/**
 * Holds back every script of the app (not src/boot.js, which shows the first
 * screen) until `release` is called, as a slow network would.
 */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/.+\.js$/, (route) => {
    if (!holding || path.basename(new URL(route.request().url()).pathname).startsWith('boot-'))
      return route.continue();
    held.push(route);
  });
  return async () => {
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test('the first screen of /landing, and of /chat signed in, shows before the code of the app has arrived', async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/landing', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root h1')).toHaveText(
    '¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.',
  );
  // Its buttons say they do nothing yet…
  const trial = page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first();
  await expect(trial).toBeDisabled();
  // …until the app takes over the same screen, working.
  await release();
  await expect(trial).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Abrir la ayuda del sitio' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '¿Tienes dudas sobre inmigración? Recibe ayuda en minutos.',
  );
  await expect(page.locator('#root h1')).toHaveCount(1);

  await signUp(page, 'Ana');
  await page.unrouteAll();
  const releaseChat = await holdAppCode(page);
  await page.goto('/chat', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root h1')).toHaveText('Resuelve tus dudas migratorias con confianza');
  await expect(page.locator('#root header')).toContainText('Ana');
  await releaseChat();
  // The app's whole code arrives at once here: on two busy cores it can take more than 5 s to run.
  await expect(page.getByTestId('plan-banner')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#root h1')).toHaveCount(1);
});

test('signed out, /chat shows nothing of the chat before sending to /login', async ({ page }) => {
  const release = await holdAppCode(page);
  const sessionChecked = page.waitForResponse((response) => response.url().endsWith('/api/auth/get-session'));
  await page.goto('/chat', { waitUntil: 'domcontentloaded' });
  // The session check has answered (no one signed in) and the app is still held back.
  await sessionChecked;
  await page.waitForTimeout(300);
  await expect(page.locator('#root')).toBeEmpty();
  await release();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenido');
});
