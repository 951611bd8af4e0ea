import { Hono, type Context } from 'hono';
import { contactSchema, surveySchema } from '../../../common/feedback';
import type { Database } from '../../db/client';
import { feedback, userFeedback } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { readJson } from '../../lib/validate';
import type { Auth } from '../auth/auth';
import { optionalUser } from '../auth/session';

export const SURVEY_SIGN_IN_MESSAGE = 'Debes iniciar sesión para enviar comentarios';
const HOUR = 60 * 60 * 1000;

export function feedbackRoutes({
  db,
  auth,
  limiter,
  clientIp,
}: {
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  clientIp: (c: Context) => string;
}) {
  return new Hono()
    .post('/survey', async (c) => {
      const user = await optionalUser(c, auth);
      if (!user) throw new AppError('unauthorized', 401, SURVEY_SIGN_IN_MESSAGE);
      const survey = await readJson(c, surveySchema);
      const answers = Object.fromEntries(Object.entries(survey.answers).filter(([, text]) => text));
      await db.insert(feedback).values({
        userId: user.id,
        ratings: survey.ratings as Record<string, number>,
        answers: answers as Record<string, string>,
        additionalComments: survey.additional_comments || null,
      });
      return c.json({ ok: true }, 201);
    })
    .post('/contact', async (c) => {
      // Open to visitors: bounded per network so it cannot be used to flood the inbox.
      await limiter.hit({ name: 'contact', limit: 10, windowMs: HOUR }, clientIp(c));
      const input = await readJson(c, contactSchema);
      await db.insert(userFeedback).values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        message: input.message,
      });
      return c.json({ ok: true }, 201);
    });
}
