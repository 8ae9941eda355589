import { rendererEn, rendererMessages } from '../../features/forms/renderer/messages';
import type { PublicLanguage } from '../app/languages';

/**
 * The shared form renderer's strings for the participant languages. The staff UI has no Spanish
 * or French yet; those fall back to English here until their renderer strings exist.
 */
export const publicRendererMessages: Record<PublicLanguage, typeof rendererEn> = {
  en: rendererMessages.en,
  da: rendererMessages.da,
  de: rendererMessages.de,
  es: rendererEn,
  fr: rendererEn,
  ar: rendererMessages.ar,
  'he-il': rendererMessages['he-il'],
  ur: rendererMessages.ur,
};
