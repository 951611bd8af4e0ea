import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth-client';
import { formDownloadLink, useForms, type OfficialForm } from '../api/forms';

const isIOS = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

export function FormsPage() {
  const { t } = useTranslation();
  const { data: forms, isPending, isError, refetch } = useForms();
  const { data: session } = useSession();
  const [busy, setBusy] = useState<string>();

  // SPEC.md §4: find the file, create a signed link, then open it (iOS) or download it.
  const download = async (form: OfficialForm) => {
    setBusy(form.id);
    try {
      const { url } = await formDownloadLink(form.id);
      if (isIOS()) {
        window.open(url, '_blank', 'noopener');
        toast.success(t('forms.ready'), { duration: 5000 });
      } else {
        const link = document.createElement('a');
        link.href = url;
        link.download = `${form.formNumber}.pdf`;
        document.body.append(link);
        link.click();
        link.remove();
        toast.success(t('forms.started'));
      }
    } catch (error) {
      const missing = error instanceof ApiError && error.status === 404;
      toast.error(t('forms.downloadError'), {
        description: `${t('forms.downloadFailed', { title: form.formNumber })} ${missing ? t('forms.notInSystem') : t('forms.contactAdmin')}`,
      });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-8 md:py-12">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{t('pages.documents.title')}</h1>
        <p className="mt-2 text-slate-700">{t('forms.intro')}</p>
      </div>
      {isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-24 animate-pulse rounded-lg bg-slate-200" />
          ))}
        </div>
      ) : isError ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5"
        >
          <p className="font-semibold text-red-800">{t('forms.loadError')}</p>
          <p className="text-red-800">{t('forms.loadErrorText')}</p>
          <Button variant="outline" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : forms.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center">{t('forms.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {forms.map((form) => (
            <li
              key={form.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 md:flex-row md:items-center md:justify-between"
            >
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{form.title}</h2>
                <p className="text-slate-700">{form.description}</p>
                <span
                  className={
                    form.fileAvailable
                      ? 'mt-1 inline-block rounded-full bg-brand-100 px-2 py-0.5 text-sm text-brand-900'
                      : 'mt-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700'
                  }
                >
                  {form.fileAvailable ? t('forms.available') : t('forms.onlineOnly')}
                </span>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                {form.fileAvailable ? (
                  <Button
                    onClick={() => (session ? void download(form) : toast.info(t('forms.signInToDownload')))}
                    disabled={busy === form.id}
                    aria-label={`${t('forms.download')} ${form.formNumber}`}
                  >
                    <Download className="size-5" aria-hidden="true" />
                    {t('forms.download')}
                  </Button>
                ) : null}
                <Button asChild variant="outline">
                  <a
                    href={form.officialUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${t('forms.official')} ${form.formNumber}`}
                  >
                    <ExternalLink className="size-5" aria-hidden="true" />
                    {t('forms.official')}
                  </a>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
