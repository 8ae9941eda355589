import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key FORMS.
const en = { FORMS: { TITLE: 'FORMS' } };

export const formMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
