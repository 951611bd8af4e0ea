import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageShell } from '@/components/page-shell';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Ten questions, one open at a time; clicking the open one closes it (SPEC.md §4). */
export function FaqPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const items = t('info.faq', { returnObjects: true }) as string[][];
  return (
    <PageShell title={t('pages.faq.title')}>
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {items.map(([question, answer], i) => (
          <div key={question}>
            <h2>
              <button
                type="button"
                aria-expanded={open === i}
                aria-controls={`faq-${i}`}
                onClick={() => setOpen(open === i ? null : i)}
                className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold"
              >
                {question}
                <ChevronDown
                  className={cn('size-5 shrink-0 transition', open === i && 'rotate-180')}
                  aria-hidden="true"
                />
              </button>
            </h2>
            <div id={`faq-${i}`} role="region" hidden={open !== i} className="px-4 pb-4 text-slate-700">
              {answer}
            </div>
          </div>
        ))}
      </div>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/website-help">{t('info.contactButton')}</Link>
      </Button>
    </PageShell>
  );
}
