import { format } from 'date-fns';
import { ArrowLeft, Download, FileText, Loader2 } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useProcessDocument, type LetterResult } from '../api/process-document';
import { checkLetterFile, resultText } from '../lib/letter-file';

export function ProcessDocumentsPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<LetterResult | null>(null);
  const processing = useProcessDocument();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setResult(null);
    if (!chosen) return setFile(null);
    const check = checkLetterFile(chosen);
    if (check !== 'ok') {
      event.target.value = '';
      setFile(null);
      if (check === 'invalid-type')
        toast.error(t('letters.invalidTypeTitle'), { description: t('letters.invalidTypeText') });
      else toast.error(t('letters.tooLargeTitle'), { description: t('letters.tooLargeText') });
      return;
    }
    setFile(chosen);
  };

  /** SPEC.md §8: the message for a failure, by what it says. */
  const failureMessage = (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('letters.defaultError');
    if (error.code === 'network') return t('letters.network');
    const message = error.message;
    if (/call stack/i.test(message)) return t('letters.callStack');
    if (/timeout/i.test(message)) return t('letters.timeout');
    if (/network/i.test(message)) return t('letters.network');
    return message || t('letters.defaultError');
  };

  const analyze = () => {
    if (!file) {
      toast.error(t('letters.noFileTitle'), { description: t('letters.noFileText') });
      return;
    }
    processing.mutate(file, {
      onSuccess: (data) => {
        setResult(data);
        toast.success(t('letters.done'));
      },
      onError: (error) => toast.error(t('letters.errorTitle'), { description: failureMessage(error) }),
    });
  };

  const download = () => {
    if (!result) return;
    const text = resultText(result, {
      header: t('letters.fileHeader', { name: result.originalName }),
      translation: t('letters.translation'),
      description: t('letters.description'),
      solution: t('letters.solution'),
      date: t('letters.fileDate', { date: format(new Date(), 'dd/MM/yyyy HH:mm') }),
      notAdvice: t('letters.notAdvice'),
    });
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `procesado-${result.originalName}.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8 md:py-12">
      <Button asChild variant="ghost" className="self-start">
        <Link to="/chat">
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('letters.back')}
        </Link>
      </Button>
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">{t('pages.processDocuments.title')}</h1>
        <p className="mt-2 text-slate-700">{t('letters.intro')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('letters.privacy')}</p>
      </div>

      <Card className="flex flex-col gap-4">
        <label htmlFor="letter-file" className="font-medium">
          {t('letters.fileLabel')}
        </label>
        <input
          id="letter-file"
          type="file"
          accept=".pdf,.doc,.docx,.jpg,.jpeg,.png,image/*"
          onChange={choose}
          className="min-h-11 text-base file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:font-medium file:text-brand-900"
        />
        <Button onClick={analyze} disabled={processing.isPending} className="self-start">
          {processing.isPending ? (
            <>
              <Loader2 className="size-5 animate-spin" aria-hidden="true" />
              {t('letters.analyzing')}
            </>
          ) : (
            t('letters.analyze')
          )}
        </Button>
      </Card>

      {result ? (
        <Card aria-labelledby="letter-result" className="flex flex-col gap-4">
          <CardTitle id="letter-result" className="flex items-center gap-2">
            <FileText className="size-5" aria-hidden="true" />
            <span>
              {t('letters.originalName')}: <span className="font-normal">{result.originalName}</span>
            </span>
          </CardTitle>
          {result.deadline ? (
            <p className="rounded-lg bg-amber-50 p-3 font-semibold text-amber-950">
              {t('letters.deadline', { date: format(new Date(`${result.deadline}T12:00:00`), 'dd/MM/yyyy') })}
            </p>
          ) : null}
          {(
            [
              ['translation', result.translation],
              ['description', result.description],
              ['solution', result.solution],
            ] as const
          ).map(([key, text]) => (
            <div key={key}>
              <h2 className="font-semibold">{t(`letters.${key}`)}</h2>
              <p className="mt-1 whitespace-pre-wrap text-slate-800" data-testid={`letter-${key}`}>
                {text}
              </p>
            </div>
          ))}
          <p className="text-sm text-slate-600">{t('letters.notAdvice')}</p>
          <Button variant="outline" onClick={download} className="self-start">
            <Download className="size-5" aria-hidden="true" />
            {t('letters.download')}
          </Button>
        </Card>
      ) : null}
    </section>
  );
}
