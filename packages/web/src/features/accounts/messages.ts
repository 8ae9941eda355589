import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key ACCOUNTS.
const en = { ACCOUNTS: { TITLE: 'ACCOUNTS' } };

export const accountsMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
