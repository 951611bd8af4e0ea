import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { ArrowLeft, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePost } from '../api/blog';

export function BlogPostPage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const { data: post, isPending, isError, error, refetch } = usePost(slug);

  const back = (
    <Button asChild variant="ghost" className="self-start">
      <Link to="/blog">
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('blog.back')}
      </Link>
    </Button>
  );

  if (isPending) return <PageSpinner label={t('common.loading')} />;
  if (isError) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <section className="mx-auto flex max-w-2xl flex-col gap-3 px-4 py-12">
        {back}
        <h1 className="text-2xl font-bold">{missing ? t('blog.notFoundTitle') : t('blog.postErrorTitle')}</h1>
        <p className="text-slate-700">{missing ? t('blog.notFoundText') : t('blog.postErrorText')}</p>
        {missing ? null : (
          <Button variant="outline" className="self-start" onClick={() => void refetch()}>
            {t('common.retry')}
          </Button>
        )}
      </section>
    );
  }

  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title: post.title, text: post.excerpt, url });
        return;
      } catch (failure) {
        if ((failure as DOMException).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('blog.copied'));
    } catch {
      toast.error(t('common.unexpectedError'));
    }
  };

  return (
    <article className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8 md:py-12">
      {back}
      <h1 className="text-3xl font-bold">{post.title}</h1>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <span>
          <time dateTime={String(post.published_at)}>
            {format(
              new TZDate(new Date(String(post.published_at)).getTime(), 'UTC'),
              "d 'de' MMMM 'de' yyyy",
              { locale: es },
            )}
          </time>
          {' · '}
          {t('blog.by', { author: post.author })}
        </span>
        <Button variant="outline" onClick={() => void share()}>
          <Share2 className="size-4" aria-hidden="true" />
          {t('blog.share')}
        </Button>
      </div>
      {post.content
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          <p key={i} className="text-lg leading-relaxed text-slate-800">
            {paragraph}
          </p>
        ))}
      <aside className="mt-6 rounded-xl bg-brand-50 p-5 text-center">
        <h2 className="text-xl font-bold">{t('blog.ctaTitle')}</h2>
        <p className="mt-1 text-slate-700">{t('blog.ctaText')}</p>
        <Button asChild className="mt-3">
          <Link to="/login">{t('blog.ctaButton')}</Link>
        </Button>
      </aside>
    </article>
  );
}
