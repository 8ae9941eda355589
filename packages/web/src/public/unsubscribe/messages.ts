import { definePublicMessages } from '../app/define-messages';

// Participant strings of this area live under the top-level key UNSUBSCRIBE (stub: the area's pages add theirs).
const en = { UNSUBSCRIBE: { PLACEHOLDER: 'Coming soon' } };

export const unsubscribeMessages = definePublicMessages(en, {
  da: en,
  de: en,
  es: en,
  fr: en,
  ar: en,
  'he-il': en,
  ur: en,
});
