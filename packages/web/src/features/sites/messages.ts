import { defineMessages } from '../../app/i18n/define-messages';
import { ar } from './locales/ar';
import { da } from './locales/da';
import { de } from './locales/de';
import { en } from './locales/en';
import { heIl } from './locales/he-il';
import { ur } from './locales/ur';

// Strings of this area live under the top-level key SITES, one file per UI language.
export const sitesMessages = defineMessages(en, { ar, da, de, 'he-il': heIl, ur });
