import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/auth-client';
import { readGuestSignup } from '@/lib/guest-signup';
import { PageSpinner } from '@/components/ui/spinner';

/**
 * The protected-route guard of SPEC.md §2. It only decides what to show; the
 * API refuses the same requests on its own, from the session cookie.
 */
export function RequireAuth({
  children,
  preload,
}: {
  children: ReactNode;
  /** Fetches the page's code while the session is being checked, not after. */
  preload?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: session, isPending, isError } = useSession();
  const warned = useRef(false);

  useEffect(() => {
    // A failed fetch is retried (and reported) when the page itself renders.
    preload?.().catch(() => undefined);
  }, [preload]);

  const signedOut = !isPending && !session;
  useEffect(() => {
    if (!signedOut || warned.current) return;
    warned.current = true;
    if (isError) toast.error(t('auth.sessionCheckError'));
    if (readGuestSignup()) toast.info(t('guard.completeRegistration'));
  }, [signedOut, isError, t]);

  if (isPending) return <PageSpinner label={t('guard.checking')} />;
  if (!session) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
