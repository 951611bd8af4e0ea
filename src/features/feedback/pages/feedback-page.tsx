import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the feedback feature fills this screen.
export function FeedbackPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.feedback.title')} />;
}
