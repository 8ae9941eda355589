import { defineMessages } from '../../app/i18n/define-messages';
import { ar } from './locales/ar';
import { da } from './locales/da';
import { de } from './locales/de';
import { en } from './locales/en';
import { he } from './locales/he';
import { ur } from './locales/ur';

// Strings of this area live under the top-level key SUBJECTS, one file per UI language.
export const subjectMessages = defineMessages(en, { ar, da, de, 'he-il': he, ur });
