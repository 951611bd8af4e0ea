// Business constants from SPEC.md §9, shared by the SPA and the server so the
// UI mirrors exactly the rules the server enforces.

export const PLANS = ['FREE', 'UNLIMITED'] as const;
export type Plan = (typeof PLANS)[number];

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
/** localStorage key for the interface language (SPEC.md §2, saved conversations). */
export const LANGUAGE_STORAGE_KEY = 'preferred_language';

export const GUEST_DEMO_QUESTIONS = 2;
export const FREE_DAILY_QUESTIONS = 3;

export const SAVED_CHAT_CATEGORIES = ['residencia', 'asilo', 'trabajo', 'familia', 'otros'] as const;
export type SavedChatCategory = (typeof SAVED_CHAT_CATEGORIES)[number];

export const MOBILE_BREAKPOINT_PX = 768;

/** Upload limit, inclusive (SPEC.md §5 and §9). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** TanStack Query caching rules of SPEC.md §9. */
export const CACHE = {
  profileStaleMs: 5 * 60 * 1000,
  blogStaleMs: 5 * 60 * 1000,
  documentsStaleMs: 0,
} as const;

/** Privacy policy: data kept up to 2 years (SPEC.md §9). */
export const RETENTION_DAYS = 730;
