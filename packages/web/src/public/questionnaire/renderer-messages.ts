import { type rendererEn, rendererMessages } from '../../features/forms/renderer/messages';
import { messagesEs } from '../../features/forms/renderer/messages-es';
import { messagesFr } from '../../features/forms/renderer/messages-fr';
import type { PublicLanguage } from '../app/languages';

/**
 * The shared form renderer's strings for the participant languages (spec 002 §2 Language). Spanish
 * and French exist for the participant pages only; the staff UI languages are unchanged.
 */
export const publicRendererMessages: Record<PublicLanguage, typeof rendererEn> = {
  en: rendererMessages.en,
  da: rendererMessages.da,
  de: rendererMessages.de,
  es: messagesEs,
  fr: messagesFr,
  ar: rendererMessages.ar,
  'he-il': rendererMessages['he-il'],
  ur: rendererMessages.ur,
};
