import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config';

// Files: a folder under DATA_DIR with HMAC-signed links served by the app, or
// any S3-compatible bucket with presigned links. Several instances share the
// bucket (or one mounted folder).

/** SPEC.md §9: signed download links live 3600 s. */
export const SIGNED_LINK_SECONDS = 3600;
/** SPEC.md §7: the storage listing reads at most 100 files. */
export const LIST_LIMIT = 100;

export interface StorageProvider {
  readonly name: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Keys under a prefix, sorted by name, at most 100. */
  list(prefix: string): Promise<string[]>;
  /** A link anyone holding it can download from until it expires. */
  signedUrl(key: string, filename: string, seconds?: number): Promise<string>;
}

/** Keys are our own paths: letters, digits, dot, dash, underscore and slashes; never "..". */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) && !key.split('/').includes('..');
}

export function signLocalLink(secret: string, key: string, expires: number, filename: string): string {
  return createHmac('sha256', secret).update(`${key}\n${expires}\n${filename}`).digest('base64url');
}

export function verifyLocalLink(
  secret: string,
  input: { key: string; expires: string; filename: string; signature: string },
  now: Date,
): boolean {
  const expires = Number(input.expires);
  if (!Number.isInteger(expires) || expires * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signLocalLink(secret, input.key, expires, input.filename));
  const given = Buffer.from(input.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function localStorageRoot(config: Config): string {
  return path.join(config.dataDir, 'storage');
}

export function createStorageProvider(
  config: Config,
  secret: string,
  clock: () => Date = () => new Date(),
): StorageProvider {
  if (config.S3_BUCKET) {
    const bucket = config.S3_BUCKET;
    const client = new S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
    return {
      name: 's3',
      async put(key, body, contentType) {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }),
        );
      },
      async list(prefix) {
        const result = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: LIST_LIMIT }),
        );
        return (result.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])).sort();
      },
      signedUrl(key, filename, seconds = SIGNED_LINK_SECONDS) {
        return getSignedUrl(
          client,
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ResponseContentDisposition: `attachment; filename="${filename}"`,
          }),
          { expiresIn: seconds },
        );
      },
    };
  }

  const root = localStorageRoot(config);
  const full = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    name: 'local',
    async put(key, body) {
      await fs.mkdir(path.dirname(full(key)), { recursive: true });
      await fs.writeFile(full(key), body);
    },
    async list(prefix) {
      const dir = full(prefix.replace(/\/+$/, '') || '.');
      try {
        const names = (await fs.readdir(dir, { withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => e.name)
          .sort();
        return names.slice(0, LIST_LIMIT).map((name) => `${prefix.replace(/\/+$/, '')}/${name}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async signedUrl(key, filename, seconds = SIGNED_LINK_SECONDS) {
      const expires = Math.floor(clock().getTime() / 1000) + seconds;
      const query = new URLSearchParams({
        expires: String(expires),
        filename,
        signature: signLocalLink(secret, key, expires, filename),
      });
      return `/api/files/${key}?${query}`;
    },
  };
}
