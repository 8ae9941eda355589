import { PLAN_MODULES, type PlanModuleCode } from '../plans/model';

/** Spec 000 §1, §6: the paid modules that gate features of a study (one list, owned by plans). */
export const PAID_MODULES = PLAN_MODULES;
export type PaidModule = PlanModuleCode;

/** Spec 000 §6: the module each reference question type needs; other types need none. */
export const QUESTION_TYPE_MODULES = {
  MEDICATION_REF: 'MEDICATION',
  AE_REF: 'ADVERSE_EVENTS',
  AE_2_REF: 'CUSTOM_AE_REPORTS',
  UNSCHEDULED_EVENT_REF: 'UNSCHEDULED_EVENT_REFERENCES',
} as const satisfies Record<string, PaidModule>;

/** Spec 000 §1: has the study this paid module? */
export function isModuleEnabled(study: { modules: readonly string[] }, module: PaidModule): boolean {
  return study.modules.includes(module);
}

/** Spec 000 §6: the paid module a question type needs, or undefined when it needs none. */
export function requiredModuleForQuestionType(questionType: string): PaidModule | undefined {
  return Object.hasOwn(QUESTION_TYPE_MODULES, questionType)
    ? QUESTION_TYPE_MODULES[questionType as keyof typeof QUESTION_TYPE_MODULES]
    : undefined;
}

/**
 * Spec 000 §6, 001 §6: may a form of this study use (or show) this question type?
 * False means the unsupported-question card is shown instead.
 */
export function isQuestionTypeAvailable(
  study: { modules: readonly string[] },
  questionType: string,
): boolean {
  const module = requiredModuleForQuestionType(questionType);
  return module === undefined || isModuleEnabled(study, module);
}
