import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { helpedTally, usageEvents } from '../../db/schema/index';

/** How long a count is reused before asking the database again. */
export const HELPED_CACHE_MS = 30_000;

/**
 * DESIGN.md improvement 7: the counter is HELPED_BASELINE plus the people who
 * really got an answer (accounts and guest cookies, each counted once), also
 * after their usage rows are deleted (helped_tally).
 */
export function statsRoutes({ db, baseline, clock }: { db: Database; baseline: number; clock: () => Date }) {
  let cached: { count: number; at: number } | undefined;
  return new Hono().get('/helped', async (c) => {
    const now = clock().getTime();
    if (!cached || now - cached.at > HELPED_CACHE_MS) {
      // Those still in the ledger, plus those whose rows retention or an account deletion removed.
      const inLedger = sql`count(distinct ${usageEvents.userId}) + count(distinct ${usageEvents.guestId})`;
      const retired = sql`coalesce((select ${helpedTally.retired} from ${helpedTally}), 0)`;
      const [row] = await db
        .select({ people: sql<number>`(${inLedger} + ${retired})::int` })
        .from(usageEvents)
        .where(sql`${usageEvents.answered}`);
      cached = { count: baseline + (row?.people ?? 0), at: now };
    }
    c.header('Cache-Control', 'public, max-age=30');
    return c.json({ count: cached.count });
  });
}
