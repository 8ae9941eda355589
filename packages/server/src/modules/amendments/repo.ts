/**
 * What the amendment impact preview reads (issue 23 item 2). Forms are versioned: the draft against
 * the latest published version. Processes and rules change in place: the amendment found each as the
 * `before` of its first audit event since the amendment started (a create there means it is new).
 * Counts are one statement over enrolments and tokens per site.
 */
import {
  type AmendmentAffected,
  type AmendmentSiteImpact,
  type FormTemplate,
  FormTemplateSchema,
  type Process,
  ProcessSchema,
  type RuleDocument,
  type Sides,
} from '@trialbase/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';

type Json = Record<string, unknown>;
type FirstEvent = { action: string; before: Json | null } | null;
type Row = {
  status: string;
  amendment_started_at: string | Date | null;
  amendment_blocking: boolean | null;
  amendment_form_versions: Record<string, 'KEEP' | 'NEW_EVENTS'> | null;
  primary_language: string;
  forms: { id: string; before: Json | null; after: Json | null }[];
  processes: { id: string; current: Json | null; first: FirstEvent }[];
  validation_rules: { id: string; current: Json | null; first: FirstEvent }[];
  show_rules: { id: string; current: Json | null; first: FirstEvent }[];
};

export type ImpactInput = {
  startedAt: Date | null;
  isBlocking: boolean | null;
  formVersionChoices: Record<string, 'KEEP' | 'NEW_EVENTS'>;
  language: string;
  forms: Sides<FormTemplate>[];
  processes: Sides<Process>[];
  validationRules: Sides<RuleDocument>[];
  showRules: Sides<RuleDocument>[];
};

const CREATES = new Set([
  'PROCESS_CREATED',
  'PROCESS_DUPLICATED',
  'VALIDATION_RULE_CREATED',
  'SHOW_RULE_CREATED',
]);

function formOf(id: string, doc: Json | null): FormTemplate | null {
  if (!doc) return null;
  const r = FormTemplateSchema.safeParse({ ...doc, id });
  return r.success ? r.data : null;
}

function processOf(id: string, doc: unknown): Process | null {
  if (!doc || typeof doc !== 'object') return null;
  const r = ProcessSchema.safeParse({ ...(doc as Json), id });
  return r.success ? r.data : null;
}

/** The item as the amendment found it: its current state when untouched, else its first change's `before`. */
function baseline<T>(current: T | null, first: FirstEvent, read: (before: Json) => T | null): T | null {
  if (!first) return current;
  if (CREATES.has(first.action) || !first.before) return null;
  return read(first.before);
}

function ruleSides(rows: Row['validation_rules']): Sides<RuleDocument>[] {
  return rows.map((r) => ({ id: r.id, before: baseline(r.current, r.first, (b) => b), after: r.current }));
}

function auditFirst(entityType: string, idColumn: string) {
  return sql.raw(auditFirstText(entityType, idColumn));
}

function touchedRules(table: string, entityType: string) {
  return sql.raw(`(select coalesce(json_agg(json_build_object('id', x.entity_id,
      'current', (select jsonb_build_object('processId', r.process_id, 'dataEventId', r.data_event_id, 'formId', r.form_id) || r.document
                  from ${table} r where r.study_id = s.id and r.id = x.entity_id),
      'first', ${auditFirstText(entityType, 'x.entity_id')}) order by x.entity_id), '[]'::json)
    from (select distinct a.entity_id from audit_event a where a.study_id = s.id and a.entity_type = '${entityType}'
            and a.occurred_at >= s.amendment_started_at) x)`);
}

function auditFirstText(entityType: string, idColumn: string): string {
  return `(select json_build_object('action', a.action, 'before', a.before) from audit_event a
      where a.study_id = s.id and a.entity_type = '${entityType}' and a.entity_id = ${idColumn}
        and a.occurred_at >= s.amendment_started_at order by a.ticket limit 1)`;
}

/**
 * Issue 23 item 2: both sides of every form, process and rule of a study's running amendment, in one
 * statement; null for no such study. Without a running amendment the lists are empty.
 */
