import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { AppError } from './errors';

export const RATE_LIMITED_MESSAGE = 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';

export interface RateRule {
  /** Counter name, e.g. 'phone-code:phone'. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every instance shares them.
 * One atomic upsert per hit: it opens a new window when the old one is over.
 */
export function createRateLimiter(db: Database, secret: string, now: () => Date = () => new Date()) {
  return {
    /** Counts one hit; throws a Spanish 429 when the window is full. */
    async hit(rule: RateRule, subject: string, message = RATE_LIMITED_MESSAGE): Promise<void> {
      const at = now();
      const resetAt = new Date(at.getTime() + rule.windowMs);
      // Subjects are phone numbers and network addresses. A plain digest of one can be
      // reversed by trying them all; keyed by the server's secret, it cannot.
      const digest = createHmac('sha256', secret).update(subject).digest('hex').slice(0, 32);
      const key = `${rule.name}:${digest}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${at.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (row && row.count > rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((row.resetAt.getTime() - at.getTime()) / 1000));
        throw new AppError('rate_limited', 429, message, {
          logMessage: `rate limit ${rule.name}`,
          retryAfter,
        });
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
