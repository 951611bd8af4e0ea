import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { ContentError, loadContent } from './content';
import { createTestDatabase } from './test-databases';

const realContent = path.resolve(import.meta.dirname, '../../content');

let handle: DatabaseHandle;
let dir: string;
beforeEach(async () => {
  handle = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-'));
  fs.mkdirSync(path.join(dir, 'blog'));
});
afterEach(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const post = (title: string, extra = '') => `---
title: ${title}
slug: mi-articulo
excerpt: Resumen
author: Equipo
published_at: 2025-02-01
published: true
${extra}---
Primer párrafo.

Segundo párrafo.
`;

describe('loadContent', () => {
  it('loads the shipped content: the blog example and the forms catalogue with official links', async () => {
    const summary = await loadContent(handle.db, realContent);
    expect(summary.blogPosts).toBeGreaterThanOrEqual(1);
    const forms = await handle.db.query.documents.findMany();
    expect(forms.length).toBe(summary.forms);
    const i485 = forms.find((f) => f.formNumber === 'I-485');
    expect(i485?.officialUrl).toBe('https://www.uscis.gov/i-485');
    const posts = await handle.db.query.blogPosts.findMany();
    expect(posts.every((p) => p.content.length > 100)).toBe(true);
  });

  it('is idempotent and applies edits to existing rows', async () => {
    fs.writeFileSync(path.join(dir, 'blog', 'a.md'), post('Primera versión'));
    fs.writeFileSync(
      path.join(dir, 'forms.json'),
      JSON.stringify([{ formNumber: 'I-90', title: 'I-90', description: 'Reemplazar la tarjeta' }]),
    );
    await loadContent(handle.db, dir);
    await loadContent(handle.db, dir);
    let posts = await handle.db.query.blogPosts.findMany();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: 'Primera versión', published: true, featured: false });
    expect(posts[0]?.content).toBe('Primer párrafo.\n\nSegundo párrafo.');

    fs.writeFileSync(path.join(dir, 'blog', 'a.md'), post('Segunda versión', 'featured: true\n'));
    await loadContent(handle.db, dir);
    posts = await handle.db.query.blogPosts.findMany();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: 'Segunda versión', featured: true });
    expect(await handle.db.query.documents.findMany()).toHaveLength(1);
  });

  it('names the file and the field when front matter is wrong, and writes nothing', async () => {
    fs.writeFileSync(path.join(dir, 'blog', 'ok.md'), post('Bien'));
    fs.writeFileSync(
      path.join(dir, 'blog', 'bad.md'),
      post('Mal').replace('slug: mi-articulo', 'slug: Mal Slug'),
    );
    await expect(loadContent(handle.db, dir)).rejects.toThrowError(ContentError);
    await expect(loadContent(handle.db, dir)).rejects.toThrowError(/blog\/bad\.md: slug/);
    expect(await handle.db.query.blogPosts.findMany()).toHaveLength(0);
  });

  it('refuses a forms catalogue that is not valid JSON', async () => {
    fs.writeFileSync(path.join(dir, 'forms.json'), '[{');
    await expect(loadContent(handle.db, dir)).rejects.toThrowError(/Invalid content file forms\.json/);
  });
});
