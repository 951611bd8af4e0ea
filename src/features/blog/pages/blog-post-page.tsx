import { useTranslation } from 'react-i18next';
import { PageShell } from '@/components/page-shell';

// Route shell; the blog feature fills this screen.
export function BlogPostPage() {
  const { t } = useTranslation();
  return <PageShell title={t('pages.blogPost.title')} />;
}
