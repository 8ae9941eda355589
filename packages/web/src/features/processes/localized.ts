import type { LocalizedText } from '@trialbase/domain';

type Texts = Record<string, string | undefined>;

/** The text of one language (empty when not yet translated). */
export function textIn(text: LocalizedText | null | undefined, language: string): string {
  return (text as Texts | null | undefined)?.[language] ?? '';
}

/** The text with one language's value replaced. */
export function withText(
  text: LocalizedText | null | undefined,
  language: string,
  value: string,
): LocalizedText {
  return { ...(text ?? {}), [language]: value };
}

/** The text to show: the wanted language, else the study's primary one, else any filled language. */
export function displayText(
  text: LocalizedText | null | undefined,
  language: string,
  primary: string,
): string {
  const texts = (text ?? {}) as Texts;
  return texts[language] || texts[primary] || Object.values(texts).find((v) => v) || '';
}
