import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preparePage } from './app/router';
import { i18n, initI18n } from './lib/i18n';
import { cn } from './lib/utils';
import './index.css';

declare global {
  interface Window {
    /** Set when React takes over #root: src/boot.js then leaves it alone. */
    __appStarted?: boolean;
  }
}

/** The longest the first render waits for the session and the page before going ahead without them. */
const PREPARE_WAIT_MS = 3000;

/** Lets the browser run other tasks (input, paint) before going on. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const nextFrame = () =>
  new Promise<void>((resolve) => {
    // A frame, then the task after it; a hidden tab gets no frames, hence the timer.
    const done = () => setTimeout(resolve, 0);
    requestAnimationFrame(done);
    setTimeout(done, 100);
  });

async function start(container: HTMLElement) {
  // Each step below is a task of its own, none long enough to keep a phone
  // from answering a tap: loading this code was one already.
  await nextTask();
  initI18n();
  document.documentElement.lang = i18n.language;
  const queryClient = createQueryClient();
  // The first render waits for the session (asked for by src/boot.js with
  // the HTML), the page's own code, which downloads alongside this script,
  // and the data the page opens with: it then shows the page itself at once,
  // not a spinner, a guard or a signed-out top bar that change a moment
  // later. Meanwhile the static first screen boot.js may have put in #root
  // stays on display.
  const prepared = Promise.race([
    preparePage(window.location.pathname, queryClient),
    new Promise((resolve) => setTimeout(resolve, PREPARE_WAIT_MS)),
  ]);
  // While the network works: the one-time set-up behind cn() (tailwind-merge
  // builds its class map on first use), else the first render's slowest step.
  await nextTask();
  cn('p-0', 'p-1');
  await prepared;
  // That static screen is painted before React's work starts.
  if (container.firstChild) await nextFrame();
  window.__appStarted = true;
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few
  // milliseconds instead of holding the main thread in one long task. React
  // replaces the static screen, if any, when it commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App client={queryClient} />
      </StrictMode>,
    );
  });
}

const container = document.getElementById('root');
if (container) void start(container);
