import { format } from 'date-fns';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import type { MembershipView } from '@common/billing';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useCancelSubscription, useMembership, useResumePayment } from '../api/billing-api';

const day = (iso: string | null) => (iso ? format(new Date(iso), 'dd/MM/yyyy') : '');

function statusLine(t: TFunction, s: NonNullable<MembershipView['subscription']>) {
  if (s.cancelAtPeriodEnd && s.status !== 'canceled')
    return t('billing.cancelsOn', { date: day(s.currentPeriodEnd) });
  switch (s.status) {
    case 'trialing':
      return t('billing.statusTrialing', { date: day(s.trialEndsAt ?? s.currentPeriodEnd) });
    case 'active':
      return t('billing.statusActive', { date: day(s.currentPeriodEnd) });
    case 'past_due':
      return t('billing.statusPastDue', { date: day(s.currentPeriodEnd) });
    case 'incomplete':
      return t('billing.statusIncomplete');
    default:
      return t('billing.statusCanceled');
  }
}

/** Settings' 'Tu membresía': plan, trial end or next charge, card, cancellation. */
export function MembershipCard() {
  const { t } = useTranslation();
  const membership = useMembership();
  const cancel = useCancelSubscription();
  const resume = useResumePayment();
  const [confirmOpen, setConfirmOpen] = useState(false);

  const body = () => {
    if (membership.isPending) {
      return (
        <div className="mt-3 grid gap-2" aria-hidden="true">
          <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        </div>
      );
    }
    if (membership.isError) {
      return (
        <div role="alert" className="mt-3 flex flex-col items-start gap-3 text-red-800">
          <p>{t('billing.loadError')}</p>
          <Button variant="outline" onClick={() => void membership.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
    }
    const { plan, provider, subscription } = membership.data;
    const cancellable =
      subscription !== null &&
      !subscription.cancelAtPeriodEnd &&
      ['trialing', 'active', 'past_due'].includes(subscription.status);
    return (
      <div className="mt-3 flex flex-col gap-2 text-slate-800">
        <p className="font-semibold">{t('billing.plan', { plan })}</p>
        {subscription ? (
          <>
            <p>{statusLine(t, subscription)}</p>
            {subscription.cardLast4 ? (
              <p>
                {t('billing.card', {
                  brand: subscription.cardBrand ?? '',
                  last4: subscription.cardLast4,
                })}
              </p>
            ) : null}
          </>
        ) : (
          <p>{t('billing.noSubscription', { plan })}</p>
        )}
        {provider === 'sandbox' && subscription ? (
          <p className="text-sm text-slate-600">{t('billing.testMode')}</p>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-2">
          {cancellable ? (
            <Button variant="outline" onClick={() => setConfirmOpen(true)}>
              {t('billing.cancel')}
            </Button>
          ) : null}
          {subscription?.status === 'incomplete' ? (
            <Button
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
                  onError: (error) =>
                    toast.error(error instanceof ApiError ? error.message : t('billing.loadError')),
                })
              }
            >
              {t('billing.completePayment')}
            </Button>
          ) : null}
          {!subscription || subscription.status === 'canceled' ? (
            <Button asChild variant="outline">
              <Link to="/landing">{t('billing.startTrial')}</Link>
            </Button>
          ) : null}
        </div>
      </div>
    );
  };

  const periodEnd = day(membership.data?.subscription?.currentPeriodEnd ?? null);

  return (
    <Card aria-labelledby="membership-title">
      <CardTitle id="membership-title">{t('billing.membershipTitle')}</CardTitle>
      {body()}
      <Dialog
        open={confirmOpen}
        onOpenChange={(next) => (cancel.isPending ? undefined : setConfirmOpen(next))}
      >
        <DialogContent role="alertdialog">
          <DialogTitle>{t('billing.cancelTitle')}</DialogTitle>
          <DialogDescription>{t('billing.cancelText', { date: periodEnd })}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={cancel.isPending}>
                {t('billing.keep')}
              </Button>
            </DialogClose>
            <Button
              variant="danger"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => {
                    setConfirmOpen(false);
                    toast.success(t('billing.cancelled'));
                  },
                  onError: (error) =>
                    toast.error(t('billing.cancelError'), {
                      description: error instanceof ApiError ? error.message : undefined,
                    }),
                })
              }
            >
              {cancel.isPending ? t('billing.cancelling') : t('billing.confirmCancel')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
