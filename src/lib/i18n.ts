import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@common/constants';
import { es } from '@/locales/es';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof es };
  }
}

export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, strict settings): Spanish it is.
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Shows the interface in `language`. Spanish ships with the app; English is
 * fetched the first time it is chosen, so Spanish-speaking phones never
 * download it.
 */
async function showLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const { en } = await import('@/locales/en');
    i18n.addResourceBundle('en', 'translation', en);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted, but the change still applies to this visit.
  }
  return showLanguage(language);
}

let initialised = false;

/**
 * Sets up i18next with Spanish, then the stored language. Called before the
 * first render (src/main.tsx, which runs it in a task of its own rather than
 * while the app's code is evaluated; tests and the build's prerender too).
 */
export function initI18n(): void {
  if (initialised) return;
  initialised = true;
  void i18n.use(initReactI18next).init({
    resources: { es: { translation: es } },
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const stored = readStoredLanguage();
  if (stored !== DEFAULT_LANGUAGE) void showLanguage(stored);
}

export { i18n };
