import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorageProvider, isSafeKey, verifyLocalLink } from './index';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

/** A local stand-in for an S3-compatible service (path-style), enough for put and list. */
async function s3StandIn() {
  const objects = new Map<string, Buffer>();
  const requests: Array<{ method: string; url: string; authorization: string }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? '',
      });
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      if (req.method === 'PUT') {
        objects.set(`${bucket}/${key}`, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"etag"' });
        return res.end();
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()]
          .filter((k) => k.startsWith(`${bucket}/${prefix}`))
          .map((k) => k.slice(bucket!.length + 1));
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>100</MaxKeys><IsTruncated>false</IsTruncated>${keys
            .map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`)
            .join('')}</ListBucketResult>`,
        );
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, requests };
}

describe('storage', () => {
  it('S3: puts, lists and presigns through the real AWS SDK (stand-in server)', async () => {
    const s3 = await s3StandIn();
    const storage = createStorageProvider(
      loadConfig({
        S3_BUCKET: 'formularios',
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'AKIATEST',
        S3_SECRET_ACCESS_KEY: 'secret',
      }),
      'unused',
    );
    expect(storage.name).toBe('s3');
    await storage.put('forms/i-485.pdf', new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    expect(s3.objects.get('formularios/forms/i-485.pdf')?.toString()).toBe('%PDF');
    expect(s3.requests[0]?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\//);
    expect(await storage.list('forms')).toEqual(['forms/i-485.pdf']);
    const url = new URL(await storage.signedUrl('forms/i-485.pdf', 'I-485.pdf'));
    expect(url.pathname).toBe('/formularios/forms/i-485.pdf');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="I-485.pdf"');
  });

  it('local: keeps files under DATA_DIR/storage and signs links that expire', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const now = new Date('2026-01-01T00:00:00Z');
    const storage = createStorageProvider(loadConfig({ DATA_DIR: dir }), 'secret-for-links', () => now);
    await storage.put('forms/n-400.pdf', new Uint8Array([1]), 'application/pdf');
    expect(fs.existsSync(path.join(dir, 'storage', 'forms', 'n-400.pdf'))).toBe(true);
    expect(await storage.list('forms')).toEqual(['forms/n-400.pdf']);
    const url = new URL(await storage.signedUrl('forms/n-400.pdf', 'N-400.pdf'), 'http://x');
    const input = {
      key: 'forms/n-400.pdf',
      expires: url.searchParams.get('expires')!,
      filename: url.searchParams.get('filename')!,
      signature: url.searchParams.get('signature')!,
    };
    expect(Number(input.expires)).toBe(now.getTime() / 1000 + 3600);
    expect(verifyLocalLink('secret-for-links', input, now)).toBe(true);
    expect(verifyLocalLink('secret-for-links', { ...input, filename: 'otro.pdf' }, now)).toBe(false);
    expect(verifyLocalLink('other-secret', input, now)).toBe(false);
    expect(verifyLocalLink('secret-for-links', input, new Date(now.getTime() + 3601 * 1000))).toBe(false);
    expect(isSafeKey('forms/../auth-secret')).toBe(false);
    await expect(storage.put('../escape', new Uint8Array([1]), 'x')).rejects.toThrow();
  });
});
