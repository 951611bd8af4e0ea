import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the landing feature fills this screen.
export function HowItWorksPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.howItWorks.title')} />;
}
