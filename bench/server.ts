// The real server (`node --import tsx server/index.ts`) started as its own
// process for the benches, so it has a core of its own and the load driver
// does not share its event loop.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/test/server-process';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** CPU time the server process and its workers have used so far, in ms (Linux /proc; NaN elsewhere). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** User + system CPU time of a process from /proc/<pid>/stat, in ms (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time of a process and of its children (the workers, with WORKERS above 1). */
function treeCpuMs(pid: number | undefined): number {
  let children: number[] = [];
  try {
    const listing = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
    children = listing
      .split('\n')
      .map(Number)
      .filter((n) => n > 0);
  } catch {
    // No children: ps exits with 1.
  }
  return [pid, ...children].reduce<number>((sum, each) => sum + processCpuMs(each), 0);
}

/**
 * Starts the server with `env` (over a clean environment) on a free port and
 * waits until /api/health answers. Its JSON request logs go to /dev/null, as
 * they would go to a log collector: written, not read.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: extra flags for the server's node, e.g. --cpu-prof to profile it under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/index.ts'], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      NODE_ENV: 'production',
      // No Stripe here: the sandbox, asked for by name as production requires.
      PAYMENTS: 'sandbox',
      PUBLIC_URL: url,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 12_000).unref();
    });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start: ${errors.trim()}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { url, port, child, stop, cpuMs: () => treeCpuMs(child.pid) };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the server did not answer /api/health within 60 s: ${errors.trim()}`);
}
