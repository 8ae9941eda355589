/**
 * Issue 18 item 3: the language of a text the server sends a person. A participant's email or
 * SMS (link, reminder, one-time code, sign-up note) is in the participant's language; where that
 * language has no text, in the study's primary language; where that has none either, in English.
 * A staff email follows the same rule with the staff user's UI language and no study language.
 */
import { DEFAULT_LANGUAGE } from './language-codes';

/** A language code as the catalogs spell it (lower case), or null for none. */
function normalized(code: string | null | undefined): string | null {
  const trimmed = typeof code === 'string' ? code.trim().toLowerCase() : '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The languages to try, in order, for a message: the recipient's language, then the study's
 * primary language, then English; each once, blanks left out. Never empty (English is last).
 */
export function messageLanguages(languages: {
  recipient: string | null | undefined;
  primary?: string | null | undefined;
}): [string, ...string[]] {
  const chain: string[] = [];
  for (const code of [normalized(languages.recipient), normalized(languages.primary), DEFAULT_LANGUAGE]) {
    if (code !== null && !chain.includes(code)) chain.push(code);
  }
  return chain as [string, ...string[]];
}
