import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { APIError } from 'better-auth/api';
import {
  deleteAccountSchema,
  MESSAGES,
  passwordChangeSchema,
  profileUpdateSchema,
} from '../../../common/account';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { user as userTable } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { readJson } from '../../lib/validate';
import { isPlaceholderEmail, type Auth } from '../auth/auth';
import { spanishAuthMessage } from '../auth/auth-errors';
import { AUTH_RATE_LIMITS } from '../auth/auth.routes';
import { requireUser } from '../auth/session';
import type { RateLimiter } from '../../lib/rate-limit';
import type { EmailProvider } from '../../providers/email/index';
import type { SmsProvider } from '../../providers/sms/index';
import {
  deleteAccount,
  exportAccount,
  getOrCreateProfile,
  updateProfile,
  type Profile,
} from './account.service';

export interface AccountRoutesDeps {
  auth: Auth;
  db: Database;
  config: Config;
  /** The profile with its plan brought up to date; created on first read. */
  loadProfile: (user: { id: string; email: string; name: string }) => Promise<Profile>;
  /** Questions the user may still ask today; null means no limit. */
  questionsLeftToday: (profile: Profile) => Promise<number | null>;
  /** Ends the user's paid subscriptions at the provider; throws (and nothing is deleted) when it cannot. */
  closeBilling: (userId: string) => Promise<void>;
  limiter: RateLimiter;
  clock: () => Date;
  clientIp: (c: Context) => string;
  /** Tell the old address (or the phone) that the sign-in e-mail changed. */
  email: EmailProvider;
  sms: SmsProvider;
}

export const EMAIL_CHANGE_FAILED_MESSAGE = 'No se pudo actualizar el correo electrónico.';
export const EMAIL_CODE_NO_PHONE_MESSAGE = 'Tu cuenta no tiene un teléfono para enviarte el código.';

