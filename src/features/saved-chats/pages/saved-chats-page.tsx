import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the saved-chats feature fills this screen.
export function SavedChatsPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.savedChats.title')} subtitle={t('pages.savedChats.subtitle')} />;
}
