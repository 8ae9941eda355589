import { normalizeLanguageCode } from '@trialbase/domain';

type LocalizedTexts = readonly Partial<Record<string, string>>[];

/**
 * Spec 002 §2 consent page: the consent text in the participant's language, falling back to the
 * study's primary language, then to English (§3: a list whose first item maps language to text).
 */
export function pickConsentText(
  texts: LocalizedTexts,
  language: string,
  primaryLanguage: string | null,
): string | null {
  const byLanguage = texts[0];
  if (!byLanguage) return null;
  const candidates = [language, primaryLanguage, 'en'].filter((code): code is string => Boolean(code));
  for (const code of candidates) {
    const text = byLanguage[normalizeLanguageCode(code)] ?? byLanguage[code];
    if (text?.trim()) return text;
  }
  return null;
}
