import type { PhoneCodeRequest } from '@common/account';
import { apiFetch } from '@/lib/api-client';
import { api, unwrap } from '@/lib/api';

// Calls to better-auth's own routes (/api/auth/*) and to our phone-code route.
// better-auth's errors arrive translated to Spanish by the server.

const post = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const signInWithEmail = (input: { email: string; password: string }) =>
  post<unknown>('/api/auth/sign-in/email', input);

export const signUpWithEmail = (input: { name: string; email: string; password: string }) =>
  post<unknown>('/api/auth/sign-up/email', input);

export const requestPhoneCode = (input: PhoneCodeRequest) => unwrap(api['phone-code'].$post({ json: input }));

export const verifyPhoneCode = (input: { phoneNumber: string; code: string }) =>
  post<unknown>('/api/auth/phone-number/verify', input);

export const requestPasswordReset = (email: string) =>
  post<unknown>('/api/auth/request-password-reset', { email, redirectTo: `${window.location.origin}/login` });

export const resetPassword = (input: { token: string; newPassword: string }) =>
  post<unknown>('/api/auth/reset-password', input);
