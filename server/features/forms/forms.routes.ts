import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { asc, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { normalizeFormName } from '../../../common/forms';
import type { Database } from '../../db/client';
import { documents } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { isSafeKey, verifyLocalLink, type StorageProvider } from '../../providers/storage/index';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';

export const FORMS_PREFIX = 'forms';
export const FILE_NOT_IN_STORAGE = 'El archivo no se encuentra en el sistema.';
export const LINK_INVALID_MESSAGE = 'El enlace de descarga no es válido o ya venció.';

export interface FormsDeps {
  db: Database;
  auth: Auth;
  storage: StorageProvider;
  logger: Logger;
}

/** Stored copies by normalised form name; null when the listing failed (SPEC.md §3: then every form counts as available). */
async function storedCopies(storage: StorageProvider, logger: Logger): Promise<Map<string, string> | null> {
  try {
    const keys = await storage.list(FORMS_PREFIX);
    return new Map(keys.map((key) => [normalizeFormName(path.basename(key)), key]));
  } catch (error) {
    logger.warn({ err: error }, 'listing stored forms failed');
    return null;
  }
}

/** The official forms catalogue and its stored copies. */
export function formsRoutes({ db, auth, storage, logger }: FormsDeps) {
  return new Hono()
    .get('/', async (c) => {
      const rows = await db
        .select()
        .from(documents)
        .orderBy(desc(documents.createdAt), asc(documents.formNumber));
      const copies = await storedCopies(storage, logger);
      c.header('Cache-Control', 'no-store');
      return c.json({
        forms: rows.map((row) => ({
          id: row.id,
          formNumber: row.formNumber,
          title: row.title,
          description: row.description,
          officialUrl: row.officialUrl,
          fileAvailable: copies === null || copies.has(normalizeFormName(row.filename ?? row.formNumber)),
        })),
      });
    })
    .post('/:id/download', async (c) => {
      await requireUser(c, auth);
      const id = z.uuid().safeParse(c.req.param('id'));
      const [row] = id.success ? await db.select().from(documents).where(eq(documents.id, id.data)) : [];
      if (!row) throw new AppError('not_found', 404, FILE_NOT_IN_STORAGE);
      const copies = await storedCopies(storage, logger);
      const key = copies?.get(normalizeFormName(row.filename ?? row.formNumber));
      if (!key) throw new AppError('not_found', 404, FILE_NOT_IN_STORAGE);
      return c.json({ url: await storage.signedUrl(key, `${row.formNumber}.pdf`) });
    });
}

/** The storage key of a link's path; null when its percent-encoding is broken (never a 500). */
function decodePathKey(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Serves local storage through HMAC-signed links (the S3 provider hands out presigned URLs instead). */
export function localFilesRoutes({
  root,
  secret,
  clock,
}: {
  root: string;
  secret: string;
  clock: () => Date;
}) {
  return new Hono().get('/*', async (c) => {
    const key = decodePathKey(c.req.path.replace(/^.*?\/files\//, ''));
    const query = {
      expires: c.req.query('expires') ?? '',
      filename: c.req.query('filename') ?? '',
      signature: c.req.query('signature') ?? '',
    };
    if (key === null || !isSafeKey(key) || !verifyLocalLink(secret, { key, ...query }, clock())) {
      throw new AppError('forbidden', 403, LINK_INVALID_MESSAGE);
    }
    const file = path.join(root, key);
    if (!fs.existsSync(file)) throw new AppError('not_found', 404, FILE_NOT_IN_STORAGE);
    const safeName = query.filename.replace(/[^A-Za-z0-9._-]/g, '_') || 'documento.pdf';
    return c.body(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${safeName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
