import type { UiLanguage } from './languages';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** A feature's strings in every UI language; each language must have every key of English. */
export function defineMessages<T>(
  en: T,
  others: Record<Exclude<UiLanguage, 'en'>, DeepStrings<T>>,
): Record<UiLanguage, T> {
  return { en, ...others } as Record<UiLanguage, T>;
}
