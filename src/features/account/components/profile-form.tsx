import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES, OTP_LENGTH } from '@common/account';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { Me } from '@/lib/profile';
import { useSendEmailCode, useUpdateProfile } from '../api/update-profile';

/** A new e-mail needs the current password, or (accounts made by phone) a code sent by SMS. */
function formSchemaFor(profile: Me['profile'], byPhone: boolean) {
  return z
    .object({
      firstName: z.string().trim().min(1, MESSAGES.profileFirstName),
      lastName: z.string().trim().min(1, MESSAGES.profileLastName),
      email: z.string().trim().pipe(z.email(MESSAGES.profileEmail)),
      phoneNumber: z.string().trim(),
      currentPassword: z.string(),
      emailCode: z.string().trim(),
    })
    .superRefine((values, ctx) => {
      if (values.email.toLowerCase() === profile.email.toLowerCase()) return;
      if (byPhone && !values.emailCode)
        ctx.addIssue({ code: 'custom', path: ['emailCode'], message: MESSAGES.emailChangeCode });
      if (!byPhone && !values.currentPassword)
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: MESSAGES.emailChangePassword });
    });
}
type FormValues = z.infer<ReturnType<typeof formSchemaFor>>;

export function ProfileForm({ profile }: { profile: Me['profile'] }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const sendCode = useSendEmailCode();
  const [savedAt, setSavedAt] = useState<Date>();
  // An account made by phone has no e-mail yet, nor a password the person knows.
  const byPhone = profile.email === '' && Boolean(profile.phoneNumber);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchemaFor(profile, byPhone)),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phoneNumber: profile.phoneNumber ?? '',
      currentPassword: '',
      emailCode: '',
    },
  });
  const { errors, isDirty } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanging = email.trim().toLowerCase() !== profile.email.toLowerCase();

  const onSubmit = form.handleSubmit(async ({ currentPassword, emailCode, ...values }) => {
    const proof = emailChanging ? (byPhone ? { emailCode } : { currentPassword }) : {};
    try {
      const result = await update.mutateAsync({
        ...values,
        ...(emailChanging ? {} : { email: undefined }),
        ...proof,
        phoneNumber: values.phoneNumber || null,
      });
      form.reset({
        firstName: result.profile.firstName,
        lastName: result.profile.lastName,
        email: result.profile.email,
        phoneNumber: result.profile.phoneNumber ?? '',
        currentPassword: '',
        emailCode: '',
      });
      setSavedAt(new Date());
      toast.success(t('settings.profileSaved'));
      if ('warning' in result && typeof result.warning === 'string') toast.warning(result.warning);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      for (const name of ['currentPassword', 'emailCode'] as const)
        if (fields?.[name]) form.setError(name, { message: fields[name] });
      toast.error(t('settings.profileError'), {
        description: failure instanceof ApiError ? failure.message : undefined,
      });
    }
  });

  const onSendCode = async () => {
    try {
      await sendCode.mutateAsync();
      toast.success(t('settings.emailCodeSent'));
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : t('settings.profileError'));
    }
  };

  const field = (name: keyof FormValues) => ({
    id: `profile-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card aria-labelledby="personal-info-title">
      <CardTitle id="personal-info-title">{t('settings.personalInfo')}</CardTitle>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <Field id="profile-firstName" label={t('settings.firstName')} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </Field>
        <Field id="profile-lastName" label={t('settings.lastName')} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </Field>
        <Field id="profile-email" label={t('settings.email')} error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </Field>
        <Field id="profile-phoneNumber" label={t('settings.phone')} error={errors.phoneNumber?.message}>
          <Input type="tel" inputMode="tel" autoComplete="tel" {...field('phoneNumber')} />
        </Field>
        {emailChanging && !byPhone ? (
          <Field
            id="profile-currentPassword"
            label={t('settings.emailChangePassword')}
            hint={t('settings.emailChangeHint')}
            error={errors.currentPassword?.message}
          >
            <Input type="password" autoComplete="current-password" {...field('currentPassword')} />
          </Field>
        ) : null}
        {emailChanging && byPhone ? (
          <Field
            id="profile-emailCode"
            label={t('settings.emailCode')}
            hint={t('settings.emailCodeHint')}
            error={errors.emailCode?.message}
          >
            <div className="flex gap-2">
              <Input
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={OTP_LENGTH}
                className="w-36"
                {...field('emailCode')}
              />
              <Button type="button" variant="outline" onClick={onSendCode} disabled={sendCode.isPending}>
                {sendCode.isPending ? t('settings.sendingCode') : t('settings.sendCode')}
              </Button>
            </div>
          </Field>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <Button type="submit" disabled={!isDirty || update.isPending}>
            {update.isPending ? t('settings.saving') : t('settings.save')}
          </Button>
          {savedAt && !isDirty ? (
            <span role="status" className="text-sm text-brand-800">
              {t('settings.updatedAt', { time: format(savedAt, 'HH:mm') })}
            </span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
