import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeFormName } from '../../../common/forms';
import { loadContent } from '../../db/content';
import { createStorageProvider } from '../../providers/storage/index';
import { TestClient } from '../../test/client';
import { createTestApp, TEST_SECRET, type TestApp } from '../../test/helpers';

let t: TestApp;
let now = new Date();
afterEach(async () => {
  await t?.close();
  now = new Date();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function setup() {
  t = await createTestApp({ clock: () => now });
  await loadContent(t.database.db, path.resolve(import.meta.dirname, '../../../content'));
  const storage = createStorageProvider(t.config, TEST_SECRET, () => now);
  await storage.put('forms/i-485es.pdf', PDF, 'application/pdf');
  return storage;
}

interface Form {
  id: string;
  formNumber: string;
  officialUrl: string;
  fileAvailable: boolean;
}

describe('official forms', () => {
  it('normalises file names as SPEC.md §9 says', () => {
    expect(normalizeFormName('i-485es.pdf')).toBe('485');
    expect(normalizeFormName('I-485.PDF')).toBe('485');
    expect(normalizeFormName('I-485')).toBe('485');
    expect(normalizeFormName('n-400-en.pdf')).toBe('400');
    expect(normalizeFormName('I-821D')).toBe('821D');
    expect(normalizeFormName('AR-11')).toBe('AR-11');
  });

  it('lists every form with its official page, marks stored copies, never cached', async () => {
    await setup();
    const response = await new TestClient(t).json<{ forms: Form[] }>('/api/forms');
    expect(response.response.headers.get('cache-control')).toBe('no-store');
    const byNumber = new Map(response.body.forms.map((f) => [f.formNumber, f]));
    expect(byNumber.size).toBeGreaterThanOrEqual(22);
    expect(byNumber.get('I-485')).toMatchObject({
      officialUrl: 'https://www.uscis.gov/i-485',
      fileAvailable: true,
    });
    expect(byNumber.get('N-400')).toMatchObject({
      officialUrl: 'https://www.uscis.gov/n-400',
      fileAvailable: false,
    });
  });

  it('gives a signed link that works before expiry and is refused after it or when altered', async () => {
    await setup();
    const client = new TestClient(t);
    await client.signUp('ana@example.com');
    const forms = (await client.json<{ forms: Form[] }>('/api/forms')).body.forms;
    const i485 = forms.find((f) => f.formNumber === 'I-485')!;
    const n400 = forms.find((f) => f.formNumber === 'N-400')!;

    expect((await new TestClient(t).json(`/api/forms/${i485.id}/download`, { method: 'POST' })).status).toBe(
      401,
    );
    const missing = await client.json(`/api/forms/${n400.id}/download`, { method: 'POST' });
    expect(missing).toMatchObject({
      status: 404,
      body: { error: { message: 'El archivo no se encuentra en el sistema.' } },
    });

    const { url } = (await client.json<{ url: string }>(`/api/forms/${i485.id}/download`, { method: 'POST' }))
      .body;
    expect(url).toMatch(/^\/api\/files\/forms\/i-485es\.pdf\?expires=\d+&filename=I-485\.pdf&signature=/);
    const ok = await t.app.request(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-disposition')).toBe('attachment; filename="I-485.pdf"');
    expect(Buffer.from(await ok.arrayBuffer()).equals(PDF)).toBe(true);

    const altered = await t.app.request(url.replace('i-485es.pdf', 'i-485es.pdf.x'));
    expect(altered.status).toBe(403);
    const tampered = await t.app.request(url.replace(/signature=./, 'signature=A'));
    expect(tampered.status).toBe(403);
    const traversal = await t.app.request(url.replace('forms/i-485es.pdf', 'forms/../auth-secret'));
    expect(traversal.status).toBe(403);

    now = new Date(now.getTime() + 3601 * 1000);
    const expired = await t.app.request(url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({
      error: { code: 'forbidden', message: 'El enlace de descarga no es válido o ya venció.' },
    });
  });

  it('the upload command stores a PDF where the catalogue finds it', async () => {
    await setup();
    const { execFileSync } = await import('node:child_process');
    const file = path.join(t.dataDir, 'N-400es.pdf');
    fs.writeFileSync(file, PDF);
    const out = execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/forms-upload.ts', file], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: t.dataDir },
      encoding: 'utf8',
    });
    expect(out).toContain('→ N-400');
    const forms = (await new TestClient(t).json<{ forms: Form[] }>('/api/forms')).body.forms;
    expect(forms.find((f) => f.formNumber === 'N-400')?.fileAvailable).toBe(true);
  });
});
