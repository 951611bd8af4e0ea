import fs from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client';
import { blogPosts, documents } from './schema/index';

// Loads the operator-edited files under content/ into the database at start.
// Upserts by natural key, so running it again changes nothing unless a file did.

const blogFrontMatter = z.object({
  title: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case words joined by hyphens'),
  excerpt: z.string().min(1),
  author: z.string().min(1),
  published_at: z.coerce.date(),
  published: z.boolean().default(false),
  featured: z.boolean().default(false),
});

const formEntry = z.object({
  formNumber: z.string().regex(/^[A-Z]+-\d+[A-Z]?$/, 'use the official number, e.g. I-485'),
  title: z.string().min(1),
  description: z.string().min(1),
  filename: z.string().min(1).nullable().default(null),
  officialUrl: z.url().optional(),
});

export class ContentError extends Error {
  override name = 'ContentError';
}

function describe(file: string, error: z.ZodError): string {
  const problems = error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`);
  return `Invalid content file ${file}: ${problems.join('; ')}`;
}

/** USCIS publishes each form at https://www.uscis.gov/<form number in lower case>. */
export function officialFormUrl(formNumber: string): string {
  return `https://www.uscis.gov/${formNumber.toLowerCase()}`;
}

export interface ContentSummary {
  blogPosts: number;
  forms: number;
}

export async function loadContent(db: Database, contentDir: string): Promise<ContentSummary> {
  const posts = await readBlogPosts(path.join(contentDir, 'blog'));
  const forms = await readForms(path.join(contentDir, 'forms.json'));

  await db.transaction(async (tx) => {
    for (const post of posts) {
      await tx
        .insert(blogPosts)
        .values(post)
        .onConflictDoUpdate({
          target: blogPosts.slug,
          set: {
            title: post.title,
            excerpt: post.excerpt,
            content: post.content,
            author: post.author,
            publishedAt: post.publishedAt,
            published: post.published,
            featured: post.featured,
            updatedAt: sql`now()`,
          },
        });
    }
    // The list shows the newest first (SPEC.md §7): the catalogue's first form gets the latest time.
    const loadedAt = Date.now();
    for (const [index, form] of forms.entries()) {
      await tx
        .insert(documents)
        .values({ ...form, createdAt: new Date(loadedAt - index * 1000) })
        .onConflictDoUpdate({
          target: documents.formNumber,
          set: {
            title: form.title,
            description: form.description,
            filename: form.filename,
            officialUrl: form.officialUrl,
            updatedAt: sql`now()`,
          },
        });
    }
  });
  return { blogPosts: posts.length, forms: forms.length };
}

async function readBlogPosts(dir: string) {
  let files: string[];
  try {
    files = (await fs.readdir(dir)).filter((f) => f.endsWith('.md')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const posts = [];
  for (const file of files) {
    const source = await fs.readFile(path.join(dir, file), 'utf8');
    const { data, content } = matter(source);
    const parsed = blogFrontMatter.safeParse(data);
    if (!parsed.success) throw new ContentError(describe(`blog/${file}`, parsed.error));
    const meta = parsed.data;
    posts.push({
      slug: meta.slug,
      title: meta.title,
      excerpt: meta.excerpt,
      author: meta.author,
      publishedAt: meta.published_at,
      published: meta.published,
      featured: meta.featured,
      content: content.trim(),
    });
  }
  return posts;
}

async function readForms(file: string) {
  let source: string;
  try {
    source = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (error) {
    throw new ContentError(`Invalid content file forms.json: ${(error as Error).message}`);
  }
  const parsed = z.array(formEntry).safeParse(json);
  if (!parsed.success) throw new ContentError(describe('forms.json', parsed.error));
  return parsed.data.map((form) => ({
    ...form,
    officialUrl: form.officialUrl ?? officialFormUrl(form.formNumber),
  }));
}
