import type {
  FormTemplate,
  Process,
  RuleCount,
  ValidationRuleBody,
  ValidationRuleList,
  ValidationRuleView,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentValidationRule, validationRuleOf, validationRuleSnapshot } from '../presenters';
import {
  countValidationRuleRows,
  deleteValidationRuleRow,
  findValidationRule,
  insertValidationRule,
  listFormDrafts,
  listValidationRuleRows,
  type RuleFilter,
  updateValidationRuleRow,
  type ValidationRuleRow,
} from '../repo';
import { namesPathway, processesFor, validationRuleIssues } from './process-context';
import { assertRulesEditable, requireStudy } from './study';

type RuleRef = { studyId: string; validationRuleId: string };

/**
 * Spec 001 §5: refuses a rule with every issue found against the current form drafts and, when an
 * operant names a pathway, against the study's live processes (cross-form rules across data events).
 */
async function checkAgainstDrafts(db: Executor, studyId: string, rule: ValidationRuleBody) {
  const forms = await listFormDrafts(db, studyId);
  const processes = await processesFor(db, studyId, namesPathway(rule));
  const issues = validationRuleIssues(rule, forms, processes);
  if (issues.length > 0) {
    throw validationError(issues, 'The validation rule is not valid.', 'INVALID_VALIDATION_RULE');
  }
  return { forms, processes };
}

/** The rule as the API shows it, its issues checked against processes too when it names a pathway. */
function present(
  row: ValidationRuleRow,
  forms: readonly FormTemplate[],
  processes: readonly Process[] | undefined,
) {
  const view = presentValidationRule(row, forms);
  return processes && namesPathway(view)
    ? { ...view, issues: validationRuleIssues(validationRuleOf(row), forms, processes) }
    : view;
}

/** The listing columns copied out of the rule (processes are optional until they exist). */
function columnsOf(rule: ValidationRuleBody) {
  return {
    processId: rule.process ?? rule.leftOperant.pathway ?? null,
    dataEventId: rule.leftOperant.dataEvent ?? null,
    formId: rule.leftOperant.form as string,
    questionId: rule.leftOperant.question as string,
    document: rule as Record<string, unknown>,
  };
}

async function requireRule(db: Executor, input: RuleRef) {
  const study = await requireStudy(db, input.studyId);
  const row = await findValidationRule(db, input.studyId, input.validationRuleId);
  if (!row) throw notFound('The validation rule');
  return { study, row };
}

/** Spec 001 §7 GET validationRules: the study's rules, filtered by process, data event and form. */
export async function listValidationRules(
  db: Executor,
  input: { studyId: string } & RuleFilter,
): Promise<ValidationRuleList> {
  await requireStudy(db, input.studyId);
  const [rows, forms, processes] = await Promise.all([
    listValidationRuleRows(db, input.studyId, input),
    listFormDrafts(db, input.studyId),
    processesFor(db, input.studyId, true),
  ]);
  return { validationRules: rows.map((row) => present(row, forms, processes)) };
}

/** Spec 001 §7 GET validationRules/count. */
export async function countValidationRules(
  db: Executor,
  input: { studyId: string } & RuleFilter,
): Promise<RuleCount> {
  await requireStudy(db, input.studyId);
  return { count: await countValidationRuleRows(db, input.studyId, input) };
}

/** Spec 001 §7 GET validationRules/{id}. */
export async function getValidationRule(db: Executor, input: RuleRef): Promise<ValidationRuleView> {
  const { row } = await requireRule(db, input);
  const forms = await listFormDrafts(db, input.studyId);
  return present(row, forms, await processesFor(db, input.studyId, true));
}

/** Spec 001 §7 POST validationRules, checked by spec 001 §5 "Validation rules (authoring)". */
export async function createValidationRule(
  ctx: UseCaseContext,
  input: { studyId: string; rule: ValidationRuleBody },
): Promise<ValidationRuleView> {
  assertRulesEditable(await requireStudy(ctx.tx, input.studyId));
  const { forms, processes } = await checkAgainstDrafts(ctx.tx, input.studyId, input.rule);
  const row = await insertValidationRule(ctx.tx, {
    studyId: input.studyId,
    id: newId(ctx.now),
    ...columnsOf(input.rule),
    createdBy: ctx.actor.id ?? ctx.actor.type,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'VALIDATION_RULE_CREATED',
    entityType: 'VALIDATION_RULE',
    entityId: row.id,
    studyId: input.studyId,
    after: validationRuleSnapshot(row),
  });
  return present(row, forms, processes);
}

/** Spec 001 §7 PUT validationRules/{id}: replaces the rule, checked like a new one. */
export async function updateValidationRule(
  ctx: UseCaseContext,
  input: RuleRef & { rule: ValidationRuleBody },
): Promise<ValidationRuleView> {
  const { study, row: before } = await requireRule(ctx.tx, input);
  assertRulesEditable(study);
  const { forms, processes } = await checkAgainstDrafts(ctx.tx, input.studyId, input.rule);
  const row = await updateValidationRuleRow(ctx.tx, input.studyId, input.validationRuleId, {
    ...columnsOf(input.rule),
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'VALIDATION_RULE_UPDATED',
    entityType: 'VALIDATION_RULE',
    entityId: row.id,
    studyId: input.studyId,
    before: validationRuleSnapshot(before),
    after: validationRuleSnapshot(row),
  });
  return present(row, forms, processes);
}

/** Spec 001 §7 DELETE validationRules/{id}. */
export async function deleteValidationRule(ctx: UseCaseContext, input: RuleRef): Promise<void> {
  const { study, row } = await requireRule(ctx.tx, input);
  assertRulesEditable(study);
  await deleteValidationRuleRow(ctx.tx, input.studyId, input.validationRuleId);
  await ctx.audit({
    action: 'VALIDATION_RULE_DELETED',
    entityType: 'VALIDATION_RULE',
    entityId: row.id,
    studyId: input.studyId,
    before: validationRuleSnapshot(row),
    after: { deleted: true },
  });
}
