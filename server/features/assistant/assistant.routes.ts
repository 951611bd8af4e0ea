import { createHmac, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, GENERIC_ERROR_MESSAGE } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { RateLimiter } from '../../lib/rate-limit';
import { parseInput, readJson } from '../../lib/validate';
import type { SpeechProvider, TranscriptionProvider } from '../../providers/speech/index';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import type { Auth } from '../auth/auth';
import { optionalUser, SIGN_IN_REQUIRED_MESSAGE } from '../auth/session';
import { ask, clearContext, remainingFor, type Asker, type AssistantDeps } from './assistant.service';

export const GUEST_COOKIE = 'guest_id';
const HOUR = 60 * 60 * 1000;

export const askSchema = z.object({
  question: z
    .string({ message: 'Escribe tu pregunta.' })
    .trim()
    .min(1, 'Escribe tu pregunta.')
    .max(2000, 'Tu pregunta es muy larga: usa menos de 2000 caracteres.'),
});
const speechSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'No hay texto para leer.')
    .max(1500, 'El texto es muy largo para leerlo en voz alta.'),
});

export interface AssistantRoutesDeps extends Omit<AssistantDeps, 'db'> {
  db: Database;
  auth: Auth;
  config: Config;
  logger: Logger;
  limiter: RateLimiter;
  secret: string;
  speech: SpeechProvider;
  transcription: TranscriptionProvider;
  clientIp: (c: Context) => string;
  /** The signed-in user's plan and time zone (their profile). */
  loadAskerProfile: (user: {
    id: string;
    email: string;
    name: string;
  }) => Promise<{ plan: string; timeZone: string | null; voiceId: string | null }>;
}

export function assistantRoutes(deps: AssistantRoutesDeps) {
  const { auth, config, secret, limiter, logger } = deps;

  const networkHash = (c: Context) =>
    createHmac('sha256', secret).update(deps.clientIp(c)).digest('hex').slice(0, 32);

  /** Who is asking: the session's user, or a visitor known by a signed cookie and their network. */
  async function resolveAsker(c: Context, createGuest: boolean): Promise<Asker | null> {
    const user = await optionalUser(c, auth);
    if (user) {
      const profile = await deps.loadAskerProfile(user);
      return {
        kind: 'user',
        userId: user.id,
        plan: profile.plan,
        timeZone: profile.timeZone,
        voiceId: profile.voiceId,
      };
    }
    let guestId = (await getSignedCookie(c, secret, GUEST_COOKIE)) || undefined;
    if (!guestId && createGuest) {
      guestId = randomUUID();
      await setSignedCookie(c, GUEST_COOKIE, guestId, secret, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: config.publicUrl.startsWith('https://'),
        path: '/',
        maxAge: 365 * 24 * 60 * 60,
      });
    }
    return guestId ? { kind: 'guest', guestId, ipHash: networkHash(c) } : null;
  }

  const subjectOf = (asker: Asker) => (asker.kind === 'user' ? `u:${asker.userId}` : `g:${asker.guestId}`);

  return new Hono()
    .get('/status', async (c) => {
      const asker = await resolveAsker(c, false);
      const remaining = asker ? await remainingFor(deps, asker) : 2;
      return c.json({
        audience: asker?.kind ?? 'guest',
        remaining,
        model: deps.model.name,
        speech: deps.speech.name,
      });
    })
    .post('/ask', async (c) => {
      const { question } = await readJson(c, askSchema);
      const asker = (await resolveAsker(c, true))!;
      // Bursts cost money even within the daily limit.
      await limiter.hit({ name: 'assistant', limit: 30, windowMs: HOUR }, subjectOf(asker));
      const generator = ask(deps, asker, question, c.req.raw.signal);
      // The first step reserves the question: a refusal is a plain HTTP 429, before any stream.
      const first = await generator.next();

      if (c.req.header('Accept')?.includes('application/json')) {
        let step = first;
        while (!step.done) step = await generator.next();
        return c.json(step.value);
      }

      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        try {
          let step = first;
          while (!step.done) {
            await stream.writeSSE({ event: 'delta', data: JSON.stringify({ text: step.value.text }) });
            step = await generator.next();
          }
          await stream.writeSSE({ event: 'done', data: JSON.stringify(step.value) });
        } catch (error) {
          const known = error instanceof AppError ? error : undefined;
          logger.error({ err: error }, known?.options.logMessage ?? 'assistant stream failed');
          await stream.writeSSE({
            event: 'error',
            data: JSON.stringify({
              code: known?.code ?? 'internal',
              message: known?.message ?? GENERIC_ERROR_MESSAGE,
            }),
          });
        }
      });
    })
    .post('/clear', async (c) => {
      const user = await optionalUser(c, auth);
      if (user) await clearContext(deps.db, user.id);
      return c.json({ ok: true });
    })
    .post('/speech', async (c) => {
      const asker = await resolveAsker(c, false);
      if (!asker) throw new AppError('unauthorized', 401, SIGN_IN_REQUIRED_MESSAGE);
      const { text } = await readJson(c, speechSchema);
      await limiter.hit({ name: 'speech', limit: 200, windowMs: HOUR }, subjectOf(asker));
      const audio = await deps.speech.synthesize(text, asker.kind === 'user' ? asker.voiceId : null);
      return c.body(audio, 200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
    })
    .post('/transcribe', async (c) => {
      const asker = await resolveAsker(c, false);
      if (!asker) throw new AppError('unauthorized', 401, SIGN_IN_REQUIRED_MESSAGE);
      await limiter.hit({ name: 'transcribe', limit: 60, windowMs: HOUR }, subjectOf(asker));
      const form = await c.req.formData().catch(() => {
        throw new AppError('bad_request', 400, 'Envía el audio como archivo.');
      });
      const audio = parseInput(
        z.instanceof(File, { message: 'Envía el audio como archivo.' }),
        form.get('audio'),
      );
      if (audio.size > UPLOAD_MAX_BYTES)
        throw new AppError('payload_too_large', 413, 'El audio no puede exceder 10MB');
      if (!/^audio\/|^video\/webm/.test(audio.type))
        throw new AppError('unsupported_media_type', 415, 'El archivo no es de audio.');
      const text = await deps.transcription.transcribe(audio, audio.name || 'pregunta.webm');
      return c.json({ text });
    });
}
