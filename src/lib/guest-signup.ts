// What the subscription dialog stores when a visitor's payment flow stops
// half-way, so /login can finish their registration (SPEC.md §2).
export const GUEST_SIGNUP_STORAGE_KEY = 'guest_signup';

export interface GuestSignup {
  email: string;
  firstName?: string;
  lastName?: string;
}

export function readGuestSignup(): GuestSignup | null {
  try {
    const raw = localStorage.getItem(GUEST_SIGNUP_STORAGE_KEY);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && typeof (value as GuestSignup).email === 'string') {
      return value as GuestSignup;
    }
    return null;
  } catch {
    return null;
  }
}

/** Remembers who started a subscription that did not finish (never the password or the card). */
export function storeGuestSignup(guest: GuestSignup): void {
  try {
    localStorage.setItem(
      GUEST_SIGNUP_STORAGE_KEY,
      JSON.stringify({ email: guest.email, firstName: guest.firstName, lastName: guest.lastName }),
    );
  } catch {
    // Storage blocked (private mode): /login simply opens without the pre-fill.
  }
}

/** Forgets the stored guest sign-up once the account exists. */
export function clearGuestSignup(): void {
  try {
    localStorage.removeItem(GUEST_SIGNUP_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
