import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  controlNameProblems,
  focusRingProblems,
  openRoute,
  seriousViolations,
  settleAnimations,
  smallTargets,
  tabTo,
} from './a11y-helpers';
import { DESKTOP, MOBILE, signUp } from './fixtures';
import { installVoiceStubs } from './voice-stubs';

// Accessibility gates for people with little reading practice, on phones:
// axe (WCAG 2.1 A/AA) on every route of SPEC.md §2 and the main dialogs, touch
// targets, visible focus, focus kept inside dialogs, the microphone's state
// announced, and the chat used with the keyboard alone.

const PUBLIC_ROUTES = [
  '/landing',
  '/login',
  '/auth',
  '/how-it-works',
  '/faq',
  '/why-trust-us',
  '/website-help',
  '/blog',
  '/blog/cuando-renovar-daca',
  '/documents',
  '/privacy-policy',
  '/user-feedback',
  '/delete-account',
];
const PRIVATE_ROUTES = ['/chat', '/procesa-documentos', '/saved-chats', '/settings', '/feedback'];

async function saveChat(page: Page, question: string, answer: string) {
  const response = await page.request.post('/api/chats', {
    data: { question, answer },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
}

async function signUpWithChats(page: Page) {
  await page.goto('/landing');
  const account = await signUp(page, 'Ana');
  await saveChat(page, '¿Cuándo debo renovar mi DACA?', 'Entre 150 y 120 días antes, con el I-821D.');
  await saveChat(page, 'Quiero pedir asilo', 'Con el formulario I-589 dentro de 1 año.');
  return account;
}

/** The landing's hero text over the lightest pixel of its background picture. */
async function heroOnLightestPixel(page: Page, where: string) {
  const hero = page.locator('main header').first();
  const image = await hero.evaluate((el) => getComputedStyle(el).backgroundImage);
  expect(image).toMatch(/url\(/);
  const saved = await hero.evaluate((el) => [el.style.backgroundImage, el.style.backgroundColor]);
  await hero.evaluate(async (el) => {
    const url = /url\("?(.*?)"?\)/.exec(getComputedStyle(el).backgroundImage)![1]!;
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 120;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let best = [0, 0, 0];
    let bestSum = -1;
    for (let i = 0; i < data.length; i += 4) {
      const sum = 0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!;
      if (sum > bestSum) [bestSum, best] = [sum, [data[i]!, data[i + 1]!, data[i + 2]!]];
    }
    el.style.backgroundImage = 'none';
    el.style.backgroundColor = `rgb(${best.join(', ')})`;
  });
  const problems = await seriousViolations(page, where, {
    include: 'main header',
    rules: ['color-contrast'],
  });
  await hero.evaluate((el, [image, color]) => {
    el.style.backgroundImage = image!;
    el.style.backgroundColor = color!;
  }, saved);
  return problems;
}

/** Lets the page re-render after a viewport change (media queries, matchMedia listeners). */
async function resize(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await settleAnimations(page);
}

/**
 * Scans each route at 375 px and at 1280 px (resizing the open page, which is
 * cheaper than loading it twice) and returns every serious or critical problem.
 */
async function scanRoutes(page: Page, routes: string[], label: string) {
  const problems: string[] = [];
  const viewports = [
    ['375 px', MOBILE],
    ['1280 px', DESKTOP],
  ] as const;
  await page.setViewportSize(MOBILE);
  for (const [index, route] of routes.entries()) {
    // The first page is loaded (with the help button that appears after 1 s);
    // the rest are reached inside the app, as its links do. /auth renders the
    // same page as /login, so it is loaded to be told apart.
    const fresh = index === 0 || route === '/auth';
    await openRoute(page, route, { via: fresh ? 'goto' : 'app', help: index === 0 });
    // Alternate the order, so each route needs one resize.
    const order = index % 2 === 0 ? viewports : [...viewports].reverse();
    for (const [viewportIndex, [viewportName, viewport]] of order.entries()) {
      if (viewportIndex > 0) await resize(page, viewport);
      const where = `${route} (${label}, ${viewportName})`;
      problems.push(...(await seriousViolations(page, where)));
      if (viewportIndex === 0) problems.push(...(await controlNameProblems(page, where)));
      if (route === '/landing') {
        // axe cannot read colours over a picture: check the hero on its lightest point.
        problems.push(...(await heroOnLightestPixel(page, `/landing hero (${label}, ${viewportName})`)));
      }
      if (route === '/saved-chats') {
        // The day groups start collapsed: open one so the cards are checked too.
        const day = page.getByRole('button', { name: /Hoy/ });
        if ((await day.getAttribute('aria-expanded')) === 'false') await day.click();
        const card = page.getByRole('article').first();
        const expand = card.getByRole('button', { name: 'Expandir conversación' });
        if (await expand.isVisible()) await expand.click();
        await expect(card.getByRole('button', { name: 'Contraer conversación' })).toBeVisible();
        problems.push(...(await seriousViolations(page, `${route} expanded (${label}, ${viewportName})`)));
      }
    }
  }
  return problems;
}

test('axe, signed out: every public route at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = await scanRoutes(page, PUBLIC_ROUTES, 'signed out');
  expect(problems, problems.join('\n\n')).toEqual([]);
});

test('axe, signed in: every route at 375 px and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  await installVoiceStubs(page);
  await signUpWithChats(page);
  // /login and /auth send a signed-in person on to /chat.
  const routes = [...PRIVATE_ROUTES, ...PUBLIC_ROUTES.filter((r) => r !== '/login' && r !== '/auth')];
  const problems = await scanRoutes(page, routes, 'signed in');
  expect(problems, problems.join('\n\n')).toEqual([]);
});

async function scanDialog(page: Page, dialog: Locator, where: string) {
  await expect(dialog).toBeVisible();
  await settleAnimations(page);
  return seriousViolations(page, where, { include: '[role="dialog"], [role="alertdialog"]' });
}

test('axe on the dialogs: trial, menu, help drawer and card, guest demo, delete confirmations', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await installVoiceStubs(page);
  const problems: string[] = [];

  // On a phone: the $1 trial, the side menu, the help drawer.
  await page.setViewportSize(MOBILE);
  await openRoute(page, '/landing');
  await page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first().click();
  const trial = page.getByRole('dialog', { name: 'Comienza tu prueba de 7 días por $1' });
  await expect(trial.getByText('Modo de prueba:')).toBeVisible();
  problems.push(...(await scanDialog(page, trial, 'trial dialog (375 px)')));
  // Its error state: a declined card shows the error panel.
  await trial.getByRole('button', { name: 'Pagar $1 y comenzar' }).click();
  await expect(trial.getByRole('alert').first()).toBeVisible();
  problems.push(...(await scanDialog(page, trial, 'trial dialog with errors (375 px)')));
  await page.keyboard.press('Escape');
  await expect(trial).toBeHidden();

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  problems.push(...(await scanDialog(page, page.getByRole('dialog', { name: 'Menú' }), 'menu (375 px)')));
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Abrir la ayuda del sitio' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cómo podemos ayudarte?' });
  await drawer.getByRole('textbox').fill('¿Cómo creo mi cuenta?');
  await drawer.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(drawer.getByText('¿Cómo creo mi cuenta?')).toBeVisible();
  await expect(drawer.getByText('Escribiendo...')).toHaveCount(0);
  problems.push(...(await scanDialog(page, drawer, 'help drawer (375 px)')));
  await page.keyboard.press('Escape');

  // The guest demo's invitation, with the network answers stood in so the
  // real two-question allowance of this machine is not spent.
  let asked = 0;
  await page.route('**/api/assistant/status', async (route) => {
    const response = await route.fetch();
    const status = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...status, remaining: asked > 0 ? 0 : 1 } });
  });
  await page.route('**/api/assistant/ask', async (route) => {
    asked += 1;
    const answer = 'El TPS es un permiso temporal para personas de ciertos países.';
    await route.fulfill({
      status: 200,
      contentType: 'text/event-stream',
      body: `event: delta\ndata: ${JSON.stringify({ text: answer })}\n\nevent: done\ndata: ${JSON.stringify({ answer, chatId: null, remaining: 0 })}\n\n`,
    });
  });
  await page.goto('/login');
  const demo = page.getByRole('region', { name: '¡Prueba el asistente!' });
  await demo.getByLabel('O escribe tu pregunta').fill('¿Qué es el TPS?');
  await demo.getByRole('button', { name: 'Enviar pregunta' }).click();
  const invite = page.getByRole('dialog', { name: '¡No te pierdas más respuestas!' });
  problems.push(...(await scanDialog(page, invite, 'guest demo invitation (375 px)')));
  await page.unrouteAll();

  // On a computer, signed in: the help card, the saved-chat and account deletions.
  await page.setViewportSize(DESKTOP);
  await signUpWithChats(page);
  await openRoute(page, '/saved-chats');
  await page.getByRole('button', { name: /Hoy/ }).click();
  await page.getByRole('button', { name: 'Eliminar esta conversación' }).first().click();
  problems.push(
    ...(await scanDialog(
      page,
      page
        .getByRole('alertdialog', { name: 'Eliminar conversación' })
        .or(page.getByRole('dialog', { name: 'Eliminar conversación' })),
      'delete conversation (1280 px)',
    )),
  );
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Abrir la ayuda del sitio' }).click();
  problems.push(
    ...(await scanDialog(
      page,
      page.getByRole('dialog', { name: 'Cómo podemos ayudarte?' }),
      'help card (1280 px)',
    )),
  );
  await page.keyboard.press('Escape');

  await openRoute(page, '/settings');
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  problems.push(
    ...(await scanDialog(
      page,
      page.getByRole('alertdialog', { name: '¿Estás seguro que deseas eliminar tu cuenta?' }),
      'delete account confirmation (1280 px)',
    )),
  );
  expect(problems, problems.join('\n\n')).toEqual([]);
});

