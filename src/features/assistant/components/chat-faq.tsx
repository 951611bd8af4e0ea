import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, CardTitle } from '@/components/ui/card';

const QUESTIONS = [1, 2, 3, 4, 5] as const;

/** The five questions under the chat, and the contact card. */
export function ChatFaq() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
      <Card aria-labelledby="chat-faq-title">
        <CardTitle id="chat-faq-title">{t('chat.faqTitle')}</CardTitle>
        <div className="mt-3 divide-y divide-slate-200">
          {QUESTIONS.map((n) => (
            <details key={n} className="group py-1">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-medium">
                {t(`chat.faq${n}q`)}
                <span aria-hidden="true" className="transition group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="pb-3 text-slate-700">{t(`chat.faq${n}a`)}</p>
            </details>
          ))}
        </div>
      </Card>
      <Card aria-labelledby="chat-contact-title">
        <CardTitle id="chat-contact-title">{t('chat.contactTitle')}</CardTitle>
        <p className="mt-2 text-slate-700">{t('chat.contactText')}</p>
        <Link
          to="/website-help"
          className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-800 underline"
        >
          {t('chat.contactLink')}
        </Link>
      </Card>
    </div>
  );
}
