import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageShell } from '@/components/page-shell';
import { Button } from '@/components/ui/button';

export function WhyTrustUsPage() {
  const { t } = useTranslation();
  const pillars = t('info.pillars', { returnObjects: true }) as string[][];
  return (
    <PageShell title={t('pages.whyTrustUs.title')}>
      <div className="grid gap-4 md:grid-cols-3">
        {pillars.map(([title, text]) => (
          <section key={title} className="rounded-xl border border-slate-200 p-5">
            <h2 className="text-lg font-semibold">{title}</h2>
            <p className="mt-1 text-slate-700">{text}</p>
          </section>
        ))}
      </div>
      <Button asChild className="mt-8">
        <Link to="/login">{t('info.trustButton')}</Link>
      </Button>
    </PageShell>
  );
}
