import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { en } from '../../src/locales/en';
import { es } from '../../src/locales/es';

/** WCAG 2.1 A and AA: the level the issue asks for. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (or on one part of it) and returns the serious and
 * critical violations as readable lines: rule, impact, help and the first
 * offending elements with axe's own summary of what is wrong.
 */
export async function seriousViolations(
  page: Page,
  where: string,
  options: { include?: string; rules?: string[] } = {},
): Promise<string[]> {
  // Legacy mode runs axe.run in the page (and in any frame) directly; the
  // default mode opens a blank page per scan to merge results and takes about
  // three times longer. The app has no cross-origin frames to lose.
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  if (options.rules) builder = builder.withRules(options.rules);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 4)
        .map(
          (n) =>
            `      ${n.target.join(' ')}\n        ${(n.failureSummary ?? '').replace(/\n/g, '\n        ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 4 ? `\n      … and ${v.nodes.length - 4} more` : '';
      return `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    });
}

/** Waits until every finite CSS transition or animation on the page has ended. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
}

/**
 * Opens a route and waits until it shows its data, not a spinner or a
 * skeleton. `via: 'app'` moves inside the single-page app the way its links
 * do (no reload, so much faster); `help` also waits for the floating help
 * button, which appears 1 s after a page load.
 */
export async function openRoute(
  page: Page,
  route: string,
  { via = 'goto', help = false }: { via?: 'goto' | 'app'; help?: boolean } = {},
) {
  if (via === 'goto') {
    await page.goto(route);
  } else {
    // Mark the current page, so the wait below sees the new one.
    await page.evaluate((to) => {
      for (const h1 of document.querySelectorAll('main h1')) h1.setAttribute('data-left', '');
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
  }
  await expect(page.locator('main h1:not([data-left])').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main h1[data-left]')).toHaveCount(0);
  if (help) await expect(page.getByRole('button', { name: 'Abrir la ayuda del sitio' })).toBeVisible();
  await expect(page.locator('main .animate-pulse, main [role="status"]:has(.animate-spin)')).toHaveCount(0, {
    timeout: 15_000,
  });
  await settleAnimations(page);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not reached. */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${backwards ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()} in ${max} presses`);
}

/**
 * Tabs through the page from the top, at most `max` stops or until the focus
 * comes back to a stop already seen, and returns every stop whose focus ring
 * is missing or too faint: each needs an outline at least 2 px wide whose
 * colour contrasts 3:1 (WCAG 1.4.11) with the background it is drawn on, the
 * first opaque background of its ancestors with translucent layers over it.
 */
export async function focusRingProblems(page: Page, where: string, max = 60) {
  // The ring is measured as it ends up: without the colour transitions that
  // would otherwise be waited for at every stop.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as unknown as { __tabStops: WeakSet<Element> }).__tabStops = new WeakSet();
  });
  const problems: string[] = [];
  let stops = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(async () => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const seen = (window as unknown as { __tabStops: WeakSet<Element> }).__tabStops;
      if (seen.has(el)) return 'again' as const;
      seen.add(el);
      // Colour transitions (Tailwind's transition-colors includes the outline) end first.
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => null)),
      );
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      /** Any CSS colour (rgb, oklch, oklab…) as sRGB 0-255 and alpha 0-1. */
      const rgba = (color: string): [number, number, number, number] => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = '#000';
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };
      const luminance = ([r, g, b]: number[]) => {
        const lin = (c: number) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
      };
      const layers: Array<[number, number, number, number]> = [];
      for (let p = el.parentElement; p; p = p.parentElement) {
        const layer = rgba(getComputedStyle(p).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      let backdrop = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) {
        backdrop = [
          r * a + backdrop[0]! * (1 - a),
          g * a + backdrop[1]! * (1 - a),
          b * a + backdrop[2]! * (1 - a),
        ];
      }
      const style = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) {
        return { name, problem: `no visible outline (${style.outlineStyle} ${style.outlineWidth})` };
      }
      const [l1, l2] = [luminance(rgba(style.outlineColor)), luminance(backdrop)].sort((a, b) => b - a);
      const ratio = (l1! + 0.05) / (l2! + 0.05);
      const behind = `rgb(${backdrop.map(Math.round).join(', ')})`;
      return {
        name,
        problem:
          ratio < 3 ? `outline ${style.outlineColor} on ${behind}: contrast ${ratio.toFixed(2)}:1` : null,
      };
    });
    if (stop === 'again') break;
    if (!stop) continue;
    stops += 1;
    if (stop.problem) problems.push(`${where}: ${stop.name}: ${stop.problem}`);
  }
  return { stops, problems };
}

/**
 * Every visible control (link, button, field, summary) inside `scope` smaller
 * than 44×44 px. Text links inside a sentence are exempt (WCAG 2.5.8), and so
 * are controls hidden for screen readers only (1×1 px).
 */
export async function smallTargets(page: Page, scope: string, where: string) {
  const found = await page.evaluate((selector) => {
    const out: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const el of root.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"]',
      )) {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden') continue;
        if (el.closest('[aria-hidden="true"]')) continue;
        if (
          el.tagName === 'A' &&
          el.parentElement?.tagName === 'P' &&
          el.parentElement.textContent !== el.textContent
        ) {
          continue;
        }
        // Half a pixel of rounding in layout is not a smaller target.
        if (r.width < 43.5 || r.height < 43.5) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
          out.push(
            `${el.tagName.toLowerCase()} "${name}" is ${Math.round(r.width)}×${Math.round(r.height)} px`,
          );
        }
      }
    }
    return out;
  }, scope);
  return found.map((line) => `${where}: ${line}`);
}

function strings(dictionary: object): string[] {
  return Object.values(dictionary).flatMap((value) =>
    typeof value === 'string' ? [value] : typeof value === 'object' && value ? strings(value) : [],
  );
}
/** Interface texts that exist only in English (the same words in both, like "Chat", are fine). */
const ENGLISH_ONLY = (() => {
  const spanish = new Set(strings(es));
  return [...new Set(strings(en))].filter((text) => !spanish.has(text) && !text.includes('{{'));
})();

/**
 * Every visible control's accessible name (aria-label, aria-labelledby, its
 * <label>, its text, placeholder or title): a problem when it has none, or
 * when it is one of the English interface texts while the page is in Spanish.
 */
export async function controlNameProblems(page: Page, where: string) {
  const names = await page.evaluate(() => {
    const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
    const out: Array<{ control: string; name: string }> = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="switch"], [role="tab"]',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const labelledBy = el.getAttribute('aria-labelledby');
      const field = el as HTMLInputElement;
      const name =
        el.getAttribute('aria-label')?.trim() ||
        (labelledBy
          ? labelledBy
              .split(/\s+/)
              .map((id) => text(document.getElementById(id)))
              .join(' ')
              .trim()
          : '') ||
        (field.labels?.[0] ? text(field.labels[0]) : '') ||
        text(el) ||
        field.placeholder?.trim() ||
        el.title.trim();
      out.push({ control: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`, name: name ?? '' });
    }
    return { lang: document.documentElement.lang, controls: out };
  });
  const problems: string[] = [];
  if (names.lang !== 'es') problems.push(`${where}: <html lang="${names.lang}">, expected "es"`);
  for (const { control, name } of names.controls) {
    if (!name) problems.push(`${where}: ${control} has no accessible name`);
    else if (ENGLISH_ONLY.includes(name))
      problems.push(`${where}: ${control} is named in English: "${name}"`);
  }
  return problems;
}