test('touch targets on a phone are at least 44×44 px: site chrome, landing and chat controls', async ({
  page,
}) => {
  await installVoiceStubs(page);
  await page.setViewportSize(MOBILE);
  const problems: string[] = [];

  await openRoute(page, '/landing', { help: true });
  problems.push(...(await smallTargets(page, 'body', '/landing')));
  // The skip link, once it has the keyboard focus.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  problems.push(...(await smallTargets(page, 'body > div > a:first-child', 'skip link')));
  // The floating counter and its close button, after scrolling past the header.
  await page.mouse.wheel(0, 1500);
  await expect(page.getByTestId('counter-floating')).toBeVisible();
  problems.push(...(await smallTargets(page, '[data-testid="counter-floating"]', 'floating counter')));

  await page.getByRole('button', { name: 'Abrir menú' }).click();
  problems.push(...(await smallTargets(page, '[role="dialog"]', 'side menu')));
  await page.keyboard.press('Escape');

  await signUp(page, 'Ana');
  await openRoute(page, '/chat', { help: true });
  await page.getByPlaceholder('Escribe tu pregunta sobre inmigración...').fill('¿Cómo renuevo mi DACA?');
  await page.getByRole('button', { name: 'Enviar pregunta' }).click();
  await expect(page.getByTestId('answer')).toContainText('I-821D');
  // Typed text again, so the send button is enabled and measured too.
  await page.getByPlaceholder('Escribe tu pregunta sobre inmigración...').fill('¿Y el permiso de trabajo?');
  problems.push(...(await smallTargets(page, 'body', '/chat with an answer')));

  await page.getByRole('button', { name: 'Abrir la ayuda del sitio' }).click();
  problems.push(...(await smallTargets(page, '[role="dialog"]', 'help drawer')));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('the keyboard focus is always visible: a 2 px ring that contrasts 3:1 with what is behind it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await installVoiceStubs(page);
  const problems: string[] = [];
  const walk = async (where: string) => {
    const result = await focusRingProblems(page, where);
    expect(result.stops, `${where}: tab stops`).toBeGreaterThan(5);
    problems.push(...result.problems);
  };
  await page.setViewportSize(MOBILE);
  await openRoute(page, '/landing', { help: true });
  await walk('/landing (375 px)');
  await page.setViewportSize(DESKTOP);
  await walk('/landing (1280 px)');
  await openRoute(page, '/login', { via: 'app' });
  await walk('/login (1280 px)');

  await signUpWithChats(page);
  await openRoute(page, '/chat', { help: true });
  await page.getByPlaceholder('Escribe tu pregunta sobre inmigración...').fill('¿Cómo renuevo mi DACA?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer')).toContainText('I-821D');
  await walk('/chat with an answer (1280 px)');
  await openRoute(page, '/settings', { via: 'app' });
  await walk('/settings (1280 px)');
  expect(problems, problems.join('\n')).toEqual([]);
});

