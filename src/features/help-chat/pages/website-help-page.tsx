import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';
import { HelpChatPanel } from '../components/help-chat-panel';

export function WebsiteHelpPage() {
  const { t } = useTranslation();
  return (
    <PageShell title={t('pages.websiteHelp.title')}>
      <div className="h-[500px] rounded-xl border border-slate-200">
        <HelpChatPanel className="h-full" />
      </div>
    </PageShell>
  );
}
