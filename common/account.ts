import { z } from 'zod';

// Input rules of SPEC.md §5 for accounts, shared so the form and the server
// refuse the same things with the same Spanish words.

export const DELETION_PHRASE = 'ELIMINAR MI CUENTA';
export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;

export const MESSAGES = {
  firstNameRequired: 'Por favor ingresa tu nombre',
  emailRequired: 'Por favor ingresa tu correo electrónico',
  emailInvalid: 'Por favor ingresa un correo electrónico válido',
  phoneRequired: 'Por favor ingresa tu número de teléfono',
  phoneInvalid: 'El número de teléfono debe tener 10 dígitos',
  passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
  codeRequired: 'Por favor ingresa el código de verificación',
  profileFirstName: 'El nombre es requerido',
  profileLastName: 'El apellido es requerido',
  profileEmail: 'Email inválido',
  currentPasswordRequired: 'La contraseña actual es requerida',
  newPasswordRequired: 'La nueva contraseña es requerida',
  confirmPasswordRequired: 'Confirma tu nueva contraseña',
  passwordsDoNotMatch: 'Las contraseñas no coinciden',
  deletionPhrase: `Debes escribir '${DELETION_PHRASE}' para confirmar`,
  emailChangePassword: 'Para cambiar tu correo, escribe tu contraseña actual.',
  emailChangeCode: 'Para cambiar tu correo, escribe el código que te enviamos por SMS.',
} as const;

/** Keeps only digits, at most 10 (SPEC.md §5); a pasted +1 country code is dropped. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** 10 US digits → E.164 with the +1 the product adds. */
export function toE164(digits: string): string {
  return `+1${digits}`;
}

export const phoneSchema = z
  .string({ message: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(/^\d{10}$/, MESSAGES.phoneInvalid);

/** The longest address SMTP allows (RFC 5321); longer ones are refused before any work is done. */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_TOO_LONG_MESSAGE = 'El nombre es demasiado largo.';

/** What better-auth's /update-user may change: the name as sign-up caps it, and a picture only over http(s). */
export const authUserUpdateSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.firstNameRequired).max(100, NAME_TOO_LONG_MESSAGE).optional(),
  image: z
    .string()
    .max(2048)
    .refine((value) => /^https?:\/\//i.test(value), 'La imagen debe ser una dirección https://')
    .nullable()
    .optional(),
});

export const emailSignUpSchema = z.object({
  name: z
    .string({ message: MESSAGES.firstNameRequired })
    .trim()
    .min(1, MESSAGES.firstNameRequired)
    .max(100, NAME_TOO_LONG_MESSAGE),
  email: z
    .string({ message: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .pipe(z.email(MESSAGES.emailInvalid).max(EMAIL_MAX_LENGTH, MESSAGES.emailInvalid)),
  password: z
    .string({ message: MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
});

export const phoneCodeRequestSchema = z.object({
  phone: phoneSchema,
  mode: z.enum(['login', 'register']),
});
export type PhoneCodeRequest = z.infer<typeof phoneCodeRequestSchema>;

export const verificationCodeSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.codeRequired)
  .max(OTP_LENGTH, `El código tiene ${OTP_LENGTH} dígitos`);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const profileUpdateSchema = z
  .object({
    firstName: z.string().trim().min(1, MESSAGES.profileFirstName).max(100),
    lastName: z.string().trim().min(1, MESSAGES.profileLastName).max(100),
    email: z
      .string()
      .trim()
      .pipe(z.email(MESSAGES.profileEmail).max(EMAIL_MAX_LENGTH, MESSAGES.profileEmail)),
    phoneNumber: z
      .string()
      .trim()
      .transform(phoneDigits)
      .refine((v) => v === '' || v.length === 10, MESSAGES.phoneInvalid)
      .nullable(),
    preferredLanguage: z.enum(['es', 'en']),
    timeZone: z.string().refine(isTimeZone, 'Zona horaria no válida'),
    /** A new e-mail needs proof it is the person: their password… */
    currentPassword: z.string().max(200),
    /** …or, for an account made by phone, a code sent to that phone (POST /api/me/email-code). */
    emailCode: z.string().trim().max(OTP_LENGTH),
  })
  .partial()
  .strict();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
  newPassword: z
    .string()
    .min(1, MESSAGES.newPasswordRequired)
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort),
});

export const deleteAccountSchema = z.object({
  confirmation: z.literal(DELETION_PHRASE, { message: MESSAGES.deletionPhrase }),
  reason: z.string().trim().max(2000).optional(),
});
