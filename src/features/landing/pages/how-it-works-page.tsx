import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageShell } from '@/components/page-shell';
import { Button } from '@/components/ui/button';

export function HowItWorksPage() {
  const { t } = useTranslation();
  const steps = t('info.howSteps', { returnObjects: true }) as string[][];
  const cards = t('info.trustCards', { returnObjects: true }) as string[][];
  return (
    <PageShell title={t('pages.howItWorks.title')}>
      <ol className="grid gap-4 md:grid-cols-2">
        {steps.map(([title, text], i) => (
          <li key={title} className="rounded-xl border border-slate-200 p-5">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {i + 1}
            </span>
            <h2 className="mt-3 text-lg font-semibold">{title}</h2>
            <p className="text-slate-700">{text}</p>
          </li>
        ))}
      </ol>
      <div className="my-8 flex flex-col items-center gap-3 text-center">
        <h2 className="text-xl font-bold">{t('info.ready')}</h2>
        <Button asChild>
          <Link to="/login">{t('info.readyButton')}</Link>
        </Button>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map(([title, text]) => (
          <section key={title} className="rounded-xl bg-brand-50 p-5">
            <h2 className="font-semibold">{title}</h2>
            <p className="text-slate-700">{text}</p>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
