import { loadConfig, type Config } from '../config';
import { createApp } from '../app';
import { createTestDatabase } from '../db/test-databases';
import type { DatabaseHandle } from '../db/client';
import { createAuth } from '../features/auth/auth';
import { createLogger } from '../lib/logger';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-better-auth';

/** A config as the server would build it, from overrides of the environment. */
export function createTestConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', AUTH_SECRET: TEST_SECRET, ...env });
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app over a fresh migrated in-memory database. */
export async function createTestApp(
  options: { env?: Record<string, string>; clientDir?: string } = {},
): Promise<TestApp> {
  const config = createTestConfig(options.env);
  const database = await createTestDatabase();
  const logger = createLogger(config);
  const auth = createAuth({ db: database.db, config, secret: TEST_SECRET });
  const app = createApp({ config, database, logger, auth, clientDir: options.clientDir });
  return { app, config, database, close: () => database.close() };
}
