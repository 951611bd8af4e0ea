import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';
import { ContactForm } from '../components/contact-form';

export function FeedbackPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.feedback.title')}>
      <ContactForm />
    </PageShell>
  );
}
