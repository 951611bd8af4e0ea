import { Hono } from 'hono';
import type { DatabaseDriver } from '../../db/client';
import type { ProviderChoice } from '../../providers/index';

export interface HealthDeps {
  driver: DatabaseDriver;
  ping(): Promise<void>;
  providers: ProviderChoice;
}

/** Liveness and what is configured: names only, never a key or a URL. */
export function healthRoutes({ driver, ping, providers }: HealthDeps) {
  return new Hono().get('/', async (c) => {
    let database: 'ok' | 'unavailable' = 'ok';
    try {
      await ping();
    } catch {
      database = 'unavailable';
    }
    const body = {
      status: database === 'ok' ? 'ok' : 'degraded',
      database: { driver, status: database },
      providers,
    };
    return c.json(body, database === 'ok' ? 200 : 503);
  });
}
