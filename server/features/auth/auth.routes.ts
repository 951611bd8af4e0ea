import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { phoneCodeRequestSchema, toE164 } from '../../../common/account';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/index';
import { AppError, NOT_FOUND_MESSAGE } from '../../lib/errors';
import type { RateLimiter } from '../../lib/rate-limit';
import { readJson } from '../../lib/validate';
import type { Auth } from './auth';
import { translateAuthResponse } from './auth-errors';

export interface AuthRoutesDeps {
  auth: Auth;
  db: Database;
  limiter: RateLimiter;
  clientIp: (c: Context) => string;
}

export const PHONE_TAKEN_MESSAGE = 'Este número ya está registrado. Procediendo con el inicio de sesión.';

const HOUR = 60 * 60 * 1000;
const DIRECT_SMS_PATHS = new Set([
  '/api/auth/phone-number/send-otp',
  '/api/auth/phone-number/request-password-reset',
]);

export function authRoutes({ auth, db, limiter, clientIp }: AuthRoutesDeps) {
  return (
    new Hono()
      /**
       * Sends a sign-in code by SMS. On registration it also says whether the
       * number already has an account, as SPEC.md §8 requires ('Este número ya
       * está registrado…'); the code is sent either way.
       */
      .post('/phone-code', async (c) => {
        const { phone, mode } = await readJson(c, phoneCodeRequestSchema);
        const phoneNumber = toE164(phone);
        // SMS costs money and can be used to harass: bound per number and per network.
        await limiter.hit({ name: 'phone-code:phone', limit: 5, windowMs: HOUR }, phoneNumber);
        await limiter.hit({ name: 'phone-code:ip', limit: 20, windowMs: HOUR }, clientIp(c));
        const [existing] = await db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.phoneNumber, phoneNumber));
        await auth.api.sendPhoneNumberOTP({ body: { phoneNumber }, headers: c.req.raw.headers });
        return c.json({ sent: true, alreadyRegistered: mode === 'register' && Boolean(existing) });
      })
      .on(['GET', 'POST'], '/auth/*', async (c) => {
        // Codes are sent only through /phone-code above, where our limits apply.
        if (DIRECT_SMS_PATHS.has(c.req.path)) throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
        return translateAuthResponse(await auth.handler(c.req.raw));
      })
  );
}
