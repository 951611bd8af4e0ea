import { useEffect, useState } from 'react';
import { api, unwrap } from '@/lib/api';

/** localStorage key of the last count shown (SPEC.md §3). */
export const COUNT_STORAGE_KEY = 'immigrantsCount';

function storedCount(): number | null {
  try {
    const value = Number(localStorage.getItem(COUNT_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** SPEC.md §9 rhythm: a tick every 10–60 s, with a 30% chance of a 3–5 minute pause instead. */
export function nextRefreshMs(random: () => number = Math.random): number {
  if (random() < 0.3) return 180_000 + random() * 120_000;
  return 10_000 + random() * 50_000;
}

/**
 * The real helped-people count (DESIGN.md improvement 7): read from the API on
 * the spec's rhythm instead of invented increments, remembered between visits.
 */
export function useHelpedCount(): number | null {
  const [count, setCount] = useState<number | null>(storedCount);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const refresh = async () => {
      try {
        const { count: latest } = await unwrap(api.stats.helped.$get());
        if (stopped) return;
        setCount(latest);
        try {
          localStorage.setItem(COUNT_STORAGE_KEY, String(latest));
        } catch {
          // Storage blocked: the number still shows.
        }
      } catch {
        // Keep the last known number.
      }
      if (!stopped) timer = setTimeout(() => void refresh(), nextRefreshMs());
    };
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
  return count;
}
