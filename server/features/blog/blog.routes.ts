import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../db/client';
import { blogPosts } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const POST_NOT_FOUND_MESSAGE = 'Lo sentimos, el artículo que buscas no existe o ha sido movido.';

const columns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  author: blogPosts.author,
  published_at: blogPosts.publishedAt,
  featured: blogPosts.featured,
};

/** Published posts only (SPEC.md §7). */
export function blogRoutes({ db }: { db: Database }) {
  return new Hono()
    .get('/', async (c) => {
      const posts = await db
        .select(columns)
        .from(blogPosts)
        .where(eq(blogPosts.published, true))
        .orderBy(desc(blogPosts.publishedAt));
      return c.json({ posts });
    })
    .get('/featured', async (c) => {
      // The newest featured post, else the newest published one.
      const [featured] = await db
        .select(columns)
        .from(blogPosts)
        .where(and(eq(blogPosts.published, true), eq(blogPosts.featured, true)))
        .orderBy(desc(blogPosts.publishedAt))
        .limit(1);
      const [newest] = featured
        ? [featured]
        : await db
            .select(columns)
            .from(blogPosts)
            .where(eq(blogPosts.published, true))
            .orderBy(desc(blogPosts.publishedAt))
            .limit(1);
      return c.json({ post: newest ?? null });
    })
    .get('/:slug', async (c) => {
      // Slugs are lower-case words joined by hyphens (content.ts); anything else is not a post.
      const slug = c.req.param('slug');
      if (slug.length > 200 || !SLUG_PATTERN.test(slug))
        throw new AppError('not_found', 404, POST_NOT_FOUND_MESSAGE);
      const [post] = await db
        .select({ ...columns, content: blogPosts.content })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, slug), eq(blogPosts.published, true)))
        .limit(1);
      if (!post) throw new AppError('not_found', 404, POST_NOT_FOUND_MESSAGE);
      return c.json({ post });
    });
}
