import { useTranslation } from 'react-i18next';
import type { PublicKey } from './i18n';

export type PublicT = (key: PublicKey, options?: Record<string, unknown>) => string;

/**
 * `t` typed by the participant strings: the staff app's augmentation of i18next types the shared
 * `t` by the staff strings, so the public pages use this instead of `useTranslation` directly.
 */
export function usePublicTranslation(): { t: PublicT; language: string } {
  const { t, i18n } = useTranslation();
  return { t: t as unknown as PublicT, language: i18n.language };
}
