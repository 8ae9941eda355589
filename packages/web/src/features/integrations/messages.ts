import { defineMessages } from '../../app/i18n/define-messages';

// Strings of this area live under the top-level key INTEGRATIONS.
const en = { INTEGRATIONS: { TITLE: 'INTEGRATIONS' } };

export const integrationsMessages = defineMessages(en, {
  ar: en,
  da: en,
  de: en,
  'he-il': en,
  ur: en,
});
