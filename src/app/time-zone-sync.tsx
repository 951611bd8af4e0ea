import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '@/lib/api';
import { useSession } from '@/lib/auth-client';
import { browserTimeZone, getMeQueryOptions, useMe } from '@/lib/profile';

/**
 * Tells the server the person's time zone once per visit when it changed, so
 * the FREE plan's day starts at their own midnight. Renders nothing.
 */
export function TimeZoneSync() {
  const { data: session } = useSession();
  const { data: me } = useMe(Boolean(session));
  const queryClient = useQueryClient();
  const sent = useRef(false);

  useEffect(() => {
    if (!me || sent.current) return;
    // Reading the zone builds the page's first Intl.DateTimeFormat, a slow
    // call on a phone: it waits until the browser has nothing else to do.
    const check = () => {
      const timeZone = browserTimeZone();
      if (!timeZone || sent.current || me.profile.timeZone === timeZone) return;
      sent.current = true;
      unwrap(api.me.$patch({ json: { timeZone } }))
        .then((data) => queryClient.setQueryData(getMeQueryOptions().queryKey, data))
        .catch(() => {
          // Not worth bothering the person: the server keeps its default zone.
        });
    };
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(check, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(check, { timeout: 5000 });
    return () => cancelIdleCallback(idle);
  }, [me, queryClient]);

  return null;
}
