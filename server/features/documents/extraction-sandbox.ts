import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppError } from '../../lib/errors';
import {
  DOCUMENT_TOO_COMPLEX_MESSAGE,
  IMAGE_TOO_COMPLEX_MESSAGE,
  TIMEOUT_MESSAGE,
  UNREADABLE_MESSAGE,
  type ExtractionFailure,
  type LetterKind,
} from './extract';
import type { ExtractionAnswer, ExtractionJob } from './extraction-child';

// Letters are read in a child process, one at a time, never in the server's own
// process: a crafted file can crash a parser (tesseract.js on a broken PNG), or
// make it inflate hundreds of megabytes and work for minutes (a PDF or DOCX
// "bomb"). The child has a heap limit, its resident memory is watched and a job
// has a time limit; past either it is killed and the person gets a clear
// message. The server's event loop only passes bytes and waits, so it keeps
// answering everyone else.

export const BUSY_MESSAGE = 'Estamos leyendo muchas cartas en este momento. Intenta de nuevo en un minuto.';

export interface ExtractionLimits {
  /** Resident memory of the child; past it the job is stopped. */
  memoryLimitMb: number;
  /** V8 heap of the child (--max-old-space-size). */
  heapLimitMb: number;
  /** Per job, by kind: OCR of a phone photo takes longer than a PDF. */
  timeLimitMs: { image: number; document: number };
  /** Letters waiting behind the one being read; more are refused with BUSY_MESSAGE. */
  maxQueued: number;
  /** A child idle this long is stopped, returning its memory (OCR data) to the machine. */
  idleMs: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  memoryLimitMb: 768,
  heapLimitMb: 512,
  timeLimitMs: { image: 60_000, document: 30_000 },
  maxQueued: 8,
  idleMs: 5 * 60_000,
};

const MEMORY_POLL_MS = 100;

export type LetterTextReader = (bytes: Uint8Array, kind: LetterKind) => Promise<string>;

export interface ExtractionSandbox {
  read: LetterTextReader;
  /** Stops the child; reading again starts a new one. */
  close(): Promise<void>;
  /** The child's pid while one runs (tests and the bench watch it). */
  pid(): number | undefined;
}

interface Pending {
  job: ExtractionJob;
  resolve: (text: string) => void;
  reject: (error: unknown) => void;
}

const childScript = fileURLToPath(new URL('./extraction-child.ts', import.meta.url));
// The child is TypeScript like the server: it loads with the same tsx loader.
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Resident memory of a process in MB, from /proc (Linux); undefined where there is none. */
function residentMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function failure(reason: ExtractionFailure, kind: LetterKind, detail: string): AppError {
  const image = kind === 'image';
  switch (reason) {
    case 'too_complex':
      return new AppError(
        'payload_too_large',
        413,
        image ? IMAGE_TOO_COMPLEX_MESSAGE : DOCUMENT_TOO_COMPLEX_MESSAGE,
        {
          logMessage: `letter refused (${kind}): ${detail}`,
        },
      );
    case 'timeout':
      return new AppError(
        'unsupported_media_type',
        422,
        image ? TIMEOUT_MESSAGE : DOCUMENT_TOO_COMPLEX_MESSAGE,
        {
          logMessage: `letter timed out (${kind}): ${detail}`,
        },
      );
    case 'unreadable':
      return new AppError('unsupported_media_type', 422, UNREADABLE_MESSAGE, {
        logMessage: `letter unreadable (${kind}): ${detail}`,
      });
  }
}