/** "a•••@example.com": enough for the person to recognise, not enough to harvest. */
export function maskEmail(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Everything under /api/me is the session's own user: the id never comes from the request. */
export function accountRoutes({
  auth,
  db,
  config,
  loadProfile,
  questionsLeftToday,
  closeBilling,
  limiter,
  clock,
  clientIp,
  email: mail,
  sms,
}: AccountRoutesDeps) {
  /**
   * Changing the sign-in address hands over the account (a password reset goes
   * to it), so a session cookie alone is not enough: the person proves it is
   * them with their password, or with a code sent to the account's phone.
   * Every check counts against the same limits as a sign-in.
   */
  async function proveItIsThem(
    c: Context,
    user: { id: string; email: string; phoneNumber?: string | null },
    proof: { currentPassword?: string; emailCode?: string },
  ) {
    await limiter.hit(AUTH_RATE_LIMITS.accountChangePerIp, clientIp(c));
    await limiter.hit(AUTH_RATE_LIMITS.signInPerAccount, user.id);
    const byPhone = isPlaceholderEmail(user.email) && Boolean(user.phoneNumber);
    try {
      if (proof.emailCode && user.phoneNumber) {
        await auth.api.verifyPhoneNumber({
          body: { phoneNumber: user.phoneNumber, code: proof.emailCode, disableSession: true },
        });
      } else if (proof.currentPassword) {
        await auth.api.verifyPassword({
          body: { password: proof.currentPassword },
          headers: c.req.raw.headers,
        });
      } else {
        const field = byPhone ? 'emailCode' : 'currentPassword';
        const message = byPhone ? MESSAGES.emailChangeCode : MESSAGES.emailChangePassword;
        throw new AppError('validation_failed', 400, message, { fields: { [field]: message } });
      }
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      const field = proof.emailCode ? 'emailCode' : 'currentPassword';
      const message = spanishAuthMessage(error.body?.code, error.statusCode);
      throw new AppError('validation_failed', 400, message, { fields: { [field]: message } });
    }
  }

  async function tellOldContact(user: { email: string; phoneNumber?: string | null }, newEmail: string) {
    const masked = maskEmail(newEmail);
    if (!isPlaceholderEmail(user.email)) {
      await mail.send({
        to: user.email,
        subject: 'Cambiaste el correo de tu cuenta',
        text:
          `Hola. El correo para entrar a tu cuenta de Ayuda Inmigración cambió a ${masked}.\n\n` +
          `Si fuiste tú, no tienes que hacer nada. Si no fuiste tú, escríbenos desde la página de ` +
          `contacto: alguien más podría estar usando tu cuenta.`,
      });
    } else if (user.phoneNumber) {
      await sms.send({
        to: user.phoneNumber,
        text: `Ayuda Inmigración: agregaste el correo ${masked} a tu cuenta. Si no fuiste tú, escríbenos desde la página de contacto.`,
      });
    }
  }

  const present = async (profile: Profile) => ({
    profile: {
      id: profile.id,
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber,
      plan: profile.plan,
      preferredLanguage: profile.preferredLanguage,
      voiceId: profile.voiceId,
      timeZone: profile.timeZone,
    },
    questionsLeftToday: await questionsLeftToday(profile),
  });

  return (
    new Hono()
      .get('/', async (c) => {
        const user = await requireUser(c, auth);
        return c.json(await present(await loadProfile(user)));
      })
      .patch('/', async (c) => {
        const user = await requireUser(c, auth);
        const { email, currentPassword, emailCode, ...rest } = await readJson(c, profileUpdateSchema);
        let emailWarning: string | undefined;
        const changes: Parameters<typeof updateProfile>[2] = { ...rest };
        if (email !== undefined && email.toLowerCase() !== user.email.toLowerCase()) {
          await proveItIsThem(c, user, { currentPassword, emailCode });
          // better-auth's change-email flow owns the sign-in address.
          try {
            await auth.api.changeEmail({ body: { newEmail: email }, headers: c.req.raw.headers });
          } catch {
            emailWarning = EMAIL_CHANGE_FAILED_MESSAGE;
          }
          const [row] = await db
            .select({ email: userTable.email })
            .from(userTable)
            .where(eq(userTable.id, user.id));
          if (row && row.email.toLowerCase() !== email.toLowerCase())
            emailWarning = EMAIL_CHANGE_FAILED_MESSAGE;
          else {
            changes.email = email.toLowerCase();
            await tellOldContact(user, changes.email);
          }
        }
        await getOrCreateProfile(
          db,
          { id: user.id, email: user.email, name: user.name },
          config.DEFAULT_PLAN,
        );
        const profile = await updateProfile(db, user.id, changes, clock());
        return c.json({ ...(await present(profile)), ...(emailWarning ? { warning: emailWarning } : {}) });
      })
      /** A code to the account's own phone, to prove a change of e-mail (accounts made by phone). */
      .post('/email-code', async (c) => {
        const user = await requireUser(c, auth);
        if (!user.phoneNumber) throw new AppError('validation_failed', 400, EMAIL_CODE_NO_PHONE_MESSAGE);
        await limiter.hit(AUTH_RATE_LIMITS.phoneCodePerPhone, user.phoneNumber);
        await limiter.hit(AUTH_RATE_LIMITS.phoneCodePerIp, clientIp(c));
        await auth.api.sendPhoneNumberOTP({
          body: { phoneNumber: user.phoneNumber },
          headers: c.req.raw.headers,
        });
        return c.json({ sent: true });
      })
      .post('/password', async (c) => {
        const user = await requireUser(c, auth);
        // Checking the current password is a sign-in attempt: the same per-account budget.
        await limiter.hit(AUTH_RATE_LIMITS.signInPerAccount, user.id);
        const { currentPassword, newPassword } = await readJson(c, passwordChangeSchema);
        // Revoking the other sessions gives this one a new token: pass its cookie on.
        const response = await auth.api.changePassword({
          body: { currentPassword, newPassword, revokeOtherSessions: true },
          headers: c.req.raw.headers,
          asResponse: true,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { code?: string } | null;
          const message = spanishAuthMessage(body?.code, response.status);
          throw new AppError('validation_failed', 400, message, {
            fields: body?.code === 'INVALID_PASSWORD' ? { currentPassword: message } : undefined,
          });
        }
        for (const cookie of response.headers.getSetCookie())
          c.header('Set-Cookie', cookie, { append: true });
        return c.json({ ok: true, changedAt: new Date().toISOString() });
      })
      .delete('/', async (c) => {
        const user = await requireUser(c, auth);
        const { reason } = await readJson(c, deleteAccountSchema);
        // Charges stop before anything is deleted: if they cannot, the account stays as it was.
        await closeBilling(user.id);
        // Sign out first: it revokes the session and gives the cookie-clearing headers.
        const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
        await deleteAccount(db, user.id, reason || undefined);
        for (const cookie of signOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        return c.json({ success: true });
      })
      .get('/export', async (c) => {
        const user = await requireUser(c, auth);
        const data = await exportAccount(db, user.id);
        c.header(
          'Content-Disposition',
          `attachment; filename="mis-datos-${new Date().toISOString().slice(0, 10)}.json"`,
        );
        c.header('Cache-Control', 'no-store');
        return c.json(data);
      })
  );
}
