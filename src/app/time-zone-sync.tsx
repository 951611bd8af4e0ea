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
    const timeZone = browserTimeZone();
    if (!me || !timeZone || sent.current || me.profile.timeZone === timeZone) return;
    sent.current = true;
    unwrap(api.me.$patch({ json: { timeZone } }))
      .then((data) => queryClient.setQueryData(getMeQueryOptions().queryKey, data))
      .catch(() => {
        // Not worth bothering the person: the server keeps its default zone.
      });
  }, [me, queryClient]);

  return null;
}
