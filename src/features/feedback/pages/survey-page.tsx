import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageShell } from '@/components/page-shell';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth-client';
import { ContactForm } from '../components/contact-form';
import { SurveyForm } from '../components/survey-form';

export function SurveyPage() {
  const { t } = useTranslation();
  const { data: session, isPending } = useSession();
  return (
    <PageShell title={t('pages.userFeedback.title')} subtitle={t('survey.intro')}>
      {isPending ? (
        <PageSpinner label={t('common.loading')} />
      ) : session ? (
        <SurveyForm />
      ) : (
        <p className="mb-6 rounded-lg bg-amber-50 p-4 text-amber-950">
          {t('survey.signIn')}.{' '}
          <Link
            to="/login"
            state={{ from: '/user-feedback', directLogin: true }}
            className="font-medium underline"
          >
            {t('survey.signInLink')}
          </Link>
        </p>
      )}
      <div className="mt-8">
        <ContactForm />
      </div>
    </PageShell>
  );
}
