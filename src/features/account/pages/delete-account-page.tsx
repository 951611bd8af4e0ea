import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the account feature fills this screen.
export function DeleteAccountPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.deleteAccount.title')} />;
}
