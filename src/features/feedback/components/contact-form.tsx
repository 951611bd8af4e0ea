import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { contactSchema } from '@common/feedback';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { Field, Input, Textarea } from '@/components/ui/input';
import { api, unwrap } from '@/lib/api';

type Values = z.input<typeof contactSchema>;

/** The public contact form: editing → sending → 'Mensaje recibido' (SPEC.md §4). */
export function ContactForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(contactSchema),
    defaultValues: { first_name: '', last_name: '', email: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await unwrap(api.feedback.contact.$post({ json: values }));
      toast.success(t('contact.thanksTitle'), { description: t('contact.thanksText') });
      form.reset();
      setSent(true);
    } catch {
      toast.error(t('contact.errorTitle'), { description: t('contact.errorText') });
    }
  });

  if (sent) {
    return (
      <Card role="status" className="flex flex-col items-center gap-3 text-center">
        <CardTitle>{t('contact.receivedTitle')}</CardTitle>
        <p className="text-slate-700">{t('contact.receivedText')}</p>
        <Button variant="outline" onClick={() => setSent(false)}>
          {t('contact.another')}
        </Button>
      </Card>
    );
  }

  const field = (name: keyof Values) => ({
    id: `contact-${name}`,
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card aria-labelledby="contact-title">
      <CardTitle id="contact-title">{t('contact.title')}</CardTitle>
      <p className="mt-1 text-slate-700">{t('contact.intro')}</p>
      <form onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <Field id="contact-first_name" label={t('contact.firstName')} error={errors.first_name?.message}>
          <Input autoComplete="given-name" {...field('first_name')} />
        </Field>
        <Field id="contact-last_name" label={t('contact.lastName')} error={errors.last_name?.message}>
          <Input autoComplete="family-name" {...field('last_name')} />
        </Field>
        <div className="md:col-span-2">
          <Field id="contact-email" label={t('contact.email')} error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...field('email')} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field id="contact-message" label={t('contact.message')} error={errors.message?.message}>
            <Textarea maxLength={5000} {...field('message')} />
          </Field>
        </div>
        <Button type="submit" disabled={isSubmitting} className="justify-self-start">
          {isSubmitting ? t('contact.sending') : t('contact.send')}
        </Button>
      </form>
    </Card>
  );
}
