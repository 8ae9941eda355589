import { hasOwn } from '../common/has-own';
import { PLAN_MODULES, type PlanModuleCode } from '../plans/model';
import type { Permission } from './permissions';

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

/**
 * Spec 000 §6, 001 §6: the permissions that open a reference question type without its module
 * ("the matching paid module or permission"). Holding any one of them is enough.
 */
export const QUESTION_TYPE_PERMISSIONS = {
  MEDICATION_REF: ['PATIENT_LIST_MEDICATION', 'PATIENT_CREATE_MEDICATION', 'PATIENT_UPDATE_MEDICATION'],
  // Any AE permission: viewers link existing AEs, reporters (STUDY_HELPER holds AE_CREATE
  // without AE_VIEW) create one from the question (spec 000 §2 create with qId, qAnswer).
  AE_REF: ['AE_VIEW', 'AE_LIST', 'AE_CREATE', 'AE_UPDATE'],
  AE_2_REF: ['AE_VIEW', 'AE_LIST', 'AE_CREATE', 'AE_UPDATE'],
  UNSCHEDULED_EVENT_REF: ['PATHWAY_RECORD_UNEXPECTED'],
} as const satisfies Record<keyof typeof QUESTION_TYPE_MODULES, readonly Permission[]>;

/** Every permission that can open a reference question type (sent with the study's abilities). */
export const QUESTION_TYPE_PERMISSION_LIST = [
  ...new Set(Object.values(QUESTION_TYPE_PERMISSIONS).flat()),
] as readonly (typeof QUESTION_TYPE_PERMISSIONS)[keyof typeof QUESTION_TYPE_PERMISSIONS][number][];

function isReferenceKey(questionType: string): questionType is keyof typeof QUESTION_TYPE_MODULES {
  return hasOwn(QUESTION_TYPE_MODULES, questionType);
}

/** Spec 000 §6: the paid module a question type needs, or undefined when it needs none. */
export function requiredModuleForQuestionType(questionType: string): PaidModule | undefined {
  return isReferenceKey(questionType) ? QUESTION_TYPE_MODULES[questionType] : undefined;
}

/** Spec 000 §6: the permissions that open a question type without its module (none for other types). */
export function permissionsForQuestionType(questionType: string): readonly Permission[] {
  return isReferenceKey(questionType) ? QUESTION_TYPE_PERMISSIONS[questionType] : [];
}

/** What the availability check reads: the study's modules and, for a staff caller, their abilities. */
export type QuestionTypeAvailabilityScope = {
  modules: readonly string[];
  /** The caller's permissions in the study (the study's `abilities`); absent for participants. */
  abilities?: Readonly<Partial<Record<string, boolean>>> | null;
};

/**
 * Spec 000 §6, 001 §6: may this form question type be used and shown here? Reference types need
 * the matching paid module **or** permission; false means the unsupported-question card shows.
 */
export function isQuestionTypeAvailable(scope: QuestionTypeAvailabilityScope, questionType: string): boolean {
  const module = requiredModuleForQuestionType(questionType);
  if (module === undefined || isModuleEnabled(scope, module)) return true;
  const abilities = scope.abilities;
  return abilities != null && permissionsForQuestionType(questionType).some((p) => abilities[p] === true);
}
