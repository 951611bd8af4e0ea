import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { setLanguage } from '@/lib/i18n';

export function Footer() {
  const { t, i18n } = useTranslation();
  const other = i18n.language === 'en' ? 'es' : 'en';
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 pb-24 pt-6 md:pb-6 md:pr-24 text-sm text-slate-700 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-1">
          <p>{t('footer.copyright')}</p>
          <p>{t('footer.disclaimer')}</p>
        </div>
        <nav aria-label={t('common.footerNav')} className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <Link
            className="inline-flex min-h-11 items-center underline underline-offset-4"
            to="/privacy-policy"
          >
            {t('footer.privacy')}
          </Link>
          <Link
            className="inline-flex min-h-11 items-center underline underline-offset-4"
            to="/delete-account"
          >
            {t('footer.deleteAccount')}
          </Link>
          <button
            type="button"
            className="inline-flex min-h-11 items-center underline underline-offset-4"
            aria-label={t('footer.switchLanguageLabel')}
            onClick={() => void setLanguage(other)}
            lang={other}
          >
            {t('footer.switchLanguage')}
          </button>
        </nav>
      </div>
    </footer>
  );
}
