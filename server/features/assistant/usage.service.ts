import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { and, count, eq, gte } from 'drizzle-orm';
import { FREE_DAILY_QUESTIONS, type Plan } from '../../../common/constants';
import type { Database } from '../../db/client';
import { usageEvents } from '../../db/schema/index';

/** Used until the browser has told us the person's time zone. */
export const DEFAULT_TIME_ZONE = 'America/Chicago';
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the FREE day depends on: where the person lives, and when that last changed. */
export interface DayOwner {
  timeZone: string | null;
  timeZoneChangedAt: Date | null;
}

/** The instant the person's current day began, at midnight where they live. */
export function startOfLocalDay(now: Date, timeZone: string | null | undefined): Date {
  return new Date(startOfDay(new TZDate(now, timeZone ?? DEFAULT_TIME_ZONE)).getTime());
}

/**
 * From when the FREE plan's questions are counted: local midnight (SPEC.md §6),
 * except for the 24 hours after a change of time zone, when it is the last 24
 * hours. Switching to a zone whose midnight just passed would otherwise leave
 * the day's earlier questions uncounted.
 */
export function countingSince(now: Date, owner: DayOwner): Date {
  const changedAt = owner.timeZoneChangedAt?.getTime();
  if (changedAt !== undefined && now.getTime() - changedAt < DAY_MS) return new Date(now.getTime() - DAY_MS);
  return startOfLocalDay(now, owner.timeZone);
}

/** Whether changing the zone now could move questions out of the day: only if some were asked in the last 24 h. */
export async function askedInLastDay(db: Database, userId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: usageEvents.id })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), gte(usageEvents.createdAt, new Date(now.getTime() - DAY_MS))))
    .limit(1);
  return Boolean(row);
}

/**
 * Questions left today from the usage ledger: null means no limit. Unknown
 * plans count as FREE (SPEC.md §6).
 */
export async function questionsLeftToday(
  db: Database,
  user: { id: string; plan: Plan | string } & DayOwner,
  now: Date = new Date(),
): Promise<number | null> {
  if (user.plan === 'UNLIMITED') return null;
  const [row] = await db
    .select({ used: count() })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, user.id), gte(usageEvents.createdAt, countingSince(now, user))));
  return Math.max(0, FREE_DAILY_QUESTIONS - (row?.used ?? 0));
}
