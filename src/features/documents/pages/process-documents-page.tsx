import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the documents feature fills this screen.
export function ProcessDocumentsPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.processDocuments.title')} />;
}
