import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The real server process for the tests that need one (server/index.test.ts,
// server/quality/scale-out.test.ts), started as `npm run serve` starts it:
// one node process. (The tsx command would run the server in a second process
// of its own, which outlives a killed tsx and keeps its port and folder.)

const rootDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  /** Its exit code, once it has exited. */
  exited: Promise<number | null>;
}

/** Starts `node --import tsx server/index.ts` with `env` over a clean environment (PORT 0 unless given). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: rootDir,
    // Nothing from the developer's shell leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits for the server's "listening" line and returns its port; fails if it exits or takes over `ms`. */
export async function listeningPort({ child, output }: ServerProcess, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const match = /"port":(\d+)[^\n]*listening/.exec(output());
    if (match) return Number(match[1]);
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not listen within ${ms / 1000} s: ${output()}`);
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
