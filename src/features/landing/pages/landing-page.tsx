import { ArrowUp, Check, Lock } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import landing from '../../../../content/landing.json';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth-client';
import { HelpedCounter } from '../components/helped-counter';
import { Testimonials } from '../components/testimonials';

// Payment code loads only when someone opens the trial (and is fetched ahead on hover).
const loadSubscriptionDialog = () => import('@/features/billing/components/subscription-dialog');
const SubscriptionDialog = lazy(loadSubscriptionDialog);

const STEPS = [1, 2, 3] as const;
const BENEFITS = [1, 2, 3, 4, 5] as const;

export function LandingPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const headerRef = useRef<HTMLElement | null>(null);
  const [trialOpen, setTrialOpen] = useState(false);
  const [trialRequested, setTrialRequested] = useState(false);

  const trialButton = (
    <Button
      className="px-8 text-lg"
      onPointerEnter={() => void loadSubscriptionDialog()}
      onFocus={() => void loadSubscriptionDialog()}
      onClick={() => {
        setTrialRequested(true);
        setTrialOpen(true);
      }}
    >
      {t('landing.ctaTrial')}
    </Button>
  );

  return (
    <div>
      <header
        ref={headerRef}
        className="surface-dark bg-brand-900 bg-cover bg-center text-white"
        style={{ backgroundImage: 'url(/hero.svg)' }}
      >
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-12 text-center md:py-20">
          <Link
            to="/landing"
            className="inline-flex min-h-11 min-w-11 items-center self-start text-sm text-white underline underline-offset-4"
          >
            {t('landing.back')}
          </Link>
          <h1 className="text-3xl font-bold md:text-5xl">{t('pages.landing.title')}</h1>
          <p className="max-w-2xl text-lg text-brand-50">{t('landing.heroText')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {trialButton}
            <Button asChild variant="outline" className="px-8 text-lg">
              <Link to={session ? '/chat' : '/login'}>{t('landing.ctaFree')}</Link>
            </Button>
          </div>
          <HelpedCounter headerRef={headerRef} />
        </div>
      </header>

      <section aria-labelledby="steps-title" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="steps-title" className="text-center text-2xl font-bold">
          {t('landing.stepsTitle')}
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {STEPS.map((n) => (
            <li key={n} className="rounded-xl border border-slate-200 p-5">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {n}
              </span>
              <h3 className="mt-3 text-lg font-semibold">{t(`landing.step${n}`)}</h3>
              <p className="text-slate-700">{t(`landing.step${n}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {landing.videoUrl ? (
        <section aria-labelledby="video-title" className="mx-auto max-w-3xl px-4 pb-12">
          <h2 id="video-title" className="mb-4 text-center text-2xl font-bold">
            {t('landing.videoTitle')}
          </h2>
          <video
            className="w-full rounded-xl bg-black"
            controls
            preload="metadata"
            poster={landing.videoPoster || undefined}
            src={`${landing.videoUrl}#t=1`}
            onError={() => toast.error(t('landing.videoError'))}
          />
        </section>
      ) : null}

      <section aria-labelledby="benefits-title" className="bg-brand-50 py-12">
        <div className="mx-auto max-w-5xl px-4">
          <h2 id="benefits-title" className="text-center text-2xl font-bold">
            {t('landing.benefitsTitle')}
          </h2>
          <ul className="mx-auto mt-6 grid max-w-3xl gap-3 sm:grid-cols-2">
            {BENEFITS.map((n) => (
              <li key={n} className="flex items-center gap-2 text-lg">
                <Check className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
                {t(`landing.benefit${n}`)}
              </li>
            ))}
          </ul>
          <p className="mx-auto mt-6 max-w-3xl text-center text-slate-700">{t('landing.plansText')}</p>
          <p className="mt-2 text-center font-medium text-brand-900">{t('landing.claims')}</p>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="testimonials-title" className="mb-6 text-center text-2xl font-bold">
          {t('landing.testimonialsTitle')}
        </h2>
        <Testimonials items={landing.testimonials} />
      </section>

      <section aria-labelledby="landing-faq-title" className="mx-auto max-w-3xl px-4 pb-12">
        <h2 id="landing-faq-title" className="text-2xl font-bold">
          {t('landing.faqTitle')}
        </h2>
        <details className="mt-4 rounded-xl border border-slate-200 p-4">
          <summary className="min-h-11 cursor-pointer font-semibold">{t('landing.faqQ')}</summary>
          <p className="mt-2 text-slate-700">{t('landing.faqA')}</p>
        </details>
      </section>

      <section className="surface-dark bg-slate-900 py-10 text-white">
        <div className="mx-auto flex max-w-3xl gap-4 px-4">
          <Lock className="mt-1 size-8 shrink-0" aria-hidden="true" />
          <div>
            <h2 className="text-xl font-bold">{t('landing.privacyTitle')}</h2>
            <p className="mt-2 text-slate-200">{t('landing.privacyText')}</p>
          </div>
        </div>
      </section>

      <section className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-4 py-12 text-center">
        <h2 className="text-2xl font-bold">{t('landing.trialTitle')}</h2>
        <p className="text-slate-700">{t('landing.trialText')}</p>
        {trialButton}
        <Button
          variant="link"
          className="mt-4"
          onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        >
          <ArrowUp className="size-5" aria-hidden="true" />
          {t('landing.scrollTop')}
        </Button>
      </section>

      {trialRequested ? (
        <Suspense fallback={null}>
          <SubscriptionDialog open={trialOpen} onOpenChange={setTrialOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
