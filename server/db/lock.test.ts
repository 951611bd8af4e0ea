import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const dirs: string[] = [];
const dir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('acquireDataDirLock', () => {
  it('writes our pid and removes the file on release', () => {
    const d = dir();
    const release = acquireDataDirLock(d);
    expect(fs.readFileSync(path.join(d, 'database.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(d, 'database.lock'))).toBe(false);
  });

  it('refuses while a live process holds the folder', () => {
    const d = dir();
    // pid 1 is always alive.
    fs.writeFileSync(path.join(d, 'database.lock'), '1');
    expect(() => acquireDataDirLock(d)).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(d)).toThrowError(/in use by another process \(pid 1\)/);
  });

  it('takes over a lock left by a process that died', () => {
    const d = dir();
    fs.writeFileSync(path.join(d, 'database.lock'), '2147483646');
    const release = acquireDataDirLock(d);
    expect(fs.readFileSync(path.join(d, 'database.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
