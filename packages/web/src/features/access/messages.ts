import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key ACCESS.
const en = { ACCESS: { TITLE: 'ACCESS' } };

export const accessMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
