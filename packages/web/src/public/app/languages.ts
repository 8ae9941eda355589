import { isRightToLeft, normalizeLanguageCode } from '@trialbase/domain';

/**
 * Languages the participant pages ship strings for (issue 8 item 4). A study language without
 * strings here shows the English strings; form texts still come in the study language.
 */
export const PUBLIC_LANGUAGES = ['en', 'da', 'de', 'es', 'fr', 'ar', 'he-il', 'ur'] as const;
export type PublicLanguage = (typeof PUBLIC_LANGUAGES)[number];
export const PUBLIC_FALLBACK_LANGUAGE: PublicLanguage = 'en';

const STORAGE_KEY = 'trialbase.public.language';

function primaryTag(code: string): string {
  return code.split('-')[0] ?? code;
}

/** The strings to use for a (study) language: exact, then its base language, then English. */
export function publicUiLanguage(code: string | null | undefined): PublicLanguage {
  if (!code) return PUBLIC_FALLBACK_LANGUAGE;
  const normalized = normalizeLanguageCode(code);
  return (
    PUBLIC_LANGUAGES.find((language) => language === normalized) ??
    PUBLIC_LANGUAGES.find((language) => primaryTag(language) === primaryTag(normalized)) ??
    PUBLIC_FALLBACK_LANGUAGE
  );
}

export function publicDirection(code: string): 'ltr' | 'rtl' {
  return isRightToLeft(normalizeLanguageCode(code)) ? 'rtl' : 'ltr';
}

export function readQueryLanguage(): string | null {
  return new URLSearchParams(window.location.search).get('lang');
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLanguage(code: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/**
 * Spec 002 §2 Language: the lang query parameter, then the stored choice, then the study's
 * primary language. `offered` (the study's languages, when known) limits the first two.
 */
export function resolveParticipantLanguage(input: {
  query: string | null;
  stored: string | null;
  primaryLanguage: string | null;
  offered?: readonly string[];
}): string {
  const offered = input.offered?.map(normalizeLanguageCode);
  const accept = (code: string | null) => {
    if (!code) return null;
    const normalized = normalizeLanguageCode(code);
    if (!offered || offered.length === 0 || offered.includes(normalized)) return normalized;
    return null;
  };
  return accept(input.query) ?? accept(input.stored) ?? input.primaryLanguage ?? PUBLIC_FALLBACK_LANGUAGE;
}
