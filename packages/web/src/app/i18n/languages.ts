import { isRightToLeft, normalizeLanguageCode, STUDY_LANGUAGES } from '@trialbase/domain';

/** Languages the staff UI ships strings for (bundled, never loaded over HTTP). */
export const UI_LANGUAGES = ['en', 'ar', 'da', 'de', 'he-il', 'ur'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: UiLanguage = 'en';

const STORAGE_KEY = 'trialbase.language';

function primaryTag(code: string): string {
  return code.split('-')[0] ?? code;
}

function toUiLanguage(candidate: string | null | undefined): UiLanguage | null {
  if (!candidate) return null;
  const code = normalizeLanguageCode(candidate);
  const exact = UI_LANGUAGES.find((language) => language === code);
  if (exact) return exact;
  return UI_LANGUAGES.find((language) => primaryTag(language) === primaryTag(code)) ?? null;
}

/**
 * Spec 000 §1: the lang query parameter first, then the stored choice, then the default
 * (pass them in that order). A code the UI has no strings for is skipped; a regional
 * variant uses its base language (`de-at` → `de`, `he` → `he-il`). Returns null when none fits.
 */
export function firstUiLanguage(candidates: ReadonlyArray<string | null | undefined>): UiLanguage | null {
  for (const candidate of candidates) {
    const language = toUiLanguage(candidate);
    if (language) return language;
  }
  return null;
}

/** Same as firstUiLanguage, falling back to English. */
export function resolveUiLanguage(candidates: ReadonlyArray<string | null | undefined>): UiLanguage {
  return firstUiLanguage(candidates) ?? FALLBACK_LANGUAGE;
}

export function languageDirection(code: string): 'ltr' | 'rtl' {
  return isRightToLeft(code) ? 'rtl' : 'ltr';
}

/** The name of a UI language in that language, for the switch. */
export function nativeLanguageName(code: UiLanguage): string {
  return STUDY_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(code: UiLanguage): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export function readQueryLanguage(search: string): string | null {
  return new URLSearchParams(search).get('lang');
}
