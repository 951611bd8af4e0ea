import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { emailSignUpSchema, MESSAGES, phoneDigits, phoneSchema, toE164 } from '@common/account';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { getSessionQueryOptions, useSession } from '@/lib/auth-client';
import { clearGuestSignup, readGuestSignup } from '@/lib/guest-signup';
import { api, unwrap } from '@/lib/api';
import { onRadioKeyDown, radioTabIndex } from '@/lib/radio-group';
import { cn } from '@/lib/utils';
import { requestPhoneCode, signInWithEmail, signUpWithEmail, verifyPhoneCode } from '../api/auth-api';
import { PhoneVerifyDialog } from '../components/phone-verify-dialog';
import { ForgotPasswordForm, ResetPasswordForm } from '../components/password-reset-forms';

type Mode = 'select' | 'login' | 'register' | 'forgot';
const METHODS = ['phone', 'email'] as const;
type Method = (typeof METHODS)[number];

interface LoginState {
  from?: string;
  directLogin?: boolean;
}

/** The place to return to after signing in: a path inside the app, never another site. */
function returnPath(state: LoginState | null): string {
  const from = state?.from;
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')
    ? from
    : '/chat';
}

export interface LoginPageProps {
  /** The guest demo shown above the form to visitors (composed by the router). */
  renderDemo?: (actions: { openRegister: () => void; openLogin: () => void }) => ReactNode;
}

