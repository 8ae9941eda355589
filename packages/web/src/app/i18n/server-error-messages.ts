import { defineMessages } from './define-messages';
import { ar } from './server-errors/ar';
import { da } from './server-errors/da';
import { de } from './server-errors/de';
import { en } from './server-errors/en';
import { heIl } from './server-errors/he-il';
import { ur } from './server-errors/ur';

/** The catalogue of messages for failed calls (top-level key SERVER_ERRORS), one file per UI language. */
export const serverErrorMessages = defineMessages(en, { ar, da, de, 'he-il': heIl, ur });
