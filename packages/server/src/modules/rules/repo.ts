import { type FormTemplate, FormTemplateSchema } from '@trialbase/domain';
import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { formTemplates } from '../forms/tables';
import { studies } from '../studies/tables';
import { showRules, validationRules } from './tables';

export type ValidationRuleRow = typeof validationRules.$inferSelect;
export type ShowRuleRow = typeof showRules.$inferSelect;
export type RuleFilter = { processId?: string; dataEventId?: string; formId?: string };

/** The study a rule belongs to; deleted studies are not found. */
export async function findLiveStudy(db: Executor, studyId: string) {
  const [row] = await db
    .select({ id: studies.id, status: studies.status })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)));
  return row ?? null;
}

/**
 * The current drafts of the study's forms (form_template.document), read directly: rules are
 * checked against what the builder shows now. Documents that are not a FormTemplate are skipped.
 */
export async function listFormDrafts(db: Executor, studyId: string): Promise<FormTemplate[]> {
  const rows = await db
    .select({ id: formTemplates.id, document: formTemplates.document })
    .from(formTemplates)
    .where(and(eq(formTemplates.studyId, studyId), isNull(formTemplates.deletedAt)))
    .orderBy(asc(formTemplates.createdAt));
  return rows.flatMap((row) => {
    const parsed = FormTemplateSchema.safeParse({ ...row.document, id: row.id });
    return parsed.success ? [parsed.data] : [];
  });
}

function filterOf(
  table: typeof validationRules | typeof showRules,
  studyId: string,
  filter: RuleFilter,
): SQL | undefined {
  return and(
    eq(table.studyId, studyId),
    filter.processId ? eq(table.processId, filter.processId) : undefined,
    filter.dataEventId ? eq(table.dataEventId, filter.dataEventId) : undefined,
    filter.formId ? eq(table.formId, filter.formId) : undefined,
  );
}

export async function listValidationRuleRows(db: Executor, studyId: string, filter: RuleFilter) {
  return db
    .select()
    .from(validationRules)
    .where(filterOf(validationRules, studyId, filter))
    .orderBy(asc(validationRules.createdAt), asc(validationRules.id));
}

export async function countValidationRuleRows(db: Executor, studyId: string, filter: RuleFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(validationRules)
    .where(filterOf(validationRules, studyId, filter));
  return Number(row?.n ?? 0);
}

export async function findValidationRule(db: Executor, studyId: string, id: string) {
  const [row] = await db
    .select()
    .from(validationRules)
    .where(and(eq(validationRules.studyId, studyId), eq(validationRules.id, id)));
  return row ?? null;
}

export async function insertValidationRule(db: Executor, row: typeof validationRules.$inferInsert) {
  const [inserted] = await db.insert(validationRules).values(row).returning();
  return inserted as ValidationRuleRow;
}

export async function updateValidationRuleRow(
  db: Executor,
  studyId: string,
  id: string,
  patch: Partial<typeof validationRules.$inferInsert>,
) {
  const [updated] = await db
    .update(validationRules)
    .set(patch)
    .where(and(eq(validationRules.studyId, studyId), eq(validationRules.id, id)))
    .returning();
  return updated as ValidationRuleRow;
}

export async function deleteValidationRuleRow(db: Executor, studyId: string, id: string) {
  await db
    .delete(validationRules)
    .where(and(eq(validationRules.studyId, studyId), eq(validationRules.id, id)));
}

export async function listShowRuleRows(db: Executor, studyId: string, filter: RuleFilter) {
  return db
    .select()
    .from(showRules)
    .where(filterOf(showRules, studyId, filter))
    .orderBy(asc(showRules.createdAt), asc(showRules.id));
}

export async function countShowRuleRows(db: Executor, studyId: string, filter: RuleFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(showRules)
    .where(filterOf(showRules, studyId, filter));
  return Number(row?.n ?? 0);
}

export async function findShowRule(db: Executor, studyId: string, id: string) {
  const [row] = await db
    .select()
    .from(showRules)
    .where(and(eq(showRules.studyId, studyId), eq(showRules.id, id)));
  return row ?? null;
}

export async function insertShowRule(db: Executor, row: typeof showRules.$inferInsert) {
  const [inserted] = await db.insert(showRules).values(row).returning();
  return inserted as ShowRuleRow;
}

export async function updateShowRuleRow(
  db: Executor,
  studyId: string,
  id: string,
  patch: Partial<typeof showRules.$inferInsert>,
) {
  const [updated] = await db
    .update(showRules)
    .set(patch)
    .where(and(eq(showRules.studyId, studyId), eq(showRules.id, id)))
    .returning();
  return updated as ShowRuleRow;
}

export async function deleteShowRuleRow(db: Executor, studyId: string, id: string) {
  await db.delete(showRules).where(and(eq(showRules.studyId, studyId), eq(showRules.id, id)));
}
