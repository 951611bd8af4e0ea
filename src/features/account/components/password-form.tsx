import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@common/account';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

const formSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword: z
      .string()
      .min(1, MESSAGES.newPasswordRequired)
      .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
    confirmPassword: z.string().min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsDoNotMatch,
  });
type FormValues = z.infer<typeof formSchema>;

export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [changedAt, setChangedAt] = useState<Date>();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      setChangedAt(new Date());
      toast.success(t('settings.passwordSaved'));
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.currentPassword) {
        form.setError('currentPassword', { message: failure.fields.currentPassword });
      }
      toast.error(t('settings.passwordError'), {
        description: failure instanceof ApiError ? failure.message : undefined,
      });
    }
  });

  const field = (name: keyof FormValues) => ({
    id: `password-${name}`,
    type: 'password',
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `password-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card aria-labelledby="change-password-title">
      <CardTitle id="change-password-title">{t('settings.changePassword')}</CardTitle>
      {changedAt ? (
        <p role="status" className="mt-3 rounded-lg bg-brand-50 p-3 text-brand-900">
          {t('settings.passwordChangedOn', { date: format(changedAt, 'dd/MM/yyyy HH:mm') })}
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 grid gap-4" noValidate>
        <Field
          id="password-currentPassword"
          label={t('settings.currentPassword')}
          error={errors.currentPassword?.message}
        >
          <Input autoComplete="current-password" {...field('currentPassword')} />
        </Field>
        <Field
          id="password-newPassword"
          label={t('settings.newPassword')}
          error={errors.newPassword?.message}
        >
          <Input autoComplete="new-password" {...field('newPassword')} />
        </Field>
        <Field
          id="password-confirmPassword"
          label={t('settings.confirmPassword')}
          error={errors.confirmPassword?.message}
        >
          <Input autoComplete="new-password" {...field('confirmPassword')} />
        </Field>
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? t('settings.changingPassword') : t('settings.changePasswordSubmit')}
        </Button>
      </form>
    </Card>
  );
}
