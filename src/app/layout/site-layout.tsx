import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { TimeZoneSync } from '../time-zone-sync';
import { Footer } from './footer';
import { TopBar } from './top-bar';

// The floating help loads after the page: it is never needed for the first paint.
const HelpWidget = lazy(async () => ({
  default: (await import('@/features/help-chat/components/help-widget')).HelpWidget,
}));

/** Site chrome around every page: sticky top bar, the page, footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:inline-flex focus:min-h-11 focus:items-center focus:rounded focus:bg-white focus:px-3"
      >
        {t('common.skipToContent')}
      </a>
      <TopBar />
      <TimeZoneSync />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>
        <HelpWidget />
      </Suspense>
    </div>
  );
}