export async function loadImpactInput(db: Executor, studyId: string): Promise<ImpactInput | null> {
  const result = await db.execute(sql`
    select s.status, s.amendment_started_at, s.amendment_blocking, s.amendment_form_versions, s.primary_language,
      (select coalesce(json_agg(json_build_object('id', f.id,
          'after', case when f.deleted_at is null then f.document end,
          'before', (select v.document from form_template_version v where v.study_id = f.study_id and v.form_id = f.id
                     order by v.major desc, v.minor desc limit 1)) order by f.created_at, f.id), '[]'::json)
         from form_template f where f.study_id = s.id
           and (f.deleted_at is null or f.deleted_at >= s.amendment_started_at)) as forms,
      (select coalesce(json_agg(json_build_object('id', p.id,
          'current', case when p.deleted_at is null then p.document end,
          'first', ${auditFirst('PROCESS', 'p.id')}) order by p.created_at, p.id), '[]'::json)
         from process p where p.study_id = s.id
           and (p.deleted_at is null or p.deleted_at >= s.amendment_started_at)) as processes,
      ${touchedRules('validation_rule', 'VALIDATION_RULE')} as validation_rules,
      ${touchedRules('show_rule', 'SHOW_RULE')} as show_rules
    from study s where s.id = ${studyId} and s.deleted_at is null`);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  const isOpen = row.status === 'AMENDMENT' && row.amendment_started_at !== null;
  const empty = { forms: [], processes: [], validationRules: [], showRules: [] };
  return {
    startedAt: isOpen ? new Date(row.amendment_started_at as string | Date) : null,
    isBlocking: isOpen ? row.amendment_blocking : null,
    formVersionChoices: row.amendment_form_versions ?? {},
    language: row.primary_language,
    ...(!isOpen
      ? empty
      : {
          forms: row.forms.map((f) => ({
            id: f.id,
            before: formOf(f.id, f.before),
            after: formOf(f.id, f.after),
          })),
          processes: row.processes.map((p) => {
            const after = processOf(p.id, p.current);
            return { id: p.id, after, before: baseline(after, p.first, (b) => processOf(p.id, b.document)) };
          }),
          validationRules: ruleSides(row.validation_rules),
          showRules: ruleSides(row.show_rules),
        }),
  };
}

/**
 * Issue 23 item 2, per site the caller may see ('ALL' or their site ids): active enrolments touched
 * (a token still to come of a touched event, or a process that gains an event), their open tokens
 * (UNUSED, IN_USE) and scheduled send-outs (NOT_ACTIVE tokens of touched events that send a link).
 */
export async function countImpactPerSite(
  db: Executor,
  studyId: string,
  affected: AmendmentAffected,
  sites: 'ALL' | string[],
): Promise<AmendmentSiteImpact[]> {
  const json = (v: unknown) => JSON.stringify(v);
  const result = await db.execute(sql`
    with ev as (select value as id from jsonb_array_elements_text(${json(affected.dataEventIds)}::jsonb)),
      so as (select value as id from jsonb_array_elements_text(${json(affected.sendOutEventIds)}::jsonb)),
      pr as (select value as id from jsonb_array_elements_text(${json(affected.processIdsWithAddedEvents)}::jsonb)),
      vs as (select value as id from jsonb_array_elements_text(${json(sites === 'ALL' ? [] : sites)}::jsonb)),
      en as (select e.id, e.site_id, e.process_id from enrollment e
              where e.study_id = ${studyId} and e.status in ('REGISTERED', 'ONGOING')),
      tk as (select t.enrollment_id, t.status, t.data_event_id, en.site_id from token t join en on en.id = t.enrollment_id
              where t.study_id = ${studyId} and t.removed_at is null and t.status in ('NOT_ACTIVE', 'UNUSED', 'IN_USE')
                and t.data_event_id in (select id from ev))
    select si.id as site_id, si.name as site_name,
      (select count(*) from en where en.site_id = si.id
         and (en.process_id in (select id from pr) or exists (select 1 from tk where tk.enrollment_id = en.id)))::int as enrollments,
      (select count(*) from tk where tk.site_id = si.id and tk.status in ('UNUSED', 'IN_USE'))::int as open_tokens,
      (select count(*) from tk where tk.site_id = si.id and tk.status = 'NOT_ACTIVE'
         and tk.data_event_id in (select id from so))::int as scheduled_send_outs
    from site si
    where si.study_id = ${studyId} and (${sites === 'ALL'}::boolean or si.id in (select id from vs))
    order by si.name, si.id`);
  const rows = (
    result as unknown as {
      rows: {
        site_id: string;
        site_name: string;
        enrollments: number;
        open_tokens: number;
        scheduled_send_outs: number;
      }[];
    }
  ).rows;
  return rows.map((r) => ({
    siteId: r.site_id,
    siteName: r.site_name,
    enrollments: Number(r.enrollments),
    openTokens: Number(r.open_tokens),
    scheduledSendOuts: Number(r.scheduled_send_outs),
  }));
}
