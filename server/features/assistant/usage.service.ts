import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { and, count, eq, gte } from 'drizzle-orm';
import { FREE_DAILY_QUESTIONS, type Plan } from '../../../common/constants';
import type { Database } from '../../db/client';
import { usageEvents } from '../../db/schema/index';

/** Used until the browser has told us the person's time zone. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';

/** The instant the person's current day began, at midnight where they live. */
export function startOfLocalDay(now: Date, timeZone: string | null | undefined): Date {
  return new Date(startOfDay(new TZDate(now, timeZone ?? DEFAULT_TIME_ZONE)).getTime());
}

/**
 * Questions left today from the usage ledger: null means no limit. Unknown
 * plans count as FREE (SPEC.md §6).
 */
export async function questionsLeftToday(
  db: Database,
  user: { id: string; plan: Plan | string; timeZone: string | null },
  now: Date = new Date(),
): Promise<number | null> {
  if (user.plan === 'UNLIMITED') return null;
  const since = startOfLocalDay(now, user.timeZone);
  const [row] = await db
    .select({ used: count() })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, user.id), gte(usageEvents.createdAt, since)));
  return Math.max(0, FREE_DAILY_QUESTIONS - (row?.used ?? 0));
}
