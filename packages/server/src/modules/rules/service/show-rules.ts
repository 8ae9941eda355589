import {
  checkShowRule,
  type FormTemplate,
  type Process,
  type RuleCount,
  type ShowRuleInput,
  type ShowRuleList,
  type ShowRuleView,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound, validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { presentShowRule, showRuleSnapshot } from '../presenters';
import {
  countShowRuleRows,
  deleteShowRuleRow,
  findShowRule,
  insertShowRule,
  listFormDrafts,
  listShowRuleRows,
  type RuleFilter,
  type ShowRuleRow,
  updateShowRuleRow,
} from '../repo';
import { processesFor, showRuleProcessIssues } from './process-context';
import { assertRulesEditable, requireStudy } from './study';

type RuleRef = { studyId: string; showRuleId: string };

/**
 * Spec 001 §5: refuses a rule with every issue found against the current form drafts and, when it is
 * placed in a process, against that process (its data event, and the form being part of it).
 */
async function checkAgainstDrafts(db: Executor, studyId: string, rule: ShowRuleInput) {
  const forms = await listFormDrafts(db, studyId);
  const processes = await processesFor(db, studyId, Boolean(rule.processId));
  const issues = [...checkShowRule(rule, forms), ...showRuleProcessIssues(rule, processes)];
  if (issues.length > 0) {
    throw validationError(issues, 'The show rule is not valid.', 'INVALID_SHOW_RULE');
  }
  return { forms, processes };
}

/** The rule as the API shows it, its issues checked against its process too. */
function present(
  row: ShowRuleRow,
  forms: readonly FormTemplate[],
  processes: readonly Process[] | undefined,
) {
  const view = presentShowRule(row, forms);
  const extra = showRuleProcessIssues(view, processes);
  return extra.length > 0 ? { ...view, issues: [...view.issues, ...extra] } : view;
}

/** The listing columns and the stored document (spec 001 §3 "Show rule": question, possibilities). */
function columnsOf(rule: ShowRuleInput) {
  return {
    processId: rule.processId ?? null,
    dataEventId: rule.dataEventId ?? null,
    formId: rule.formId,
    questionId: rule.target.question,
    document: {
      target: rule.target,
      question: rule.question,
      possibilities: rule.possibilities,
    } as Record<string, unknown>,
  };
}

async function requireRule(db: Executor, input: RuleRef) {
  const study = await requireStudy(db, input.studyId);
  const row = await findShowRule(db, input.studyId, input.showRuleId);
  if (!row) throw notFound('The show rule');
  return { study, row };
}

/** Spec 001 §2 reference rules page (same shape as 001 §7 validationRules): the study's rules, filtered by process, data event and form. */
export async function listShowRules(
  db: Executor,
  input: { studyId: string } & RuleFilter,
): Promise<ShowRuleList> {
  await requireStudy(db, input.studyId);
  const [rows, forms, processes] = await Promise.all([
    listShowRuleRows(db, input.studyId, input),
    listFormDrafts(db, input.studyId),
    processesFor(db, input.studyId, true),
  ]);
  return { showRules: rows.map((row) => present(row, forms, processes)) };
}

/** Spec 001 §7 GET showRules/count (shaped like validationRules/count). */
export async function countShowRules(
  db: Executor,
  input: { studyId: string } & RuleFilter,
): Promise<RuleCount> {
  await requireStudy(db, input.studyId);
  return { count: await countShowRuleRows(db, input.studyId, input) };
}

/** Spec 001 §7 GET showRules/{id} (reference rules page). */
export async function getShowRule(db: Executor, input: RuleRef): Promise<ShowRuleView> {
  const { row } = await requireRule(db, input);
  const forms = await listFormDrafts(db, input.studyId);
  return present(row, forms, await processesFor(db, input.studyId, Boolean(row.processId)));
}

/** Spec 001 §7 / 001 §5: POST showRules; only earlier choice questions and their own possibilities. */
export async function createShowRule(
  ctx: UseCaseContext,
  input: { studyId: string; rule: ShowRuleInput },
): Promise<ShowRuleView> {
  assertRulesEditable(await requireStudy(ctx.tx, input.studyId));
  const { forms, processes } = await checkAgainstDrafts(ctx.tx, input.studyId, input.rule);
  const row = await insertShowRule(ctx.tx, {
    studyId: input.studyId,
    id: newId(ctx.now),
    ...columnsOf(input.rule),
    createdBy: ctx.actor.id ?? ctx.actor.type,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SHOW_RULE_CREATED',
    entityType: 'SHOW_RULE',
    entityId: row.id,
    studyId: input.studyId,
    after: showRuleSnapshot(row),
  });
  return present(row, forms, processes);
}

/** Spec 001 §7 PUT showRules/{id}: replaces the rule, checked like a new one. */
export async function updateShowRule(
  ctx: UseCaseContext,
  input: RuleRef & { rule: ShowRuleInput },
): Promise<ShowRuleView> {
  const { study, row: before } = await requireRule(ctx.tx, input);
  assertRulesEditable(study);
  const { forms, processes } = await checkAgainstDrafts(ctx.tx, input.studyId, input.rule);
  const row = await updateShowRuleRow(ctx.tx, input.studyId, input.showRuleId, {
    ...columnsOf(input.rule),
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'SHOW_RULE_UPDATED',
    entityType: 'SHOW_RULE',
    entityId: row.id,
    studyId: input.studyId,
    before: showRuleSnapshot(before),
    after: showRuleSnapshot(row),
  });
  return present(row, forms, processes);
}

/** Spec 001 §7 DELETE showRules/{id}. */
export async function deleteShowRule(ctx: UseCaseContext, input: RuleRef): Promise<void> {
  const { study, row } = await requireRule(ctx.tx, input);
  assertRulesEditable(study);
  await deleteShowRuleRow(ctx.tx, input.studyId, input.showRuleId);
  await ctx.audit({
    action: 'SHOW_RULE_DELETED',
    entityType: 'SHOW_RULE',
    entityId: row.id,
    studyId: input.studyId,
    before: showRuleSnapshot(row),
    after: { deleted: true },
  });
}
