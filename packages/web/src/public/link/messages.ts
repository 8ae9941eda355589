import { definePublicMessages } from '../app/define-messages';

// Participant strings of this area live under the top-level key LINK (stub: the area's pages add theirs).
const en = { LINK: { PLACEHOLDER: 'Coming soon' } };

export const linkMessages = definePublicMessages(en, {
  da: en,
  de: en,
  es: en,
  fr: en,
  ar: en,
  'he-il': en,
  ur: en,
});