async function expectFocusInside(page: Page, container: Locator, presses: number, key: 'Tab' | 'Shift+Tab') {
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    const inside = await container.evaluate((el) => el.contains(document.activeElement));
    expect(inside, `${key} #${i + 1} left the dialog`).toBe(true);
  }
}

test('the focus stays inside an open dialog and returns to its button when it closes', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await openRoute(page, '/landing');

  // The trial dialog, opened from the keyboard.
  const trialButton = page.getByRole('button', { name: 'Empieza tu prueba de $1' }).first();
  await tabTo(page, trialButton);
  await page.keyboard.press('Enter');
  const trial = page.getByRole('dialog', { name: 'Comienza tu prueba de 7 días por $1' });
  await expect(trial).toBeVisible();
  await expect.poll(() => trial.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const stops = await trial.locator('input, button:not([disabled]), a[href]').count();
  await expectFocusInside(page, trial, stops + 3, 'Tab');
  await expectFocusInside(page, trial, 4, 'Shift+Tab');
  await page.keyboard.press('Escape');
  await expect(trial).toBeHidden();
  await expect(trialButton).toBeFocused();

  // The side menu.
  const menuButton = page.getByRole('button', { name: 'Abrir menú' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await expect(menu).toBeVisible();
  await expectFocusInside(page, menu, 14, 'Tab');
  await page.keyboard.press('Escape');
  await expect(menuButton).toBeFocused();

  // The account deletion confirmation.
  await page.setViewportSize(DESKTOP);
  await signUp(page, 'Ana');
  await openRoute(page, '/settings');
  const deleteButton = page.getByRole('button', { name: 'Eliminar mi cuenta' });
  await tabTo(page, deleteButton);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: '¿Estás seguro que deseas eliminar tu cuenta?' });
  await expect(confirm).toBeVisible();
  await expectFocusInside(page, confirm, 5, 'Tab');
  await page.keyboard.press('Escape');
  await expect(deleteButton).toBeFocused();
});