export function LoginPage({ renderDemo }: LoginPageProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { data: session, isPending } = useSession();
  const state = location.state as LoginState | null;
  const [guest] = useState(readGuestSignup);

  const [mode, setMode] = useState<Mode>(guest ? 'register' : state?.directLogin ? 'login' : 'select');
  const [method, setMethod] = useState<Method>('email');
  const [firstName, setFirstName] = useState(guest?.firstName ?? '');
  const [email, setEmail] = useState(guest?.email ?? '');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [verifyOpen, setVerifyOpen] = useState(false);
  const [pendingName, setPendingName] = useState<string>();
  const [signingIn, setSigningIn] = useState(false);

  const resetToken = searchParams.get('token');
  const resetError = searchParams.get('error');

  useEffect(() => {
    if (guest) toast.info(t('login.guestInfo'));
  }, [guest, t]);
  useEffect(() => {
    if (resetError) toast.error(t('login.resetInvalid'));
  }, [resetError, t]);

  if (isPending) return <PageSpinner label={t('guard.checking')} />;
  // Already signed in (and not finishing a sign-in here): go where they were going.
  if (session && !signingIn) return <Navigate to={returnPath(state)} replace />;

  const finishSignIn = async (message: string) => {
    setSigningIn(true);
    await queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
    queryClient.removeQueries({ queryKey: ['me'] });
    toast.success(message);
    setMode('select');
    void navigate(returnPath(state), { replace: true });
  };

  const sendCode = async (codeMode: 'login' | 'register') => {
    const { alreadyRegistered } = await requestPhoneCode({ phone, mode: codeMode });
    if (alreadyRegistered) toast.info(t('login.phoneTaken'));
    else toast.success(t('login.codeSent'));
    setVerifyOpen(true);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (mode === 'register' && !firstName.trim()) found.firstName = MESSAGES.firstNameRequired;
    if (method === 'phone') {
      const parsed = phoneSchema.safeParse(phone);
      if (!parsed.success) found.phone = parsed.error.issues[0]?.message ?? MESSAGES.phoneRequired;
    } else {
      const parsed = emailSignUpSchema.pick({ email: true, password: true }).safeParse({ email, password });
      for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length) return;

    setBusy(true);
    try {
      if (method === 'phone') {
        if (mode === 'register') setPendingName(firstName.trim());
        try {
          await sendCode(mode === 'register' ? 'register' : 'login');
        } catch (failure) {
          toast.error(failure instanceof ApiError ? failure.message : t('login.codeSendError'));
        }
        return;
      }
      if (mode === 'register') {
        try {
          await signUpWithEmail({ name: firstName.trim(), email: email.trim(), password });
        } catch (failure) {
          if (failure instanceof ApiError && failure.authCode?.startsWith('USER_ALREADY_EXISTS')) {
            toast.error(t('login.emailTaken'));
            setMode('login');
            return;
          }
          throw failure;
        }
        clearGuestSignup();
        await finishSignIn(t('login.created'));
      } else {
        await signInWithEmail({ email: email.trim(), password });
        await finishSignIn(t('login.signedIn'));
      }
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : t('login.authError'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (code: string) => {
    try {
      await verifyPhoneCode({ phoneNumber: toE164(phone), code });
    } catch (failure) {
      throw new Error(failure instanceof ApiError ? failure.message : t('login.verifyError'));
    }
    if (pendingName) {
      // The name typed at registration (SPEC.md §4 "pending registration name").
      await unwrap(api.me.$patch({ json: { firstName: pendingName } })).catch(() => undefined);
    }
    toast.success(t('login.verified'));
    setVerifyOpen(false);
    clearGuestSignup();
    await finishSignIn(pendingName ? t('login.created') : t('login.signedIn'));
  };

  const demo = renderDemo?.({
    openRegister: () => setMode('register'),
    openLogin: () => setMode('login'),
  });

  if (resetToken) {
    return (
      <LoginShell demo={demo}>
        <ResetPasswordForm
          token={resetToken}
          onDone={() => {
            setSearchParams({}, { replace: true });
            setMode('login');
          }}
        />
      </LoginShell>
    );
  }

  if (mode === 'forgot') {
    return (
      <LoginShell demo={demo}>
        <ForgotPasswordForm initialEmail={email} onDone={() => setMode('login')} />
      </LoginShell>
    );
  }

  if (mode === 'select') {
    return (
      <LoginShell demo={demo}>
        <div className="flex flex-col gap-4 text-center">
          <h1 className="text-2xl font-bold">{t('login.selectTitle')}</h1>
          <p className="text-slate-700">{t('login.selectText')}</p>
          <Button onClick={() => setMode('login')}>{t('login.loginTitle')}</Button>
          <Button variant="outline" onClick={() => setMode('register')}>
            {t('login.registerTitle')}
          </Button>
        </div>
      </LoginShell>
    );
  }

  const registering = mode === 'register';
  const fieldProps = (name: string) => ({
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
  });

  return (
    <LoginShell demo={demo}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <h1 className="text-2xl font-bold">
          {registering ? t('login.registerTitle') : t('login.loginTitle')}
        </h1>

        {registering ? (
          <Field id="firstName" label={t('login.firstName')} error={errors.firstName}>
            <Input
              id="firstName"
              autoComplete="given-name"
              placeholder={t('login.firstNamePlaceholder')}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
              {...fieldProps('firstName')}
            />
          </Field>
        ) : null}

        <div
          role="radiogroup"
          aria-label={t('login.methodLabel')}
          className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-1"
        >
          {METHODS.map((option, index) => (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={method === option}
              tabIndex={radioTabIndex(index, METHODS.indexOf(method))}
              onKeyDown={(event) =>
                onRadioKeyDown(event, index, METHODS.length, (next) => {
                  setMethod(METHODS[next]!);
                  setErrors({});
                })
              }
              onClick={() => {
                setMethod(option);
                setErrors({});
              }}
              className={cn(
                'min-h-11 rounded-md text-base font-medium text-slate-700',
                method === option && 'bg-white text-brand-800 shadow-sm',
              )}
            >
              {option === 'phone' ? t('login.usePhone') : t('login.useEmail')}
            </button>
          ))}
        </div>

        {method === 'phone' ? (
          <Field id="phone" label={t('login.phone')} error={errors.phone} hint={t('login.phoneHint')}>
            <div className="flex items-center gap-2">
              <span className="text-base text-slate-700" aria-hidden="true">
                +1
              </span>
              <Input
                id="phone"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={t('login.phonePlaceholder')}
                value={phone}
                onChange={(e) => setPhone(phoneDigits(e.target.value))}
                {...fieldProps('phone')}
              />
            </div>
          </Field>
        ) : (
          <>
            <Field id="email" label={t('login.email')} error={errors.email}>
              <Input
                id="email"
                type="email"
                autoComplete="email"
                placeholder={t('login.emailPlaceholder')}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                {...fieldProps('email')}
              />
            </Field>
            <Field id="password" label={t('login.password')} error={errors.password}>
              <Input
                id="password"
                type="password"
                autoComplete={registering ? 'new-password' : 'current-password'}
                placeholder={t('login.passwordPlaceholder')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...fieldProps('password')}
              />
            </Field>
          </>
        )}

        <Button type="submit" disabled={busy}>
          {busy
            ? t('login.processing')
            : method === 'phone'
              ? t('login.sendCode')
              : registering
                ? t('login.registerTitle')
                : t('login.loginTitle')}
        </Button>
        {!registering && method === 'email' ? (
          <Button type="button" variant="link" className="self-center" onClick={() => setMode('forgot')}>
            {t('login.forgot')}
          </Button>
        ) : null}
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setMode('select');
            setErrors({});
          }}
        >
          {t('login.back')}
        </Button>
      </form>

      <PhoneVerifyDialog
        open={verifyOpen}
        onOpenChange={setVerifyOpen}
        onVerify={verify}
        resending={busy}
        onResend={() => {
          setBusy(true);
          sendCode(registering ? 'register' : 'login')
            .catch((failure: unknown) =>
              toast.error(failure instanceof ApiError ? failure.message : t('login.codeSendError')),
            )
            .finally(() => setBusy(false));
        }}
      />
    </LoginShell>
  );
}

/** Page frame; the guest demo block sits above the form (filled by the assistant feature). */
function LoginShell({ children, demo }: { children: ReactNode; demo?: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-8 md:py-12">
      {demo}
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-6">{children}</div>
    </section>
  );
}
