import { eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import {
  authUserUpdateSchema,
  emailSignUpSchema,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../common/account';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createLogger, type Logger } from '../../lib/logger';
import * as schema from '../../db/schema/index';
import { profiles } from '../../db/schema/index';
import type { EmailProvider } from '../../providers/email/index';
import type { SmsProvider } from '../../providers/sms/index';
import { withOneQuerySessions } from './session-lookup';
import { OUR_VALIDATION_CODE } from './auth-errors';

/** The Vite dev server's origin, trusted in development so its requests pass better-auth's Origin check. */
export const DEV_CLIENT_ORIGIN = 'http://localhost:5173';
/** Accounts made by phone get a placeholder address on a reserved domain that never receives mail. */
export const PHONE_EMAIL_DOMAIN = 'telefono.invalid';
export const OTP_EXPIRES_SECONDS = 10 * 60;
export const OTP_ALLOWED_ATTEMPTS = 5;

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
}

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  sms: SmsProvider;
  email: EmailProvider;
  /** Where better-auth's own messages go; by default a logger built from the config. */
  logger?: Logger;
}

/**
 * better-auth writes its messages with console by default, outside our JSON
 * logs and their scrubbing of addresses and numbers ("Sign-up attempt for
 * existing email: …"): send them through pino instead.
 */
export function betterAuthLogger(logger: Logger) {
  return {
    // pino filters by its own level. 'info' also keeps better-auth from
    // echoing each refused request on the console (it does so at 'debug',
    // 'warn' and 'error').
    level: 'info' as const,
    log(at: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      logger[at]({ source: 'better-auth', err, args: rest.length ? rest : undefined }, message);
    },
  };
}

/**
 * better-auth, mounted under /api/auth: e-mail + password, 6-digit SMS codes
 * (phoneNumber plugin), password reset by e-mail. Sessions are httpOnly
 * cookies kept in the database, so any instance can read them.
 */
export function createAuth({ db, config, secret, sms, email, logger }: AuthDeps) {
  const trustedOrigins = [config.publicUrl];
  if (!config.isProduction) trustedOrigins.push(DEV_CLIENT_ORIGIN);
  return betterAuth({
    appName: 'Ayuda Inmigración',
    logger: betterAuthLogger(logger ?? createLogger(config)),
    secret,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    trustedOrigins,
    // A session and its user in one prepared query (session-lookup.ts), the rest as Drizzle's adapter does it.
    database: withOneQuerySessions(drizzleAdapter(db, { provider: 'pg', schema }), db),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await email.send({
          to: user.email,
          subject: 'Cambia tu contraseña',
          text:
            `Hola. Recibimos una solicitud para cambiar la contraseña de tu cuenta.\n\n` +
            `Abre este enlace para elegir una nueva (vence en 1 hora):\n${url}\n\n` +
            `Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.`,
        });
      },
    },
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: true } },
    plugins: [
      phoneNumber({
        otpLength: OTP_LENGTH,
        expiresIn: OTP_EXPIRES_SECONDS,
        allowedAttempts: OTP_ALLOWED_ATTEMPTS,
        phoneNumberValidator: (value) => /^\+1\d{10}$/.test(value),
        sendOTP: async ({ phoneNumber: to, code }) => {
          await sms.send({ to, code, text: `Tu código de verificación es ${code}. Vence en 10 minutos.` });
        },
        signUpOnVerification: {
          getTempEmail: (value) => `${value.replace(/\D/g, '')}@${PHONE_EMAIL_DOMAIN}`,
          getTempName: () => '',
        },
      }),
    ],
    // Our database limiter guards these routes (auth.routes.ts), on every instance.
    rateLimit: { enabled: false },
    advanced: { useSecureCookies: config.publicUrl.startsWith('https://') },
    hooks: {
      // SPEC.md §5 rules and Spanish messages before better-auth's own checks.
      before: createAuthMiddleware(async (ctx) => {
        const schema =
          ctx.path === '/sign-up/email'
            ? emailSignUpSchema
            : ctx.path === '/update-user'
              ? authUserUpdateSchema
              : undefined;
        if (!schema) return;
        const parsed = schema.safeParse(ctx.body);
        if (!parsed.success) {
          throw new APIError('BAD_REQUEST', {
            code: OUR_VALIDATION_CODE,
            message: parsed.error.issues[0]?.message ?? 'Datos no válidos',
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account has a profile from its first moment (SPEC.md §3).
          after: async (created) => {
            const byPhone = isPlaceholderEmail(created.email);
            const phone = (created as { phoneNumber?: string | null }).phoneNumber ?? null;
            await db
              .insert(profiles)
              .values({
                id: created.id,
                email: byPhone ? '' : created.email,
                firstName: created.name.trim(),
                phoneNumber: phone,
                plan: config.DEFAULT_PLAN,
              })
              .onConflictDoNothing();
          },
        },
        update: {
          // The profile's e-mail follows the sign-in address, whichever route changed it.
          after: async (updated) => {
            if (!updated.email) return;
            await db
              .update(profiles)
              .set({ email: isPlaceholderEmail(updated.email) ? '' : updated.email })
              .where(eq(profiles.id, updated.id));
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
