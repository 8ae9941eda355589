import { defineMessages } from '../../app/i18n/define-messages';
import { formsAr } from './messages-ar';
import { formsDa } from './messages-da';
import { formsDe } from './messages-de';
import { formsEn } from './messages-en';
import { formsHe } from './messages-he';
import { libraryDa, libraryDe, libraryEn } from './messages-library';
import { libraryAr, libraryHe, libraryUr } from './messages-library-rtl';
import { formsUr } from './messages-ur';

// Strings of this area live under the top-level key FORMS; the library, publishing and
// my-templates strings are kept in their own files and merged in here.
export const formMessages = defineMessages(
  { FORMS: { ...formsEn.FORMS, ...libraryEn } },
  {
    ar: { FORMS: { ...formsAr.FORMS, ...libraryAr } },
    da: { FORMS: { ...formsDa.FORMS, ...libraryDa } },
    de: { FORMS: { ...formsDe.FORMS, ...libraryDe } },
    'he-il': { FORMS: { ...formsHe.FORMS, ...libraryHe } },
    ur: { FORMS: { ...formsUr.FORMS, ...libraryUr } },
  },
);
