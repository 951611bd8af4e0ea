import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the assistant feature fills this screen.
export function ChatPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.chat.title')} />;
}
