import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key STUDY.
const en = { STUDY: { TITLE: 'STUDY' } };

export const studyMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
