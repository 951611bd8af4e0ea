import { Hono } from 'hono';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import { AppError, UPLOAD_TOO_LARGE_MESSAGE } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import { detectKind, UNREADABLE_MESSAGE } from './extract';
import type { LetterTextReader } from './extraction-sandbox';
import type { LetterReader } from './understand';

export const NO_FILE_MESSAGE = 'Selecciona un archivo para procesar';
const HOUR = 60 * 60 * 1000;

export interface DocumentsDeps {
  auth: Auth;
  limiter: RateLimiter;
  /** The letter's text, read in the extraction sandbox. */
  readLetterText: LetterTextReader;
  readLetter: LetterReader;
}

/**
 * Letters are read in memory and forgotten: nothing is stored, and neither
 * the file nor its text reaches the logs.
 */
export function documentsRoutes({ auth, limiter, readLetterText, readLetter }: DocumentsDeps) {
  return new Hono().post('/process', async (c) => {
    const user = await requireUser(c, auth);
    await limiter.hit({ name: 'documents', limit: 20, windowMs: HOUR }, user.id);
    const form = await c.req.formData().catch(() => {
      throw new AppError('bad_request', 400, NO_FILE_MESSAGE);
    });
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) throw new AppError('bad_request', 400, NO_FILE_MESSAGE);
    if (file.size > UPLOAD_MAX_BYTES) throw new AppError('payload_too_large', 413, UPLOAD_TOO_LARGE_MESSAGE);

    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = await detectKind(bytes);
    const text = await readLetterText(bytes, kind);
    if (!text)
      throw new AppError('unsupported_media_type', 422, UNREADABLE_MESSAGE, {
        logMessage: `no text in ${kind}`,
      });
    const result = await readLetter(text);
    return c.json({ originalName: file.name.slice(0, 200), ...result });
  });
}
