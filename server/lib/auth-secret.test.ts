import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveAuthSecret } from './auth-secret';
import { createLogger } from './logger';

const logger = createLogger({ NODE_ENV: 'test' });
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set', () => {
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret(loadConfig({ AUTH_SECRET: secret, DATA_DIR: '/nonexistent' }), logger)).toBe(
      secret,
    );
  });

  it('generates one secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-'));
    dirs.push(dir);
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveAuthSecret(config, logger);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveAuthSecret(config, logger)).toBe(first);
    expect(fs.statSync(path.join(dir, 'auth-secret')).mode & 0o077).toBe(0);
  });
});
