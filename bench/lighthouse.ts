// Mobile speed of the production build: Lighthouse (its default mobile
// configuration: a mid-range phone's screen, 4× slower CPU and simulated slow
// 4G) on /landing signed out and /chat signed in, in Debian's Chromium.
// Prints the performance score, LCP, TBT and CLS beside the goals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { rootDir, startServer, type RunningServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Lighthouse varies from run to run: the median of a few runs is the figure. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GOALS = { score: 90, lcpMs: 2500, cls: 0.1 };

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Time to Interactive: the app, not only its first screen, ready for taps (outside the score). */
  ttiMs: number;
  /** What to look at when a goal is missed: the LCP element, what shifted, the busiest script. */
  why: string[];
}

interface DetailItems {
  items?: Array<Record<string, unknown> & { node?: { selector?: string }; items?: unknown[] }>;
}

/** The selectors and URLs Lighthouse names in an audit's details, for the printed diagnosis. */
function named(details: unknown, take: number): string[] {
  const found: string[] = [];
  for (const item of (details as DetailItems | undefined)?.items ?? []) {
    if (item.node?.selector) found.push(item.node.selector);
    else if (typeof item.url === 'string' && URL.canParse(item.url)) found.push(new URL(item.url).pathname);
    if (Array.isArray(item.items)) found.push(...named({ items: item.items }, take));
  }
  return [...new Set(found)].slice(0, take);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Lighthouse asks to be run again when its trace of a page load fails (NO_NAVSTART and kin): once more, then give up. */
async function audit(port: number, url: string, headers: Record<string, string>): Promise<Figures> {
  try {
    return await auditOnce(port, url, headers);
  } catch (error) {
    console.log(`  retrying ${url}: ${(error as Error).message}`);
    return auditOnce(port, url, headers);
  }
}

async function auditOnce(port: number, url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders: headers,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // A guard that sent us to /login would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    ttiMs: numeric('interactive'),
    why: [
      `LCP element: ${named(lhr.audits['largest-contentful-paint-element']?.details, 1).join(', ') || '–'}`,
      `shifted: ${named(lhr.audits['layout-shifts']?.details, 3).join(', ') || 'nothing'}`,
      `busiest scripts: ${named(lhr.audits['bootup-time']?.details, 2).join(', ') || '–'}`,
    ],
  };
}

export async function benchLighthouse(): Promise<void> {
  console.log('\nMobile speed (Lighthouse 12, mobile emulation, simulated slow 4G, median of %d runs)', RUNS);
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`skipped: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return;
  }
  // The production build the server serves from dist/.
  const build = spawnSync(
    process.execPath,
    [path.join(rootDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: rootDir,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  let server: RunningServer | undefined;
  let chrome: LaunchedChrome | undefined;
  try {
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
      ],
      logLevel: 'silent',
    });
    // A signed-in person for /chat: an account made through the API, its session cookie sent by Chromium.
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'lighthouse@example.com', password: 'secreto-123', name: 'Ana' }),
    });
    if (!signUp.ok) throw new Error(`sign-up for /chat failed: ${signUp.status}`);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    const pages: Array<{ name: string; url: string; headers: Record<string, string> }> = [
      { name: '/landing (signed out)', url: `${server.url}/landing`, headers: {} },
      { name: '/chat (signed in)', url: `${server.url}/chat`, headers: { Cookie: cookie } },
    ];
    const rows: Record<string, Record<string, string>> = {};
    const diagnoses: string[] = [];
    for (const page of pages) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, page.url, page.headers));
      const score = median(runs.map((r) => r.score));
      const lcp = median(runs.map((r) => r.lcpMs));
      const tbt = median(runs.map((r) => r.tbtMs));
      const cls = median(runs.map((r) => r.cls));
      const tti = median(runs.map((r) => r.ttiMs));
      const mark = (met: boolean) => (met ? 'met' : 'MISSED');
      rows[page.name] = {
        performance: `${score} (goal ≥ ${GOALS.score}: ${mark(score >= GOALS.score)})`,
        LCP: `${(lcp / 1000).toFixed(2)} s (goal ≤ ${GOALS.lcpMs / 1000} s: ${mark(lcp <= GOALS.lcpMs)})`,
        TBT: `${Math.round(tbt)} ms`,
        CLS: `${cls.toFixed(3)} (goal ≤ ${GOALS.cls}: ${mark(cls <= GOALS.cls)})`,
        TTI: `${(tti / 1000).toFixed(2)} s`,
        'runs (score)': runs.map((r) => r.score).join(', '),
      };
      diagnoses.push(`${page.name}: ${runs[0]!.why.join('; ')}`);
    }
    console.table(rows);
    for (const line of diagnoses) console.log(line);
  } finally {
    chrome?.kill();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
