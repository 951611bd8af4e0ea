import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './account';

// The membership of SPEC.md §1 and §9 and the subscription rules of §5, shared
// so the dialog and the server refuse the same things with the same words.

export const TRIAL_DAYS = 7;
export const TRIAL_PRICE_CENTS = 100;
export const MONTHLY_PRICE_CENTS = 999;
/** After a successful payment the dialog waits this long before leaving (SPEC.md §9). */
export const SUBSCRIBE_REDIRECT_DELAY_MS = 3000;
/** Card number as displayed: blocks of 4 separated by spaces (SPEC.md §2). */
export const CARD_INPUT_MAX_LENGTH = 19;
export const EXPIRY_INPUT_MAX_LENGTH = 5;

export const SUBSCRIPTION_MESSAGES = {
  firstName: 'Por favor ingrese su nombre',
  lastName: 'Por favor ingrese su apellido',
  email: 'Por favor ingrese un email válido',
  password: 'La contraseña debe tener al menos 6 caracteres',
  cardNumber: 'Número de tarjeta inválido',
  expirationDate: 'Use el formato MM/YY',
  cvv: 'CVV inválido',
} as const;

/** §8: what the dialog shows, by the order in which the error panel maps a failure. */
export const SUBSCRIPTION_ERROR_TEXT = {
  existingAccount: 'Ya tienes una cuenta con este correo electrónico. Inicia sesión para continuar.',
  temporary: 'Error temporal al procesar el pago. Por favor intenta de nuevo en unos minutos.',
  card: 'Hubo un problema con los datos de tu tarjeta. Revisa el número, la fecha y el CVV, o usa otra tarjeta.',
  network: 'Error de conexión. Verifica tu internet e intenta nuevamente.',
  functionError: 'Error al procesar el pago. Por favor intente más tarde.',
  notSuccessful: 'Error al procesar el pago',
  unexpected: 'Error inesperado al procesar el pago. Por favor, intenta nuevamente.',
  success: '¡Pago exitoso! Tu suscripción de prueba ha comenzado',
} as const;

const name = (message: string) => z.string({ message }).trim().min(2, message).max(100, message);

const accountFields = {
  firstName: name(SUBSCRIPTION_MESSAGES.firstName),
  lastName: name(SUBSCRIPTION_MESSAGES.lastName),
  email: z
    .string({ message: SUBSCRIPTION_MESSAGES.email })
    .trim()
    .toLowerCase()
    .pipe(z.email(SUBSCRIPTION_MESSAGES.email).max(EMAIL_MAX_LENGTH, SUBSCRIPTION_MESSAGES.email)),
  password: z
    .string({ message: SUBSCRIPTION_MESSAGES.password })
    .min(PASSWORD_MIN_LENGTH, SUBSCRIPTION_MESSAGES.password)
    .max(128, SUBSCRIPTION_MESSAGES.password),
};

/** What POST /api/billing/subscribe accepts. Card fields only for the sandbox provider. */
export const subscribeRequestSchema = z
  .object({
    ...accountFields,
    cardNumber: z
      .string({ message: SUBSCRIPTION_MESSAGES.cardNumber })
      .regex(/^\d{13,19}$/, SUBSCRIPTION_MESSAGES.cardNumber)
      .optional(),
    expirationDate: z
      .string({ message: SUBSCRIPTION_MESSAGES.expirationDate })
      .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, SUBSCRIPTION_MESSAGES.expirationDate)
      .optional(),
    cvv: z
      .string({ message: SUBSCRIPTION_MESSAGES.cvv })
      .regex(/^\d{3,4}$/, SUBSCRIPTION_MESSAGES.cvv)
      .optional(),
  })
  .strict();
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;

/** The dialog's form, as typed: the card in blocks, the expiry as MM/YY. */
export const subscriptionFormSchema = z.object({
  ...accountFields,
  cardNumber: z
    .string()
    .refine((v) => /^\d{13,19}$/.test(v.replace(/\s/g, '')), SUBSCRIPTION_MESSAGES.cardNumber),
  expirationDate: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, SUBSCRIPTION_MESSAGES.expirationDate),
  cvv: z.string().regex(/^\d{3,4}$/, SUBSCRIPTION_MESSAGES.cvv),
});
export type SubscriptionForm = z.infer<typeof subscriptionFormSchema>;

/** '4242424242424242' → '4242 4242 4242 4242', at most CARD_INPUT_MAX_LENGTH characters. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  return (digits.match(/.{1,4}/g) ?? []).join(' ').slice(0, CARD_INPUT_MAX_LENGTH).trimEnd();
}

/**
 * Expiry as typed: '12' → '12/', '1228' → '12/28'. When the person is deleting
 * (the new text is shorter), the slash is not put back, so backspace works.
 */
export function formatExpiry(input: string, previous = ''): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && input.length > previous.length) return `${digits}/`;
  return digits;
}

/** 'MM/YY' → 'YYYY-MM' with 20 prefixed to the year, as the server expects (SPEC.md §5). */
export function expiryToApi(mmYy: string): string {
  const [month = '', year = ''] = mmYy.split('/');
  return `20${year}-${month}`;
}

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface MembershipView {
  /** Which payment provider this server uses; 'sandbox' moves no money. */
  provider: 'sandbox' | 'stripe';
  plan: 'FREE' | 'UNLIMITED';
  subscription: {
    status: SubscriptionStatus;
    cardBrand: string | null;
    cardLast4: string | null;
    trialEndsAt: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
}
