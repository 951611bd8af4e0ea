import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Shown when a page throws or its code fails to load (a deploy replaced the chunk). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold">{t('common.pageErrorTitle')}</h1>
      <p className="text-slate-700">{t('common.pageErrorText')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </div>
  );
}
