import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CreditCard, Lock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import {
  CARD_INPUT_MAX_LENGTH,
  EXPIRY_INPUT_MAX_LENGTH,
  expiryToApi,
  formatCardNumber,
  formatExpiry,
  SUBSCRIBE_REDIRECT_DELAY_MS,
  SUBSCRIPTION_ERROR_TEXT,
  subscriptionFormSchema,
  type SubscriptionForm,
} from '@common/billing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { getSessionQueryOptions } from '@/lib/auth-client';
import { clearGuestSignup, storeGuestSignup } from '@/lib/guest-signup';
import { useOffer, useSubscribe } from '../api/billing-api';
import { subscriptionError, type SubscriptionErrorView } from '../lib/subscription-error';

// With Stripe the card is typed on Stripe's own page, so the form asks only for the account.
const accountOnlySchema = subscriptionFormSchema.omit({ cardNumber: true, expirationDate: true, cvv: true });

const EMPTY: SubscriptionForm = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  cardNumber: '',
  expirationDate: '',
  cvv: '',
};

export interface SubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The $1 trial sign-up of SPEC.md §2/§4: idle → processing → success (toast,
 * signed in, away after 3 s) or error (a panel with retry; nothing typed is lost).
 */
export function SubscriptionDialog({ open, onOpenChange }: SubscriptionDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offer = useOffer();
  const subscribe = useSubscribe();
  const [failure, setFailure] = useState<SubscriptionErrorView | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);
  const takesCard = offer.data?.collectsCardInDialog ?? true;

  const resolver = useMemo(
    () =>
      zodResolver(takesCard ? subscriptionFormSchema : (accountOnlySchema as typeof subscriptionFormSchema)),
    [takesCard],
  );
  const form = useForm<SubscriptionForm>({ resolver, defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const submit = async (values: SubscriptionForm) => {
    setFailure(null);
    try {
      const result = await subscribe.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        ...(takesCard
          ? {
              cardNumber: values.cardNumber.replace(/\s/g, ''),
              expirationDate: expiryToApi(values.expirationDate),
              cvv: values.cvv,
            }
          : {}),
      });
      clearGuestSignup();
      // The answer set the session cookie: let every page see the new session.
      queryClient.removeQueries({ queryKey: ['me'] });
      await queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
      const leavesForPayment = /^https?:\/\//.test(result.redirectTo);
      toast.success(leavesForPayment ? t('billing.toPayment') : SUBSCRIPTION_ERROR_TEXT.success);
      form.reset(EMPTY);
      onOpenChange(false);
      redirectTimer.current = window.setTimeout(() => {
        if (leavesForPayment) window.location.assign(result.redirectTo);
        else void navigate(result.redirectTo.startsWith('/') ? result.redirectTo : '/chat');
      }, SUBSCRIBE_REDIRECT_DELAY_MS);
    } catch (error) {
      const view = subscriptionError(error);
      // Let /login finish the registration later; an existing account signs in instead.
      if (view.kind === 'existingAccount') clearGuestSignup();
      else storeGuestSignup({ email: values.email, firstName: values.firstName, lastName: values.lastName });
      setFailure(view);
    }
  };

  const field = (name: keyof SubscriptionForm) => ({
    id: `subscribe-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `subscribe-${name}-error` : undefined,
  });

  const processing = subscribe.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-payment would hide its outcome; closing after an error starts fresh next time.
        if (processing) return;
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg" aria-describedby="subscribe-description">
        <DialogTitle>{t('billing.dialogTitle')}</DialogTitle>
        <DialogDescription id="subscribe-description">{t('billing.dialogText')}</DialogDescription>

        {offer.isPending ? (
          <PageSpinner size="block" label={t('common.loading')} />
        ) : offer.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg bg-red-50 p-4 text-red-800">
            <p>{SUBSCRIPTION_ERROR_TEXT.functionError}</p>
            <Button variant="outline" onClick={() => void offer.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : failure ? (
          <div role="alert" className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4">
            <p className="flex items-center gap-2 font-semibold text-red-900">
              <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
              {t('billing.errorTitle')}
            </p>
            <p className="text-red-900">{failure.message}</p>
            <p className="text-sm text-slate-700">{t('billing.supportHint')}</p>
            <div className="flex flex-col gap-2 sm:flex-row">
              {failure.kind === 'existingAccount' ? (
                <Button
                  onClick={() => {
                    onOpenChange(false);
                    void navigate('/login', { state: { directLogin: true } });
                  }}
                >
                  {t('billing.goToLogin')}
                </Button>
              ) : null}
              <Button
                variant={failure.kind === 'existingAccount' ? 'outline' : 'primary'}
                onClick={() => setFailure(null)}
              >
                {t('billing.retry')}
              </Button>
            </div>
          </div>
        ) : (
          <form
            onSubmit={(event) => void form.handleSubmit(submit)(event)}
            noValidate
            className="grid gap-4"
            aria-busy={processing}
          >
            {offer.data.provider === 'sandbox' ? (
              <p
                role="note"
                className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <strong>{t('billing.testModeTitle')}</strong>{' '}
                {t('billing.testModeText', { card: offer.data.testCard ?? '' })}
              </p>
            ) : (
              <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
                <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('billing.stripeText')}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                id="subscribe-firstName"
                label={t('billing.firstName')}
                error={errors.firstName?.message}
              >
                <Input autoComplete="given-name" {...field('firstName')} {...form.register('firstName')} />
              </Field>
              <Field id="subscribe-lastName" label={t('billing.lastName')} error={errors.lastName?.message}>
                <Input autoComplete="family-name" {...field('lastName')} {...form.register('lastName')} />
              </Field>
            </div>
            <Field id="subscribe-email" label={t('billing.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="email" {...field('email')} {...form.register('email')} />
            </Field>
            <Field
              id="subscribe-password"
              label={t('billing.password')}
              hint={t('billing.passwordHint')}
              error={errors.password?.message}
            >
              <Input
                type="password"
                autoComplete="new-password"
                {...field('password')}
                {...form.register('password')}
              />
            </Field>
            {takesCard ? (
              <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
                <legend className="flex items-center gap-2 px-1 font-medium text-slate-900">
                  <CreditCard className="size-5" aria-hidden="true" />
                  {t('billing.cardLegend')}
                </legend>
                <Field
                  id="subscribe-cardNumber"
                  label={t('billing.cardNumber')}
                  error={errors.cardNumber?.message}
                >
                  <Controller
                    control={form.control}
                    name="cardNumber"
                    render={({ field: { onChange, ...rest } }) => (
                      <Input
                        {...rest}
                        {...field('cardNumber')}
                        inputMode="numeric"
                        autoComplete="cc-number"
                        placeholder="1234 5678 9012 3456"
                        maxLength={CARD_INPUT_MAX_LENGTH}
                        onChange={(event) => onChange(formatCardNumber(event.target.value))}
                      />
                    )}
                  />
                </Field>
                <div className="grid grid-cols-2 gap-4">
                  <Field
                    id="subscribe-expirationDate"
                    label={t('billing.expiry')}
                    error={errors.expirationDate?.message}
                  >
                    <Controller
                      control={form.control}
                      name="expirationDate"
                      render={({ field: { onChange, value, ...rest } }) => (
                        <Input
                          {...rest}
                          {...field('expirationDate')}
                          value={value}
                          inputMode="numeric"
                          autoComplete="cc-exp"
                          placeholder="MM/YY"
                          maxLength={EXPIRY_INPUT_MAX_LENGTH}
                          onChange={(event) => onChange(formatExpiry(event.target.value, value))}
                        />
                      )}
                    />
                  </Field>
                  <Field id="subscribe-cvv" label={t('billing.cvv')} error={errors.cvv?.message}>
                    <Input
                      inputMode="numeric"
                      autoComplete="cc-csc"
                      maxLength={4}
                      {...field('cvv')}
                      {...form.register('cvv', {
                        onChange: (event: { target: HTMLInputElement }) =>
                          form.setValue('cvv', event.target.value.replace(/\D/g, '')),
                      })}
                    />
                  </Field>
                </div>
              </fieldset>
            ) : null}
            <p className="text-sm text-slate-700">{t('billing.terms')}</p>
            <Button type="submit" disabled={processing} className="w-full">
              {processing ? (
                <>
                  <span
                    className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                    aria-hidden="true"
                  />
                  {t('billing.processing')}
                </>
              ) : takesCard ? (
                t('billing.submit')
              ) : (
                t('billing.submitStripe')
              )}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default SubscriptionDialog;
