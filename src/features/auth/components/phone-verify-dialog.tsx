import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { verificationCodeSchema, OTP_LENGTH } from '@common/account';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Verifies the code; resolves when signed in, rejects with a Spanish message. */
  onVerify: (code: string) => Promise<void>;
  onResend: () => void;
  resending: boolean;
}

/** SPEC.md §2: the dialog that opens after a code is sent. */
export function PhoneVerifyDialog({ open, onOpenChange, onVerify, onResend, resending }: Props) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = verificationCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onVerify(parsed.data);
      setCode('');
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('login.verifyError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('login.verifyTitle')}</DialogTitle>
        <DialogDescription>{t('login.verifyText')}</DialogDescription>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field id="verification-code" label={t('login.code')} error={error}>
            <Input
              id="verification-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder={t('login.codePlaceholder')}
              maxLength={OTP_LENGTH}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'verification-code-error' : undefined}
              autoFocus
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? t('login.verifying') : t('login.verify')}
          </Button>
          <Button
            type="button"
            variant="link"
            onClick={onResend}
            disabled={resending || busy}
            className="self-center"
          >
            {t('login.resend')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
