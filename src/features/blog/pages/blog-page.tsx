import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { es } from 'date-fns/locale';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageShell } from '@/components/page-shell';
import { useFeaturedPost, usePosts } from '../api/blog';

const longDate = (date: string) =>
  format(new TZDate(new Date(date).getTime(), 'UTC'), "d 'de' MMMM 'de' yyyy", { locale: es });
const shortDate = (date: string) =>
  format(new TZDate(new Date(date).getTime(), 'UTC'), 'd MMM yyyy', { locale: es });

export function BlogPage() {
  const { t } = useTranslation();
  const posts = usePosts();
  const featured = useFeaturedPost();
  const rest = (posts.data ?? []).filter((p) => p.slug !== featured.data?.slug);

  return (
    <PageShell title={t('pages.blog.title')} subtitle={t('blog.intro')}>
      {featured.isPending ? (
        <div className="h-48 animate-pulse rounded-xl bg-slate-200" aria-busy="true" />
      ) : featured.isError ? (
        <p role="alert" className="text-red-800">
          {t('blog.listError')}
        </p>
      ) : featured.data ? (
        <article className="rounded-xl bg-brand-50 p-6">
          <p className="text-sm font-semibold uppercase text-brand-800">{t('blog.featured')}</p>
          <h2 className="mt-1 text-2xl font-bold">
            <Link
              to={`/blog/${featured.data.slug}`}
              className="inline-flex min-h-11 items-center hover:underline"
            >
              {featured.data.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            <time dateTime={String(featured.data.published_at)}>
              {longDate(String(featured.data.published_at))}
            </time>
          </p>
          <p className="mt-2 text-slate-800">{featured.data.excerpt}</p>
          <Link
            to={`/blog/${featured.data.slug}`}
            className="mt-3 inline-flex min-h-11 items-center font-medium text-brand-800 underline"
          >
            {t('blog.readMore')}
          </Link>
        </article>
      ) : (
        <p>{t('blog.noFeatured')}</p>
      )}

      <h2 className="mt-10 text-xl font-bold">{t('blog.recent')}</h2>
      {posts.isPending ? (
        <div className="mt-4 grid gap-4 md:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((n) => (
            <div key={n} className="h-40 animate-pulse rounded-xl bg-slate-200" />
          ))}
        </div>
      ) : posts.isError ? (
        <p role="alert" className="mt-4 text-red-800">
          {t('blog.listError')}
        </p>
      ) : rest.length === 0 ? (
        <p className="mt-4">{t('blog.empty')}</p>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          {rest.map((post) => (
            <article key={post.slug} className="flex flex-col rounded-xl border border-slate-200 p-5">
              <h3 className="text-lg font-semibold">
                <Link to={`/blog/${post.slug}`} className="inline-flex min-h-11 items-center hover:underline">
                  {post.title}
                </Link>
              </h3>
              <p className="text-sm text-slate-600">
                <time dateTime={String(post.published_at)}>{shortDate(String(post.published_at))}</time>
              </p>
              <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
            </article>
          ))}
        </div>
      )}

      {/* SPEC.md §2: a static pagination control (not wired). */}
      <nav aria-label={t('blog.pagination')} className="mt-8 flex justify-center gap-2">
        <span className="inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-3 text-slate-500">
          {t('blog.previousPage')}
        </span>
        {[1, 2, 3].map((n) => (
          <span
            key={n}
            aria-current={n === 1 ? 'page' : undefined}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-200 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            {n}
          </span>
        ))}
        <span className="inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-3 text-slate-500">
          {t('blog.nextPage')}
        </span>
      </nav>
    </PageShell>
  );
}
