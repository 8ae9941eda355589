import { definePublicMessages } from '../app/define-messages';

// Participant strings of this area live under the top-level key QUESTIONNAIRE (stub: the area's pages add theirs).
const en = { QUESTIONNAIRE: { PLACEHOLDER: 'Coming soon' } };

export const questionnaireMessages = definePublicMessages(en, {
  da: en,
  de: en,
  es: en,
  fr: en,
  ar: en,
  'he-il': en,
  ur: en,
});
