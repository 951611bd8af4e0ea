import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { PageSpinner } from '@/components/ui/spinner';
import { useMe } from '@/lib/profile';
import { MembershipCard } from '@/features/billing/components/membership-card';
import { PasswordForm } from '../components/password-form';
import { ProfileForm } from '../components/profile-form';

export function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: me, isPending, isError, refetch } = useMe();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();

  // Back from the payment page without paying (Stripe's cancel link).
  useEffect(() => {
    if (searchParams.get('pago') !== 'pendiente') return;
    toast.info(t('billing.paymentPending'));
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, t]);

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 md:py-12">
      <h1 className="text-2xl font-bold md:text-3xl">{t('pages.settings.title')}</h1>
      {isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : isError || !me ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5"
        >
          <p className="text-red-800">{t('settings.profileError')}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <ProfileForm profile={me.profile} />
          <MembershipCard />
          <PasswordForm />
          <Card aria-labelledby="your-data-title">
            <CardTitle id="your-data-title">{t('settings.yourData')}</CardTitle>
            <p className="mt-2 text-slate-700">{t('settings.yourDataText')}</p>
            <Button asChild variant="outline" className="mt-4">
              <a href="/api/me/export" download>
                {t('settings.downloadData')}
              </a>
            </Button>
          </Card>
          <Card aria-labelledby="danger-zone-title" className="border-red-200">
            <CardTitle id="danger-zone-title" className="text-red-800">
              {t('settings.dangerZone')}
            </CardTitle>
            <p className="mt-2 text-slate-700">{t('settings.dangerText')}</p>
            <Button variant="danger" className="mt-4" onClick={() => setConfirmOpen(true)}>
              {t('settings.deleteAccount')}
            </Button>
          </Card>
        </>
      )}

      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent role="alertdialog">
          <DialogTitle>{t('settings.confirmTitle')}</DialogTitle>
          <DialogDescription>{t('settings.confirmText')}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('settings.cancel')}</Button>
            </DialogClose>
            <Button variant="danger" onClick={() => void navigate('/delete-account')}>
              {t('settings.confirmDelete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
