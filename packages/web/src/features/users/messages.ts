import { defineMessages } from '../../app/i18n/define-messages';
import { accountsAr } from './messages-ar';
import { accountsDa } from './messages-da';
import { accountsDe } from './messages-de';
import { accountsEn } from './messages-en';
import { accountsHe } from './messages-he';
import { accountsUr } from './messages-ur';

// Strings of this area live under the top-level key ACCOUNTS.
export const accountsMessages = defineMessages(accountsEn, {
  ar: accountsAr,
  da: accountsDa,
  de: accountsDe,
  'he-il': accountsHe,
  ur: accountsUr,
});
