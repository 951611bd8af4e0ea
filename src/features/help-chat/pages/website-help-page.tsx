import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the help-chat feature fills this screen.
export function WebsiteHelpPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.websiteHelp.title')} />;
}
