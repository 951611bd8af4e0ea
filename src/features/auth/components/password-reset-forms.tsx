import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@common/account';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { requestPasswordReset, resetPassword } from '../api/auth-api';

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(MESSAGES.emailRequired);
      return;
    }
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      // Same answer whether or not the address has an account.
      toast.success(t('login.forgotSent'));
      onDone();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : t('login.authError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <h1 className="text-2xl font-bold">{t('login.forgotTitle')}</h1>
      <p className="text-slate-700">{t('login.forgotText')}</p>
      <Field id="forgot-email" label={t('login.email')} error={error}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t('login.processing') : t('login.forgotSubmit')}
      </Button>
      <Button type="button" variant="outline" onClick={onDone}>
        {t('login.back')}
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH) return setError(MESSAGES.passwordTooShort);
    if (password !== confirm) return setError(MESSAGES.passwordsDoNotMatch);
    setError(undefined);
    setBusy(true);
    try {
      await resetPassword({ token, newPassword: password });
      toast.success(t('login.resetDone'));
      onDone();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : t('login.resetInvalid'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <h1 className="text-2xl font-bold">{t('login.resetTitle')}</h1>
      <Field id="reset-password" label={t('login.newPassword')}>
        <Input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Field id="reset-confirm" label={t('login.confirmPassword')} error={error}>
        <Input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          aria-invalid={Boolean(error)}
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? t('login.processing') : t('login.resetSubmit')}
      </Button>
    </form>
  );
}
