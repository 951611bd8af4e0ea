import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/auth-client';

export function LandingPage() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
        <h1 className="text-3xl font-bold text-slate-900 md:text-5xl">{t('pages.landing.title')}</h1>
        <p className="max-w-2xl text-lg text-slate-700">{t('pages.landing.subtitle')}</p>
        <Button asChild className="px-8 text-lg">
          <Link to={session ? '/chat' : '/login'}>{t('nav.start')}</Link>
        </Button>
      </div>
    </section>
  );
}
