import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { usageEvents } from '../../db/schema/index';

/** How long a count is reused before asking the database again. */
export const HELPED_CACHE_MS = 30_000;

/**
 * DESIGN.md improvement 7: the counter is HELPED_BASELINE plus the people who
 * really got an answer (accounts and guest cookies, each counted once).
 */
export function statsRoutes({ db, baseline, clock }: { db: Database; baseline: number; clock: () => Date }) {
  let cached: { count: number; at: number } | undefined;
  return new Hono().get('/helped', async (c) => {
    const now = clock().getTime();
    if (!cached || now - cached.at > HELPED_CACHE_MS) {
      const [row] = await db
        .select({
          people: sql<number>`(count(distinct ${usageEvents.userId}) + count(distinct ${usageEvents.guestId}))::int`,
        })
        .from(usageEvents)
        .where(sql`${usageEvents.answered}`);
      cached = { count: baseline + (row?.people ?? 0), at: now };
    }
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({ count: cached.count });
  });
}