test('the microphone button announces its state by name, pressed state and hint', async ({ page }) => {
  // Slow speech, so the "speaking" state lasts long enough to be read.
  await installVoiceStubs(page, { speechMs: 1500 });
  await page.setViewportSize(MOBILE);
  await page.goto('/landing');
  await signUp(page, 'Ana');
  await openRoute(page, '/chat');

  const mic = page.locator('main button[data-state][aria-pressed]');
  const hint = page.getByText(
    /^(Oprime boton verde|Haga clic para detener|Procesando pregunta|Escuchando respuesta)/,
  );
  await expect(mic).toHaveAccessibleName('Hacer una pregunta con tu voz');
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(hint).toHaveText('Oprime boton verde para hacer tu pregunta');
  await expect(hint).toHaveAttribute('aria-live', 'polite');

  await mic.click();
  await expect(mic).toHaveAccessibleName('Detener y enviar la pregunta');
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(hint).toHaveText('Haga clic para detener');

  // Hold the answer so the "processing" state can be observed.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/assistant/ask', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() =>
    (window as unknown as { __recognition: { hear(t: string, f: boolean): void } }).__recognition.hear(
      '¿qué es el TPS?',
      true,
    ),
  );
  await mic.click();
  await expect(mic).toHaveAccessibleName('Procesando tu pregunta');
  await expect(mic).toBeDisabled();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('Procesando pregunta...').first()).toBeVisible();
  release();

  await expect(mic).toHaveAccessibleName('Reproduciendo la respuesta');
  await expect(hint).toHaveText('Escuchando respuesta...');
  await expect(mic).toHaveAccessibleName('Hacer una pregunta con tu voz', { timeout: 15_000 });
  await expect(hint).toHaveText('Oprime boton verde para hacer tu pregunta');
});

test('the whole chat flow with the keyboard alone: sign in, ask by text, save, ask by voice', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await installVoiceStubs(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/landing');
  const { email } = await signUp(page, 'Ana');
  await page.context().clearCookies();

  // Sign in from the top bar with the keyboard.
  await openRoute(page, '/landing');
  await tabTo(page, page.getByRole('link', { name: 'Iniciar sesión' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  // Phone or e-mail: one Tab stop, chosen with the arrow keys.
  const byEmail = page.getByRole('radio', { name: 'Correo electrónico' });
  const byPhone = page.getByRole('radio', { name: 'Teléfono' });
  await tabTo(page, byEmail);
  await expect(byPhone).toHaveAttribute('tabindex', '-1');
  await page.keyboard.press('ArrowLeft');
  await expect(byPhone).toBeFocused();
  await expect(byPhone).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('Número de teléfono')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(byEmail).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contraseña')).toBeFocused();
  await page.keyboard.type('secreto-123');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Resuelve tus dudas migratorias con confianza',
  );

  // A typed question, sent with Enter.
  const input = page.getByLabel('Tu pregunta', { exact: true });
  await tabTo(page, input);
  await page.keyboard.type('¿Cómo renuevo mi DACA?');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer')).toContainText('I-821D');
  await expect(page.getByTestId('history').getByRole('listitem')).toHaveCount(2);

  // Saved with Tab and Enter.
  await tabTo(page, page.getByRole('button', { name: 'Guardar Chat' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Chat guardado exitosamente')).toBeVisible();

  // A spoken question: the microphone started and stopped with the keyboard.
  const mic = page.getByRole('button', { name: 'Hacer una pregunta con tu voz' });
  await tabTo(page, mic, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Detener y enviar la pregunta' })).toBeFocused();
  await page.evaluate(() =>
    (window as unknown as { __recognition: { hear(t: string, f: boolean): void } }).__recognition.hear(
      'quiero pedir asilo',
      true,
    ),
  );
  await page.keyboard.press('Space');
  await expect(page.getByTestId('answer')).toContainText('I-589');
  await expect(page.getByTestId('history').getByRole('listitem')).toHaveCount(4);

  // Limpiar Chat with the space bar.
  await tabTo(page, page.getByRole('button', { name: 'Limpiar Chat' }));
  await page.keyboard.press('Space');
  await expect(page.getByTestId('history')).toHaveCount(0);
});
