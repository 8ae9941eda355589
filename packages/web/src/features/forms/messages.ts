import { defineMessages } from '../../app/i18n/define-messages';
import { formsAr } from './messages-ar';
import { formsDa } from './messages-da';
import { formsDe } from './messages-de';
import { formsEn } from './messages-en';
import { formsHe } from './messages-he';
import { formsUr } from './messages-ur';

// Strings of this area live under the top-level key FORMS.
export const formMessages = defineMessages(formsEn, {
  ar: formsAr,
  da: formsDa,
  de: formsDe,
  'he-il': formsHe,
  ur: formsUr,
});
