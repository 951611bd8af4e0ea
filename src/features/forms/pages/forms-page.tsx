import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the forms feature fills this screen.
export function FormsPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.documents.title')} />;
}
