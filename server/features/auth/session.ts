import type { Context } from 'hono';
import { AppError } from '../../lib/errors';
import type { Auth } from './auth';

export type SessionUser = Auth['$Infer']['Session']['user'];

export const SIGN_IN_REQUIRED_MESSAGE = 'Debes iniciar sesión para continuar.';

/** The signed-in user from the session cookie, or null. The user id never comes from the request body. */
export async function optionalUser(c: Context, auth: Auth): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  return session?.user ?? null;
}

export async function requireUser(c: Context, auth: Auth): Promise<SessionUser> {
  const user = await optionalUser(c, auth);
  if (!user) throw new AppError('unauthorized', 401, SIGN_IN_REQUIRED_MESSAGE);
  return user;
}