export function createExtractionSandbox(overrides: Partial<ExtractionLimits> = {}): ExtractionSandbox {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS, ...overrides };
  const queue: Pending[] = [];
  let child: ChildProcess | undefined;
  let ready: Promise<ChildProcess> | undefined;
  let current: Pending | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  function start(): Promise<ChildProcess> {
    const spawned = fork(childScript, [], {
      execArgv: ['--import', tsxLoader, `--max-old-space-size=${limits.heapLimitMb}`],
      serialization: 'advanced', // bytes cross as bytes, not as JSON arrays
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    child = spawned;
    // A failed kill or send is emitted as 'error'; unheard, it would end the server. The
    // job's own handlers (exit, the send callback) already answer the person.
    spawned.on('error', () => undefined);
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        reject(new Error(`extraction child exited before it was ready (${code ?? signal})`));
      spawned.once('message', () => {
        spawned.off('exit', onExit);
        resolve(spawned);
      });
      spawned.once('error', reject);
      spawned.once('exit', onExit);
    });
  }

  function stopChild(target: ChildProcess | undefined) {
    if (!target) return;
    if (child === target) {
      child = undefined;
      ready = undefined;
    }
    if (target.exitCode === null && target.signalCode === null) target.kill('SIGKILL');
  }

  function settleIdle() {
    clearTimeout(idleTimer);
    if (!child) return;
    // Idle, the child must not keep the server (or a test run) alive on its own.
    child.unref();
    child.channel?.unref();
    const idle = child;
    idleTimer = setTimeout(() => stopChild(idle), limits.idleMs);
    idleTimer.unref();
  }

  async function run(pending: Pending) {
    current = pending;
    clearTimeout(idleTimer);
    const { job } = pending;
    let worker: ChildProcess;
    try {
      ready ??= start();
      worker = await ready;
    } catch (error) {
      stopChild(child);
      current = undefined;
      pending.reject(
        new AppError('internal', 500, UNREADABLE_MESSAGE, {
          logMessage: 'extraction child failed to start',
          cause: error,
        }),
      );
      return;
    }
    worker.ref();
    worker.channel?.ref();
    const text = await new Promise<string>((resolve, reject) => {
      let verdict: { reason: ExtractionFailure; detail: string } | undefined;
      const kill = (reason: ExtractionFailure, detail: string) => {
        verdict ??= { reason, detail };
        stopChild(worker);
      };
      const timer = setTimeout(
        () => kill('timeout', 'time limit'),
        job.kind === 'image' ? limits.timeLimitMs.image : limits.timeLimitMs.document,
      );
      const watch = setInterval(() => {
        const rss = worker.pid ? residentMb(worker.pid) : undefined;
        if (rss !== undefined && rss > limits.memoryLimitMb)
          kill('too_complex', `memory ${Math.round(rss)} MB`);
      }, MEMORY_POLL_MS);
      const done = () => {
        clearTimeout(timer);
        clearInterval(watch);
        worker.off('message', onMessage);
        worker.off('exit', onExit);
      };
      const onMessage = (answer: ExtractionAnswer) => {
        if (answer.id !== job.id) return;
        done();
        if (answer.ok) resolve(answer.text);
        else reject(failure(answer.reason, job.kind, answer.detail));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        done();
        if (child === worker) stopChild(worker);
        // Killed by us for a limit, or died on its own: V8 aborts when the heap
        // limit is reached; any other death is a parser that crashed.
        const outOfMemory = signal === 'SIGABRT' || code === 134;
        const { reason, detail } = verdict ?? {
          reason: outOfMemory ? 'too_complex' : 'unreadable',
          detail: `child exited (${code ?? signal})`,
        };
        reject(failure(reason, job.kind, detail));
      };
      worker.on('message', onMessage);
      worker.on('exit', onExit);
      worker.send(job, (error) => {
        if (error) kill('unreadable', `could not send: ${error.message}`);
      });
    }).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    current = undefined;
    if ('value' in text) pending.resolve(text.value);
    else pending.reject(text.error);
  }

  async function drain() {
    while (!current && queue.length > 0) await run(queue.shift()!);
    if (!current) settleIdle();
  }

  return {
    read(bytes, kind) {
      if (queue.length >= limits.maxQueued)
        return Promise.reject(
          new AppError('unavailable', 503, BUSY_MESSAGE, { retryAfter: 30, logMessage: 'letter queue full' }),
        );
      return new Promise<string>((resolve, reject) => {
        queue.push({ job: { id: nextId++, kind, bytes }, resolve, reject });
        void drain();
      });
    },
    async close() {
      clearTimeout(idleTimer);
      const target = child;
      stopChild(target);
      if (target && target.exitCode === null && target.signalCode === null)
        await new Promise((resolve) => target.once('exit', resolve));
    },
    pid: () => child?.pid,
  };
}

let shared: ExtractionSandbox | undefined;

/** The process's one sandbox: one letter at a time per server process, whatever the number of apps. */
export function sharedExtractionSandbox(): ExtractionSandbox {
  shared ??= createExtractionSandbox();
  return shared;
}

export async function stopSharedExtractionSandbox(): Promise<void> {
  await shared?.close();
}
