import { accessMessages } from '../../features/access/messages';
import { formMessages } from '../../features/forms/messages';
import { rendererMessages } from '../../features/forms/renderer/messages';
import { integrationsMessages } from '../../features/integrations/messages';
import { processMessages } from '../../features/processes/messages';
import { questionnaireMessages } from '../../features/questionnaires/messages';
import { ruleMessages } from '../../features/rules/messages';
import { sitesMessages } from '../../features/sites/messages';
import { studyMessages } from '../../features/studies/messages';
import { subjectMessages } from '../../features/subjects/messages';
import { accountsMessages } from '../../features/users/messages';
import type { UiLanguage } from './languages';
import { serverErrorMessages } from './server-error-messages';

/**
 * Each product area keeps its UI strings beside its code (`features/<area>/messages.ts`,
 * one top-level key per area) in every UI language; they are merged into the bundle here.
 */
const FEATURE_MESSAGES = [
  studyMessages,
  sitesMessages,
  accessMessages,
  accountsMessages,
  integrationsMessages,
  formMessages,
  rendererMessages,
  ruleMessages,
  processMessages,
  questionnaireMessages,
  subjectMessages,
  serverErrorMessages,
] as const;

export type FeatureMessagesEn = typeof studyMessages.en &
  typeof sitesMessages.en &
  typeof accessMessages.en &
  typeof accountsMessages.en &
  typeof integrationsMessages.en &
  typeof formMessages.en &
  typeof rendererMessages.en &
  typeof ruleMessages.en &
  typeof processMessages.en &
  typeof questionnaireMessages.en &
  typeof subjectMessages.en &
  typeof serverErrorMessages.en;

export function featureMessagesFor(language: UiLanguage): FeatureMessagesEn {
  return Object.assign({}, ...FEATURE_MESSAGES.map((messages) => messages[language])) as FeatureMessagesEn;
}
