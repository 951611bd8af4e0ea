import { createHmac, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, GENERIC_ERROR_MESSAGE, UPLOAD_TOO_LARGE_MESSAGE } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { RateLimiter } from '../../lib/rate-limit';
import { parseInput, readJson } from '../../lib/validate';
import type { SpeechProvider, TranscriptionProvider } from '../../providers/speech/index';
import { UPLOAD_MAX_BYTES } from '../../../common/constants';
import type { Auth } from '../auth/auth';
import { optionalUser, SIGN_IN_REQUIRED_MESSAGE } from '../auth/session';
import { ask, clearContext, remainingFor, type Asker, type AssistantDeps } from './assistant.service';
import type { DayOwner } from './usage.service';

export const GUEST_COOKIE = 'guest_id';
const HOUR = 60 * 60 * 1000;
/** Paid voice providers, per person (and per network for guests) and hour; answers are read aloud sentence by sentence. */
export const SPEECH_LIMIT_PER_HOUR = 200;
export const TRANSCRIBE_LIMIT_PER_HOUR = 60;

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
  }) => Promise<{ plan: string; voiceId: string | null } & DayOwner>;
}

export function assistantRoutes(deps: AssistantRoutesDeps) {
  const { auth, config, secret, limiter, logger } = deps;

  const networkHash = (c: Context) =>
    createHmac('sha256', secret).update(deps.clientIp(c)).digest('hex').slice(0, 32);

  /**
   * Who is asking: the session's user, or a visitor known by a signed cookie
   * and their network. A new visitor gets an id here; the cookie is only set
   * once a question of theirs was accepted, so refused requests mint nothing.
   */
  async function resolveAsker(
    c: Context,
    createGuest: boolean,
  ): Promise<{ asker: Asker; newGuestId?: string } | null> {
    const user = await optionalUser(c, auth);
    if (user) {
      const profile = await deps.loadAskerProfile(user);
      return {
        asker: {
          kind: 'user',
          userId: user.id,
          plan: profile.plan,
          timeZone: profile.timeZone,
          timeZoneChangedAt: profile.timeZoneChangedAt,
          voiceId: profile.voiceId,
        },
      };
    }
    const existing = (await getSignedCookie(c, secret, GUEST_COOKIE)) || undefined;
    if (existing) return { asker: { kind: 'guest', guestId: existing, ipHash: networkHash(c) } };
    if (!createGuest) return null;
    const guestId = randomUUID();
    return { asker: { kind: 'guest', guestId, ipHash: networkHash(c) }, newGuestId: guestId };
  }

  const rememberGuest = (c: Context, guestId: string) =>
    setSignedCookie(c, GUEST_COOKIE, guestId, secret, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: config.publicUrl.startsWith('https://'),
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
    });

  /** Paid providers: a guest is bounded by cookie and by network, so fresh cookies buy nothing. */
  async function limitPaid(name: string, limit: number, asker: Asker) {
    await limiter.hit({ name, limit, windowMs: HOUR }, subjectOf(asker));
    if (asker.kind === 'guest')
      await limiter.hit({ name: `${name}:network`, limit, windowMs: HOUR }, asker.ipHash);
  }

  const subjectOf = (asker: Asker) => (asker.kind === 'user' ? `u:${asker.userId}` : `g:${asker.guestId}`);

  return new Hono()
    .get('/status', async (c) => {
      // A visitor without a cookie yet is counted by their network, as /ask would count them.
      const { asker } = (await resolveAsker(c, true))!;
      const remaining = await remainingFor(deps, asker);
      return c.json({
        audience: asker.kind,
        remaining,
        model: deps.model.name,
        speech: deps.speech.name,
      });
    })
    .post('/ask', async (c) => {
      const { question } = await readJson(c, askSchema);
      const { asker, newGuestId } = (await resolveAsker(c, true))!;
      // Bursts cost money even within the daily limit.
      await limitPaid('assistant', 30, asker);
      const generator = ask(deps, asker, question, c.req.raw.signal);
      // The first step reserves the question: a refusal is a plain HTTP 429, before any stream.
      const first = await generator.next();
      if (newGuestId) await rememberGuest(c, newGuestId);

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
      const asker = (await resolveAsker(c, false))?.asker;
      if (!asker) throw new AppError('unauthorized', 401, SIGN_IN_REQUIRED_MESSAGE);
      const { text } = await readJson(c, speechSchema);
      await limitPaid('speech', SPEECH_LIMIT_PER_HOUR, asker);
      const audio = await deps.speech.synthesize(text, asker.kind === 'user' ? asker.voiceId : null);
      return c.body(audio, 200, { 'Content-Type': 'audio/mpeg', 'Cache-Control': 'no-store' });
    })
    .post('/transcribe', async (c) => {
      const asker = (await resolveAsker(c, false))?.asker;
      if (!asker) throw new AppError('unauthorized', 401, SIGN_IN_REQUIRED_MESSAGE);
      await limitPaid('transcribe', TRANSCRIBE_LIMIT_PER_HOUR, asker);
      const form = await c.req.formData().catch(() => {
        throw new AppError('bad_request', 400, 'Envía el audio como archivo.');
      });
      const audio = parseInput(
        z.instanceof(File, { message: 'Envía el audio como archivo.' }),
        form.get('audio'),
      );
      if (audio.size > UPLOAD_MAX_BYTES)
        throw new AppError('payload_too_large', 413, UPLOAD_TOO_LARGE_MESSAGE);
      if (!/^audio\/|^video\/webm/.test(audio.type))
        throw new AppError('unsupported_media_type', 415, 'El archivo no es de audio.');
      const text = await deps.transcription.transcribe(audio, audio.name || 'pregunta.webm');
      return c.json({ text });
    });
}
