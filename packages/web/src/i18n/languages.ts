import { isRightToLeft, normalizeLanguageCode, STUDY_LANGUAGES } from '@trialbase/domain';

/**
 * Language resolution shared by the staff and the participant app (spec 000 §1): the lang query
 * parameter, then the stored choice, then the study's primary language or the system default.
 * Codes are the study language codes (lower case, `he-il`, `pt-br`, `zh-cn`).
 */

/** English is the source of every catalog and the fallback of every other language, key by key. */
export const FALLBACK_LANGUAGE = 'en';

export { normalizeLanguageCode };

function primaryTag(code: string): string {
  return code.split('-')[0] ?? code;
}

/**
 * The language of `available` a code stands for: exact (case and `_` ignored), else the one with
 * the same base language (`de-at` → `de`, `he` → `he-il`); null when none fits.
 */
export function matchLanguage(
  candidate: string | null | undefined,
  available: readonly string[],
): string | null {
  if (!candidate) return null;
  const code = normalizeLanguageCode(candidate);
  if (!code) return null;
  return (
    available.find((language) => language === code) ??
    available.find((language) => primaryTag(language) === primaryTag(code)) ??
    null
  );
}

/** The first candidate (in the order of spec 000 §1) that matches one of `available`, or null. */
export function firstLanguage(
  candidates: ReadonlyArray<string | null | undefined>,
  available: readonly string[],
): string | null {
  for (const candidate of candidates) {
    const language = matchLanguage(candidate, available);
    if (language) return language;
  }
  return null;
}

/** Same as firstLanguage, falling back to English. */
export function resolveLanguage(
  candidates: ReadonlyArray<string | null | undefined>,
  available: readonly string[],
): string {
  return firstLanguage(candidates, available) ?? FALLBACK_LANGUAGE;
}

/**
 * Spec 002 §2 Language: the lang query parameter, then the stored choice, then the study's primary
 * language. `offered` (the study's languages, when known) limits the first two.
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
  return (
    accept(input.query) ??
    accept(input.stored) ??
    (input.primaryLanguage ? normalizeLanguageCode(input.primaryLanguage) : null) ??
    FALLBACK_LANGUAGE
  );
}

/** Spec 000 §1: ar, he-il and ur are written right to left. */
export function languageDirection(code: string): 'ltr' | 'rtl' {
  return isRightToLeft(code) ? 'rtl' : 'ltr';
}

/** The name of a language in that language, for the language switches. */
export function nativeLanguageName(code: string): string {
  return STUDY_LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;
}

export function readQueryLanguage(search: string = window.location.search): string | null {
  return new URLSearchParams(search).get('lang');
}

/** Each app stores its own choice (the staff UI and the participant pages are chosen apart). */
export function readStoredLanguage(storageKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function storeLanguage(storageKey: string, code: string): void {
  try {
    window.localStorage.setItem(storageKey, code);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** Sets the page's lang and dir attributes. */
export function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = languageDirection(code);
}
