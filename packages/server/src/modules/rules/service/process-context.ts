/**
 * Cross-form rules across the data events of a process (spec 001 §5 "A rule is valid only if both
 * operants have dataEvent, pathway, form and question, the form is part of the data event").
 */
import {
  checkValidationRule,
  type FieldIssue,
  type FormTemplate,
  listDataEventForms,
  type Process,
  type ShowRuleInput,
  type ValidationRule,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { listStudyProcesses } from '../../processes/lookups';

/** A validation rule is checked against processes once an operant names a pathway. */
export function namesPathway(rule: Pick<ValidationRule, 'leftOperant' | 'rightOperant'>): boolean {
  return Boolean(rule.leftOperant.pathway || rule.rightOperant.pathway);
}

/** The study's live processes when the rule needs them, else undefined (forms-only check). */
export async function processesFor(db: Executor, studyId: string, isNeeded: boolean) {
  return isNeeded ? listStudyProcesses(db, studyId) : undefined;
}

/** Spec 001 §5: the validation rule against the drafts, and against the processes when it names a pathway. */
export function validationRuleIssues(
  rule: ValidationRule,
  forms: readonly FormTemplate[],
  processes: readonly Process[] | undefined,
): FieldIssue[] {
  return checkValidationRule(rule, forms, processes && namesPathway(rule) ? { processes } : {});
}

/**
 * Spec 001 §5 for a show rule placed in a process: the process exists, the data event belongs to it
 * and the rule's form is part of that data event.
 */
export function showRuleProcessIssues(
  rule: Pick<ShowRuleInput, 'processId' | 'dataEventId' | 'formId'>,
  processes: readonly Process[] | undefined,
): FieldIssue[] {
  if (!rule.processId || !processes) return [];
  const process = processes.find((p) => p.id === rule.processId);
  if (!process) return [{ path: ['processId'], message: 'UNKNOWN_REFERENCE' }];
  if (!rule.dataEventId) return [];
  const forms = listDataEventForms(process, rule.dataEventId);
  if (!forms) return [{ path: ['dataEventId'], message: 'UNKNOWN_REFERENCE' }];
  return forms.includes(rule.formId) ? [] : [{ path: ['formId'], message: 'NOT_IN_DATA_EVENT' }];
}
