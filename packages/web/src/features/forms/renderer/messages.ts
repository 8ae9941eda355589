import { defineMessages } from '../../../app/i18n/define-messages';

// Strings of this area live under the top-level key RENDERER.
const en = { RENDERER: { TITLE: 'RENDERER' } };

export const rendererMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
