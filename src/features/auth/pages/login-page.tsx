import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the auth feature fills this screen.
export function LoginPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.login.title')} />;
}
