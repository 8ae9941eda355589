/**
 * Build check of rules (issue 23 item 3): validation and reference show rules that are broken
 * against the current drafts, or point at forms that are not in the process and event they name.
 */
import type { FieldIssue } from '../common/errors';
import { listDataEventForms, listProcessFormIds } from '../processes/data-event-forms';
import type { Process } from '../processes/model';
import { checkShowRule, checkValidationRule } from '../rules/schemas';
import { type BuildCheckInput, nameOf } from './context';
import { type BuildCheckDiagnostic, buildDiagnostic } from './model';

function isProcessIssue(issue: FieldIssue): boolean {
  const field = String(issue.path[issue.path.length - 1]);
  return (
    issue.message === 'NOT_IN_DATA_EVENT' ||
    (issue.message === 'UNKNOWN_REFERENCE' && (field === 'pathway' || field === 'dataEvent'))
  );
}

function pathOf(issue: FieldIssue): string {
  return issue.path.map(String).join('.');
}

/** Spec 001 §5: the process exists, the event belongs to it and the form is part of the event. */
function placementIssue(
  processes: readonly Process[],
  processId: string | null | undefined,
  dataEventId: string | null | undefined,
  formId: string,
): string | null {
  if (!processId) return null;
  const process = processes.find((p) => p.id === processId);
  if (!process) return 'UNKNOWN_PROCESS';
  if (!dataEventId) return listProcessFormIds(process).includes(formId) ? null : 'NOT_IN_PROCESS';
  const forms = listDataEventForms(process, dataEventId);
  if (!forms) return 'UNKNOWN_DATA_EVENT';
  return forms.includes(formId) ? null : 'NOT_IN_DATA_EVENT';
}

/** The form's name and the question's position, for the message (empty when either is gone). */
function whereParams(
  input: BuildCheckInput,
  formId: string | null | undefined,
  questionId: string | null | undefined,
) {
  const form = input.forms.find((f) => f.id === formId);
  const question = form?.questions.find((q) => q.id === questionId);
  return {
    form: form ? nameOf(form.title, input.study.primaryLanguage) : '',
    question: question ? `Q${question.order}` : '',
  };
}

function validationRuleDiagnostics(input: BuildCheckInput): BuildCheckDiagnostic[] {
  const usedForms = new Set(input.processes.flatMap((p) => listProcessFormIds(p)));
  return input.validationRules.flatMap((rule) => {
    const target = { screen: 'VALIDATION_RULE' as const, ruleId: rule.id };
    const where = whereParams(input, rule.leftOperant.form, rule.leftOperant.question);
    const namesPathway = Boolean(rule.leftOperant.pathway || rule.rightOperant.pathway);
    const issues = checkValidationRule(rule, input.forms, namesPathway ? { processes: input.processes } : {});
    const out = issues.map((issue) =>
      isProcessIssue(issue)
        ? buildDiagnostic(
            'RULE_FORM_NOT_IN_PROCESS',
            'ERROR',
            target,
            { ...where, field: pathOf(issue), reason: issue.message },
            pathOf(issue),
          )
        : buildDiagnostic(
            'VALIDATION_RULE_INVALID',
            'ERROR',
            target,
            { ...where, field: pathOf(issue), reason: issue.message },
            pathOf(issue),
          ),
    );
    const formId = rule.leftOperant.form;
    const processIssue = placementIssue(input.processes, rule.process, null, formId ?? '');
    if (formId && processIssue)
      out.push(
        buildDiagnostic(
          'RULE_FORM_NOT_IN_PROCESS',
          'ERROR',
          target,
          { ...where, field: 'process', reason: processIssue },
          'process',
        ),
      );
    else if (formId && !namesPathway && !rule.process && !usedForms.has(formId) && issues.length === 0)
      out.push(
        buildDiagnostic(
          'RULE_FORM_NOT_IN_PROCESS',
          'WARNING',
          target,
          { ...where, field: 'form', reason: 'NOT_IN_ANY_PROCESS' },
          'unused',
        ),
      );
    return out;
  });
}

function showRuleDiagnostics(input: BuildCheckInput): BuildCheckDiagnostic[] {
  return input.showRules.flatMap((rule) => {
    const target = { screen: 'SHOW_RULE' as const, ruleId: rule.id };
    const where = whereParams(input, rule.formId, rule.target.question);
    const out = checkShowRule(rule, input.forms).map((issue) =>
      buildDiagnostic(
        'SHOW_RULE_NEVER_SATISFIED',
        'ERROR',
        target,
        { ...where, reason: String(issue.params?.reason ?? issue.message) },
        pathOf(issue),
      ),
    );
    const placement = placementIssue(input.processes, rule.processId, rule.dataEventId, rule.formId);
    if (placement)
      out.push(
        buildDiagnostic(
          'RULE_FORM_NOT_IN_PROCESS',
          'ERROR',
          target,
          { ...where, field: 'formId', reason: placement },
          'placement',
        ),
      );
    return out;
  });
}

/** Issue 23 item 3: validation rule and reference show rule diagnostics. */
export function checkRules(input: BuildCheckInput): BuildCheckDiagnostic[] {
  return [...validationRuleDiagnostics(input), ...showRuleDiagnostics(input)];
}
