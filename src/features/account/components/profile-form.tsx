import { zodResolver } from '@hookform/resolvers/zod';
import { format } from 'date-fns';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { MESSAGES } from '@common/account';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { Me } from '@/lib/profile';
import { useUpdateProfile } from '../api/update-profile';

const formSchema = z.object({
  firstName: z.string().trim().min(1, MESSAGES.profileFirstName),
  lastName: z.string().trim().min(1, MESSAGES.profileLastName),
  email: z.string().trim().pipe(z.email(MESSAGES.profileEmail)),
  phoneNumber: z.string().trim(),
});
type FormValues = z.infer<typeof formSchema>;

export function ProfileForm({ profile }: { profile: Me['profile'] }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [savedAt, setSavedAt] = useState<Date>();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phoneNumber: profile.phoneNumber ?? '',
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await update.mutateAsync({ ...values, phoneNumber: values.phoneNumber || null });
      form.reset({
        firstName: result.profile.firstName,
        lastName: result.profile.lastName,
        email: result.profile.email,
        phoneNumber: result.profile.phoneNumber ?? '',
      });
      setSavedAt(new Date());
      toast.success(t('settings.profileSaved'));
      if ('warning' in result && typeof result.warning === 'string') toast.warning(result.warning);
    } catch (failure) {
      toast.error(t('settings.profileError'), {
        description: failure instanceof ApiError ? failure.message : undefined,
      });
    }
  });

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
