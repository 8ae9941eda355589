import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key SITES.
const en = { SITES: { TITLE: 'SITES' } };

export const sitesMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
