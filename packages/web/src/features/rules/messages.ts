import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key RULES.
const en = { RULES: { TITLE: 'RULES' } };

export const ruleMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
