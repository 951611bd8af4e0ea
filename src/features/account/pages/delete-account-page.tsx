import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { DELETION_PHRASE, MESSAGES } from '@common/account';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { clearSessionCache, useSession } from '@/lib/auth-client';
import { useDeleteAccount } from '../api/delete-account';

/** Farewell screen time before going home (SPEC.md §9). */
const FAREWELL_MS = 5000;

export function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: session, isPending } = useSession();
  const deletion = useDeleteAccount();
  const [reason, setReason] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      void navigate('/', { replace: true });
      clearSessionCache(queryClient);
    }, FAREWELL_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, queryClient]);

  if (done) {
    return (
      <section
        role="status"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center"
      >
        <h1 className="text-2xl font-bold">{t('deleteAccount.doneTitle')}</h1>
        <p className="text-slate-700">{t('deleteAccount.doneText')}</p>
        <Button
          onClick={() => {
            void navigate('/', { replace: true });
            clearSessionCache(queryClient);
          }}
        >
          {t('deleteAccount.goHome')}
        </Button>
      </section>
    );
  }

  if (isPending) return <PageSpinner label={t('guard.checking')} />;

  if (!session) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('deleteAccount.signedOutTitle')}</h1>
        <p className="text-slate-700">{t('deleteAccount.signedOutText')}</p>
        <Button asChild>
          <Link to="/auth" state={{ from: '/delete-account', directLogin: true }}>
            {t('deleteAccount.signIn')}
          </Link>
        </Button>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirmation !== DELETION_PHRASE) {
      setError(MESSAGES.deletionPhrase);
      return;
    }
    setError(undefined);
    try {
      await deletion.mutateAsync({ confirmation, reason: reason.trim() || undefined });
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        toast.error(t('deleteAccount.sessionExpired'));
        clearSessionCache(queryClient);
        void navigate('/auth', { state: { from: '/delete-account', directLogin: true } });
        return;
      }
      // When the subscription could not be ended the server says so; the account is untouched.
      toast.error(t('deleteAccount.failed'), {
        description:
          failure instanceof ApiError && failure.code === 'provider_error' ? failure.message : undefined,
      });
    }
  };

  return (
    <div>
      <div className="bg-red-700 px-4 py-10 text-center text-white">
        <h1 className="text-3xl font-bold">{t('deleteAccount.title')}</h1>
        <p className="mt-2 text-lg">{t('deleteAccount.subtitle')}</p>
      </div>
      <form onSubmit={submit} className="mx-auto flex max-w-xl flex-col gap-5 px-4 py-8" noValidate>
        <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <AlertTriangle className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
          <div>
            <h2 className="font-semibold">{t('deleteAccount.warningTitle')}</h2>
            <p>{t('deleteAccount.warningText')}</p>
          </div>
        </div>
        <Field id="delete-reason" label={t('deleteAccount.reason')}>
          <Textarea
            id="delete-reason"
            maxLength={2000}
            placeholder={t('deleteAccount.reasonPlaceholder')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <Field id="delete-confirmation" label={t('deleteAccount.confirmLabel')} error={error}>
          <Input
            id="delete-confirmation"
            autoComplete="off"
            autoCapitalize="characters"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'delete-confirmation-error' : undefined}
          />
        </Field>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to="/settings">{t('deleteAccount.cancel')}</Link>
          </Button>
          <Button type="submit" variant="danger" disabled={deletion.isPending}>
            {deletion.isPending ? t('deleteAccount.submitting') : t('deleteAccount.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
