import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema/index';
import { profiles } from '../../db/schema/index';

/** The Vite dev server's origin, trusted in development so its requests pass better-auth's Origin check. */
export const DEV_CLIENT_ORIGIN = 'http://localhost:5173';

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
}

/**
 * better-auth, mounted under /api/auth. Sessions are httpOnly cookies kept in
 * the database, so any instance can read them.
 */
export function createAuth({ db, config, secret }: AuthDeps) {
  const trustedOrigins = [config.publicUrl];
  if (!config.isProduction) trustedOrigins.push(DEV_CLIENT_ORIGIN);
  return betterAuth({
    appName: 'Ayuda Inmigración',
    secret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, autoSignIn: true },
    rateLimit: { enabled: config.isProduction },
    advanced: { useSecureCookies: config.publicUrl.startsWith('https://') },
    databaseHooks: {
      user: {
        create: {
          // Every account has a profile from its first moment (SPEC.md §3).
          after: async (created) => {
            await db
              .insert(profiles)
              .values({ id: created.id, email: created.email, plan: config.DEFAULT_PLAN })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
