import type { PublicLanguage } from './languages';

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** An area's participant strings in every public language; each must have every English key. */
export function definePublicMessages<T>(
  en: T,
  others: Record<Exclude<PublicLanguage, 'en'>, DeepStrings<T>>,
): Record<PublicLanguage, T> {
  return { en, ...others } as Record<PublicLanguage, T>;
}
