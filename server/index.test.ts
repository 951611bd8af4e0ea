import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createThrowawayPostgres, isPostgresReachable } from './db/test-databases';
import { UNREADABLE_MESSAGE } from './features/documents/extract';
import { brokenGif, brokenPng } from './test/hostile-files';
import { freePort, listeningPort, spawnServer, type ServerProcess } from './test/server-process';

// The real entry point, started as `npm run serve` would: no configuration
// but a data folder and a free port.

const children: ChildProcess[] = [];
const dirs: string[] = [];

function start(env: Record<string, string>): ServerProcess {
  const started = spawnServer(env);
  children.push(started.child);
  return started;
}

async function startListening(env: Record<string, string>) {
  const started = start(env);
  return { ...started, port: await listeningPort(started, 20_000) };
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('starts with no configuration, answers /api/health within 20 s and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const startedAt = Date.now();
    // Started with a permissive umask, as some containers have: its files must still be its own.
    const previousUmask = process.umask(0);
    const started = start({ DATA_DIR: dataDir });
    process.umask(previousUmask);
    const { child } = started;
    const port = await listeningPort(started, 20_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(Date.now() - startedAt).toBeLessThan(20_000);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite' } });
    expect(fs.existsSync(path.join(dataDir, 'database.lock'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
    const openToOthers = fs
      .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .filter((name) => (fs.statSync(path.join(dataDir, name)).mode & 0o077) !== 0);
    expect(openToOthers).toEqual([]);

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'database.lock'))).toBe(false);
  });

  it('refuses a second process on the same data folder, with a clear line', async () => {
    const dataDir = tempDir();
    await startListening({ DATA_DIR: dataDir });
    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another process \(pid \d+\)/);
  });

  it('survives broken images that crashed the OCR: 422 for each, then keeps serving', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { child } = await startListening({ DATA_DIR: tempDir(), PORT: String(port), PUBLIC_URL: url });
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ email: 'ana@example.com', password: 'secreto-123', name: 'Ana' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (const [bytes, name] of [
      [brokenPng(), 'rota.png'],
      [brokenGif(), 'rota.gif'],
    ] as const) {
      const body = new FormData();
      body.append('file', new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
      const answer = await fetch(`${url}/api/documents/process`, {
        method: 'POST',
        headers: { Origin: url, Cookie: cookie },
        body,
      });
      expect(answer.status).toBe(422);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
        UNREADABLE_MESSAGE,
      );
    }
    expect(child.exitCode).toBeNull();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('in production, will not start on sandbox payments unless told so, and then warns', async () => {
    const refused = start({ DATA_DIR: tempDir(), NODE_ENV: 'production' });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toMatch(
      /^Invalid configuration: STRIPE_SECRET_KEY is required in production/,
    );
    const trial = await startListening({ DATA_DIR: tempDir(), NODE_ENV: 'production', PAYMENTS: 'sandbox' });
    for (const warning of ['PAYMENTS=sandbox', 'No TWILIO_*', 'No SMTP_URL', 'PUBLIC_URL is not https'])
      expect(trial.output()).toContain(warning);
  });

  it('stops at once on a bad value with one line naming the variable', async () => {
    const { exited, output } = start({ DATA_DIR: tempDir(), DEFAULT_PLAN: 'GOLD' });
    expect(await exited).toBe(1);
    expect(output().trim()).toBe(
      'Invalid configuration: DEFAULT_PLAN must be FREE or UNLIMITED (got "GOLD")',
    );
  });
});

/** The pids of a process's children (Linux ps). */
function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

async function waitFor<T>(what: string, check: () => T | undefined | false, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const postgresReachable = await isPostgresReachable();

describe.skipIf(!postgresReachable)('server process with WORKERS over PostgreSQL', () => {
  it('runs that many workers on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const database = await createThrowawayPostgres();
    try {
      const port = await freePort();
      const { child, output, exited } = start({
        DATA_DIR: tempDir(),
        DATABASE_URL: database.url,
        AUTH_SECRET: 'workers-test-secret-that-is-long-enough',
        PORT: String(port),
        WORKERS: '2',
      });
      const listening = () => output().match(/listening on/g)?.length ?? 0;
      await waitFor('two workers listening', () => listening() >= 2);
      const workers = childPids(child.pid!);
      expect(workers).toHaveLength(2);
      for (let i = 0; i < 4; i++)
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      // A worker that dies is replaced, and the port keeps answering.
      process.kill(workers[0]!, 'SIGKILL');
      await waitFor('a third worker listening', () => listening() >= 3);
      const replaced = childPids(child.pid!);
      expect(replaced).toHaveLength(2);
      expect(replaced).not.toContain(workers[0]);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output()).toContain('all workers stopped');
      for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await database.drop();
    }
  });
});
