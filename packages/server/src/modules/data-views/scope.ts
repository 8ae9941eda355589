/**
 * What every data view shares (issue 25): the caller's sites for a tab's permission (spec 000 §6:
 * site-limited users see their sites only), the SQL of "subjects in scope" for the data filters of
 * 001 §2, the one definition of an answer holding something, and a consistent read.
 */
import { type AccessUser, type MonitorFilter, type Permission, sitesWithPermission } from '@trialbase/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';

/** The sites a caller may see for a permission: every site of the study, or these. */
export type SiteVisibility = 'ALL' | string[];

/** The caller's sites for `permission`, narrowed to `siteId` when a filter names one. */
export function visibleSites(
  access: AccessUser,
  permission: Permission,
  studyId: string,
  siteId?: string,
): SiteVisibility {
  const mine = sitesWithPermission(access, permission, studyId);
  if (!siteId) return mine;
  return mine === 'ALL' || mine.includes(siteId) ? [siteId] : [];
}

/** `column = any(sites)` for a visibility, or true for every site. */
export function siteCondition(column: SQL, sites: SiteVisibility): SQL {
  if (sites === 'ALL') return sql`true`;
  return sql`${column} = any(${sql.param(sites)}::text[])`;
}

/** Row arrays of a raw statement on both engines (PGlite and node-postgres answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * An answer row holds something a monitor can verify: a value (text, number, date, a choice, a
 * file, a table cell, a reference) or the unavailable or skipped mark. One definition, the SQL
 * function `answer_holds` (migration 0028_data_views), which the `answer_tally` triggers use too.
 */
export const ANSWER_HOLDS = sql.raw('answer_holds(answer.is_unavailable, answer.is_skipped, answer.value)');

/**
 * The subjects of a data filter (001 §2), as a condition on `subject` (aliased `s`): not archived,
 * at the visible sites, and matching the filter. The by-answer filters keep the subjects who chose
 * the possibility for the question of the form (in that data event at that site, or anywhere).
 */
export function subjectFilterCondition(studyId: string, filter: MonitorFilter, sites: SiteVisibility): SQL {
  const base = sql`s.study_id = ${studyId} and s.archived_at is null and ${siteCondition(sql`s.site_id`, sites)}`;
  switch (filter.kind) {
    case 'NONE':
    case 'SITE':
    case 'SITE_DATA_EVENT':
      return base;
    case 'ANSWER':
    case 'INDEPENDENT_ANSWER': {
      const where = filter.kind === 'ANSWER' ? sql`and q.data_event_id = ${filter.dataEventId}` : sql``;
      return sql`${base} and s.id in (
        select e.subject_id from answer
          join questionnaire q on q.study_id = answer.study_id and q.id = answer.questionnaire_id
          join enrollment e on e.study_id = q.study_id and e.id = q.enrollment_id
        where answer.study_id = ${studyId} and answer.question_id = ${filter.questionId}
          and q.form_id = ${filter.formId} ${where}
          and ${siteCondition(sql`q.site_id`, sites)}
          and answer.value->'possibilities' @> jsonb_build_array(${filter.possibilityId}::text))`;
    }
    case 'PATHWAY':
    case 'PATHWAY_DATA_EVENT':
      return sql`${base} and s.id in (
        select e.subject_id from enrollment e where e.study_id = ${studyId} and e.process_id = ${filter.processId})`;
  }
}

/** The site a filter names, if any (the guard checks it is the caller's). */
export function siteOfFilter(filter: MonitorFilter): string | undefined {
  return 'siteId' in filter ? filter.siteId : undefined;
}

/** Refuses a filter naming a site, form or process the study does not have (404, never a silent empty view). */
export async function assertFilterTargets(
  db: Executor,
  studyId: string,
  targets: { siteId?: string; formId?: string; processId?: string },
): Promise<void> {
  const found = rowsOf<{ site: boolean; form: boolean; process: boolean }>(
    await db.execute(sql`select
      exists (select 1 from site where study_id = ${studyId} and id = ${targets.siteId ?? ''}) as site,
      exists (select 1 from form_template where study_id = ${studyId} and id = ${targets.formId ?? ''}
        and deleted_at is null) as form,
      exists (select 1 from process where study_id = ${studyId} and id = ${targets.processId ?? ''}
        and deleted_at is null) as process`),
  )[0];
  if (targets.siteId && !found?.site) throw notFound('The site');
  if (targets.formId && !found?.form) throw notFound('The form');
  if (targets.processId && !found?.process) throw notFound('The process');
}

/** Targets named by a filter. */
export function targetsOfFilter(filter: MonitorFilter): {
  siteId?: string;
  formId?: string;
  processId?: string;
} {
  return {
    ...('siteId' in filter ? { siteId: filter.siteId } : {}),
    ...('formId' in filter ? { formId: filter.formId } : {}),
    ...('processId' in filter ? { processId: filter.processId } : {}),
  };
}

export type StudyFacts = {
  timeZone: string;
  primaryLanguage: string;
  verificationTypes: string[];
  hasSites: boolean;
  hasProcesses: boolean;
};

/** The study's time zone, language, verification types and whether it has sites and processes. */
export async function studyFacts(db: Executor, studyId: string): Promise<StudyFacts> {
  const row = rowsOf<{
    time_zone: string;
    primary_language: string;
    verification_types: string[];
    has_sites: boolean;
    has_processes: boolean;
  }>(
    await db.execute(sql`select st.time_zone, st.primary_language, st.verification_types,
      exists (select 1 from site where study_id = st.id) as has_sites,
      exists (select 1 from process where study_id = st.id and deleted_at is null) as has_processes
      from study st where st.id = ${studyId}`),
  )[0];
  if (!row) throw notFound('The study');
  return {
    timeZone: row.time_zone,
    primaryLanguage: row.primary_language,
    verificationTypes: row.verification_types,
    hasSites: row.has_sites,
    hasProcesses: row.has_processes,
  };
}

/**
 * Runs a view's statements in one read-only repeatable-read transaction, so the totals, the
 * per-site rows and the page agree with each other (CONVENTIONS.md: one transaction per use case).
 */
export function readView<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      // JIT compiling took 3 s of a 4.6 s monitor statement at 1,000,000 answers (EXPLAIN ANALYZE,
      // bench/data-views.ts): these statements are large but each runs over a few 100,000 rows.
      await tx.execute(sql`set local jit = off`);
      return work(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
