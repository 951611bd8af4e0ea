import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Logger } from './logger';

/**
 * AUTH_SECRET signs sessions and guest cookies. On a development machine it
 * may be absent: we generate one once and keep it in DATA_DIR so sessions
 * survive restarts. With DATABASE_URL set, config validation requires it.
 */
export function resolveAuthSecret(config: Config, logger: Logger): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  logger.warn(
    { file },
    'AUTH_SECRET is not set: generated one and stored it in DATA_DIR. Set AUTH_SECRET in production.',
  );
  return secret;
}
