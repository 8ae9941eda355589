import { FORM_SECTIONS, isChoiceQuestionType, listRuleOperators, type QuestionType } from '@trialbase/domain';

export type FormSection = (typeof FORM_SECTIONS)[number];

/** Spec 001 §3 editor sections shown for a question type. */
export function sectionsFor(type: QuestionType): FormSection[] {
  return FORM_SECTIONS.filter((section) => {
    switch (section) {
      case 'POSSIBILITIES':
        return isChoiceQuestionType(type);
      case 'SLIDER':
      case 'SLIDER_SETTINGS':
        return type === 'SLIDER';
      case 'TABLE_COL':
      case 'TABLE_ROW':
      case 'TABLE_OPTIONS':
        return type === 'TABLE';
      case 'VALIDATION':
        return listRuleOperators(type).length > 0 || ['TEXT_SENTENCE', 'TEXT_FREE', 'NUMBER'].includes(type);
      case 'FILLOUT_PERMISSIONS':
      case 'ADVANCED_OPTIONS':
        return type !== 'INFORMATION';
      case 'SHOW_RULES':
        return true;
      default:
        return false;
    }
  });
}
