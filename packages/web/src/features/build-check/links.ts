import type { BuildCheckTarget } from '@trialbase/domain';

/** Where a diagnostic is fixed (issue 23 item 3): the screen and item its target names. */
export function buildCheckTargetPath(studyId: string, target: BuildCheckTarget): string {
  const study = `/study/${encodeURIComponent(studyId)}`;
  switch (target.screen) {
    case 'FORM': {
      const path = `${study}/questionnaireTemplate/${encodeURIComponent(target.formId)}/edit`;
      return target.questionId ? `${path}?qId=${encodeURIComponent(target.questionId)}` : path;
    }
    case 'PROCESS': {
      const path = `${study}/pathway/${encodeURIComponent(target.processId)}/edit`;
      return target.dataEventId ? `${path}?dataEvent=${encodeURIComponent(target.dataEventId)}` : path;
    }
    case 'VALIDATION_RULE':
      return `${study}/validationRule/${encodeURIComponent(target.ruleId)}/edit`;
    case 'SHOW_RULE':
      return `${study}/showRule/${encodeURIComponent(target.ruleId)}/edit`;
    case 'TRANSLATIONS':
      return `${study}/translate/${target.area}?language=${encodeURIComponent(target.language)}`;
    case 'SETTINGS':
      return `${study}/overview`;
    default:
      return target satisfies never;
  }
}
