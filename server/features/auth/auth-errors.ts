// better-auth answers errors as { code, message } in English. We keep its code
// and put the Spanish message of SPEC.md §8 (or our own plain Spanish) in front
// of the person.

export const AUTH_FALLBACK_MESSAGE = 'Error en la autenticación';
export const EMAIL_TAKEN_MESSAGE = 'Este correo ya está registrado. Por favor inicia sesión.';

const MESSAGES: Record<string, string> = {
  USER_ALREADY_EXISTS: EMAIL_TAKEN_MESSAGE,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: EMAIL_TAKEN_MESSAGE,
  INVALID_EMAIL_OR_PASSWORD: 'Correo electrónico o contraseña incorrectos.',
  INVALID_EMAIL: 'Por favor ingresa un correo electrónico válido',
  PASSWORD_TOO_SHORT: 'La contraseña debe tener al menos 6 caracteres',
  PASSWORD_TOO_LONG: 'La contraseña es demasiado larga.',
  INVALID_PASSWORD: 'La contraseña actual no es correcta.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Tu cuenta no tiene contraseña: entras con un código por SMS.',
  INVALID_TOKEN: 'El enlace para cambiar la contraseña no es válido o ya venció. Pide uno nuevo.',
  TOKEN_EXPIRED: 'El enlace para cambiar la contraseña ya venció. Pide uno nuevo.',
  INVALID_OTP: 'El código no es correcto. Revisa el mensaje e inténtalo de nuevo.',
  OTP_EXPIRED: 'El código ya venció. Pide un código nuevo.',
  OTP_NOT_FOUND: 'El código ya venció o ya se usó. Pide un código nuevo.',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos con este código. Pide un código nuevo.',
  INVALID_PHONE_NUMBER: 'El número de teléfono debe tener 10 dígitos',
  SESSION_EXPIRED: 'Tu sesión ha expirado. Por favor inicia sesión nuevamente.',
  INVALID_ORIGIN: 'Solicitud no permitida.',
  MISSING_OR_NULL_ORIGIN: 'Solicitud no permitida.',
  VALIDATION_ERROR: 'Revisa los datos e inténtalo de nuevo.',
  UNAUTHORIZED: 'Debes iniciar sesión para continuar.',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'Número de teléfono o contraseña incorrectos.',
};

/** The code our own checks (before better-auth's) answer with; their message is already Spanish. */
export const OUR_VALIDATION_CODE = 'INVALID_INPUT';

export function spanishAuthMessage(code: string | undefined, status: number, message?: string): string {
  if (code === OUR_VALIDATION_CODE && message) return message;
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (status === 429) return 'Demasiados intentos. Espera un momento e inténtalo de nuevo.';
  // Our own hooks already speak Spanish.
  if (message && /[áéíóúñ¿¡]|Por favor|Debes/.test(message)) return message;
  return AUTH_FALLBACK_MESSAGE;
}

/** Rewrites an error answer of better-auth so its message is Spanish; success passes through. */
export async function translateAuthResponse(response: Response): Promise<Response> {
  if (response.ok || !response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; message?: string } | null;
  const translated = {
    code: body?.code ?? 'AUTH_ERROR',
    message: spanishAuthMessage(body?.code, response.status, body?.message),
  };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(translated), { status: response.status, headers });
}
