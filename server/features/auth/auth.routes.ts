import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { phoneCodeRequestSchema, toE164 } from '../../../common/account';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/index';
import { AppError, BAD_REQUEST_MESSAGE, NOT_FOUND_MESSAGE } from '../../lib/errors';
import type { RateLimiter, RateRule } from '../../lib/rate-limit';
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

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Limits of the account routes, kept in the database so they hold across
 * instances (better-auth's own limiter is in memory and stays off). Per network
 * they are generous, since a family or a legal-aid clinic shares one address;
 * per account they are tight, since that is what password guessing targets.
 */
export const AUTH_RATE_LIMITS = {
  /** SMS costs money and can be used to harass. */
  phoneCodePerPhone: { name: 'phone-code:phone', limit: 5, windowMs: HOUR },
  phoneCodePerIp: { name: 'phone-code:ip', limit: 20, windowMs: HOUR },
  /** E-mail + password sign-in and SMS code checks. */
  signInPerIp: { name: 'sign-in:ip', limit: 60, windowMs: 15 * MINUTE },
  signInPerAccount: { name: 'sign-in:account', limit: 10, windowMs: 15 * MINUTE },
  signUpPerIp: { name: 'sign-up:ip', limit: 100, windowMs: HOUR },
  /** Reset links are e-mails sent on a stranger's request. */
  passwordResetPerIp: { name: 'password-reset:ip', limit: 20, windowMs: HOUR },
  passwordResetPerAccount: { name: 'password-reset:account', limit: 5, windowMs: HOUR },
  /** Changing password or e-mail checks the current password. */
  accountChangePerIp: { name: 'account-change:ip', limit: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateRule>;

/** Which limits a POST to a better-auth path counts against: per network, and per account named in the body. */
function authLimitsFor(path: string): { perIp: RateRule; perAccount?: RateRule } | undefined {
  const route = path.replace(/^\/api\/auth/, '');
  const L = AUTH_RATE_LIMITS;
  if (
    route.startsWith('/sign-in/') ||
    route === '/phone-number/verify' ||
    route === '/phone-number/reset-password'
  )
    return { perIp: L.signInPerIp, perAccount: L.signInPerAccount };
  if (route.startsWith('/sign-up/')) return { perIp: L.signUpPerIp };
  if (route === '/request-password-reset' || route === '/forget-password')
    return { perIp: L.passwordResetPerIp, perAccount: L.passwordResetPerAccount };
  if (route === '/change-password' || route === '/change-email') return { perIp: L.accountChangePerIp };
  return undefined;
}

/** The account a request names: its e-mail (case-insensitive) or its phone (digits only). */
async function accountOf(request: Request): Promise<string | undefined> {
  const body = (await request
    .clone()
    .json()
    .catch(() => null)) as { email?: unknown; phoneNumber?: unknown } | null;
  if (typeof body?.email === 'string' && body.email.trim()) return `email:${body.email.trim().toLowerCase()}`;
  if (typeof body?.phoneNumber === 'string') {
    const digits = body.phoneNumber.replace(/\D/g, '');
    if (digits) return `phone:${digits.length === 10 ? `1${digits}` : digits}`;
  }
  return undefined;
}

/**
 * better-auth also reads form-encoded bodies, which accountOf would not see:
 * password guesses sent that way escaped the per-account limit. Our client
 * sends JSON only, so a body in any other encoding is refused outright.
 */
function carriesNonJsonBody(request: Request): boolean {
  const hasBody = request.body !== null && request.headers.get('Content-Length') !== '0';
  if (!hasBody) return false;
  const mediaType = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  return mediaType !== 'application/json';
}

/**
 * Routes of better-auth that our own routes replace, where our rules apply:
 * codes are sent through /phone-code (limits), and the sign-in e-mail changes
 * through PATCH /api/me (proof it is the person, notice to the old address).
 */
const REPLACED_PATHS = new Set([
  '/api/auth/phone-number/send-otp',
  '/api/auth/phone-number/request-password-reset',
  '/api/auth/change-email',
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
        await limiter.hit(AUTH_RATE_LIMITS.phoneCodePerPhone, phoneNumber);
        await limiter.hit(AUTH_RATE_LIMITS.phoneCodePerIp, clientIp(c));
        const [existing] = await db
          .select({ id: user.id })
          .from(user)
          .where(eq(user.phoneNumber, phoneNumber));
        await auth.api.sendPhoneNumberOTP({ body: { phoneNumber }, headers: c.req.raw.headers });
        return c.json({ sent: true, alreadyRegistered: mode === 'register' && Boolean(existing) });
      })
      .on(['GET', 'POST'], '/auth/*', async (c) => {
        if (REPLACED_PATHS.has(c.req.path)) throw new AppError('not_found', 404, NOT_FOUND_MESSAGE);
        if (c.req.method === 'POST' && carriesNonJsonBody(c.req.raw))
          throw new AppError('unsupported_media_type', 415, BAD_REQUEST_MESSAGE, {
            logMessage: 'auth body not JSON',
          });
        const limits = c.req.method === 'POST' ? authLimitsFor(c.req.path) : undefined;
        if (limits) {
          await limiter.hit(limits.perIp, clientIp(c));
          const account = limits.perAccount && (await accountOf(c.req.raw));
          if (limits.perAccount && account) await limiter.hit(limits.perAccount, account);
        }
        return translateAuthResponse(await auth.handler(c.req.raw));
      })
  );
}
