/**
 * The monitor tab (spec 001 §2 monitor filters; issue 25 item 4): verification progress (primary
 * and secondary), open queries, missing data, overdue and expired events, for the study, per site
 * and per subject, computed in one SQL statement over the subjects of the filter at the caller's
 * sites; each subject row carries the ids that link to the forms needing attention.
 */
import {
  type AccessUser,
  type MonitorFigures,
  type MonitorFilter,
  type MonitorLink,
  type MonitorRequest,
  MonitorRequestSchema,
  type MonitorView,
  startOfDayInTimeZone,
} from '@trialbase/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import {
  assertFilterTargets,
  readView,
  rowsOf,
  type SiteVisibility,
  siteCondition,
  siteOfFilter,
  studyFacts,
  subjectFilterCondition,
  targetsOfFilter,
  visibleSites,
} from './scope';

const LINKS_PER_SUBJECT = 10;

type FigureRow = {
  forms: number;
  answers: number;
  verified_primary: number;
  verified_secondary: number;
  open_queries: number;
  missing_data: number;
  overdue_events: number;
  expired_events: number;
};

function figuresOf(row: FigureRow | undefined): MonitorFigures {
  return {
    forms: row?.forms ?? 0,
    answers: row?.answers ?? 0,
    verifiedPrimary: row?.verified_primary ?? 0,
    verifiedSecondary: row?.verified_secondary ?? 0,
    openQueries: row?.open_queries ?? 0,
    missingData: row?.missing_data ?? 0,
    overdueEvents: row?.overdue_events ?? 0,
    expiredEvents: row?.expired_events ?? 0,
  };
}

/** The data event and process a filter narrows the records to. */
function recordConditions(filter: MonitorFilter) {
  const dataEventId = 'dataEventId' in filter ? filter.dataEventId : undefined;
  const processId = 'processId' in filter ? filter.processId : undefined;
  return {
    enrollment: processId ? sql`and e.process_id = ${processId}` : sql``,
    event: (column: SQL) => (dataEventId ? sql`and ${column} = ${dataEventId}` : sql``),
  };
}

/** The per-subject figures of the filter, as `per_subject` (and its helpers) for a `with`. */
function perSubjectCtes(
  studyId: string,
  filter: MonitorFilter,
  sites: SiteVisibility,
  startOfToday: Date,
): SQL {
  const on = recordConditions(filter);
  return sql`subj as (select s.id, s.site_id, s.patient_id from subject s
      where ${subjectFilterCondition(studyId, filter, sites)}),
    enr as (select e.id, e.subject_id from enrollment e join subj on subj.id = e.subject_id
      where e.study_id = ${studyId} ${on.enrollment}),
    qn as (select q.id, q.enrollment_id, q.token_id, q.status from questionnaire q join enr on enr.id = q.enrollment_id
      where q.study_id = ${studyId} ${on.event(sql`q.data_event_id`)}),
    per_enr as (select enr.id, enr.subject_id,
        coalesce(f.forms, 0) as forms, coalesce(a.n, 0) as answers, coalesce(a.v1, 0) as v1, coalesce(a.v2, 0) as v2,
        coalesce(oq.n, 0) as open_queries, coalesce(tk.missing, 0) as missing, coalesce(tk.overdue, 0) as overdue,
        coalesce(tk.expired, 0) as expired
      from enr
      left join (select enrollment_id, count(*) filter (where status <> 'STATUS_NOT_STARTED') as forms
        from qn group by 1) f on f.enrollment_id = enr.id
      left join (select qn.enrollment_id, sum(at.held) as n, sum(at.verified) as v1, sum(at.secondary_verified) as v2
        from qn join answer_tally at on at.study_id = ${studyId} and at.questionnaire_id = qn.id
        group by 1) a on a.enrollment_id = enr.id
      left join (select query.enrollment_id, count(*) as n from query
        where query.study_id = ${studyId} and query.status in ('OPEN', 'RESPONDED') ${on.event(sql`query.data_event_id`)}
        group by 1) oq on oq.enrollment_id = enr.id
      left join (select t.enrollment_id,
          count(*) filter (where t.missing_data or exists (select 1 from qn where qn.token_id = t.id
            and qn.status = 'STATUS_MISSING_DATA')) as missing,
          count(*) filter (where t.status in ('UNUSED', 'IN_USE')
            and t.activation_time < ${startOfToday.toISOString()}::timestamptz) as overdue,
          count(*) filter (where t.status = 'EXPIRED') as expired
        from token t join enr on enr.id = t.enrollment_id
        where t.study_id = ${studyId} and t.removed_at is null ${on.event(sql`t.data_event_id`)}
        group by 1) tk on tk.enrollment_id = enr.id),
    per_subject as (select subj.id, subj.site_id, subj.patient_id,
        coalesce(sum(pe.forms), 0)::int as forms, coalesce(sum(pe.answers), 0)::int as answers,
        coalesce(sum(pe.v1), 0)::int as verified_primary, coalesce(sum(pe.v2), 0)::int as verified_secondary,
        coalesce(sum(pe.open_queries), 0)::int as open_queries, coalesce(sum(pe.missing), 0)::int as missing_data,
        coalesce(sum(pe.overdue), 0)::int as overdue_events, coalesce(sum(pe.expired), 0)::int as expired_events
      from subj left join per_enr pe on pe.subject_id = subj.id
      group by subj.id, subj.site_id, subj.patient_id)`;
}

const FIGURES = sql.raw(`sum(forms)::int as forms, sum(answers)::int as answers,
  sum(verified_primary)::int as verified_primary, sum(verified_secondary)::int as verified_secondary,
  sum(open_queries)::int as open_queries, sum(missing_data)::int as missing_data,
  sum(overdue_events)::int as overdue_events, sum(expired_events)::int as expired_events`);

type Row = FigureRow & {
  kind: 'SITE' | 'SUBJECT';
  id: string | null;
  site_id: string | null;
  patient_id: string | null;
  subjects: number;
};

/** Spec 001 §2 monitor tab: totals, a row per site of the caller and a page of subjects. */
export async function viewMonitor(
  db: Executor,
  input: { studyId: string; request: MonitorRequest; access: AccessUser; now: Date },
): Promise<MonitorView> {
  const request = MonitorRequestSchema.parse(input.request);
  const { studyId, access } = input;
  const { filter } = request;
  const sites = visibleSites(access, 'DATA_VIEW_MONITOR', studyId, siteOfFilter(filter));
  const { page, pageSize } = request.page;
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, targetsOfFilter(filter));
    const facts = await studyFacts(tx, studyId);
    const startOfToday = startOfDayInTimeZone(input.now, facts.timeZone);
    const rows = rowsOf<Row>(
      await tx.execute(sql`with ${perSubjectCtes(studyId, filter, sites, startOfToday)}
        (select 'SITE' as kind, null as id, site_id, null as patient_id, count(*)::int as subjects, ${FIGURES}
          from per_subject group by rollup(site_id))
        union all
        (select 'SUBJECT', id, site_id, patient_id, 1, forms, answers, verified_primary, verified_secondary,
            open_queries, missing_data, overdue_events, expired_events
          from per_subject order by lower(patient_id), id limit ${pageSize} offset ${(page - 1) * pageSize})`),
    );
    const siteRows = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select id, name from site where study_id = ${studyId}
        and ${siteCondition(sql`id`, sites)} order by site_number, id`),
    );
    const bySite = new Map(rows.filter((r) => r.kind === 'SITE' && r.site_id).map((r) => [r.site_id, r]));
    const totalRow = rows.find((r) => r.kind === 'SITE' && r.site_id === null);
    const subjects = rows.filter((r) => r.kind === 'SUBJECT');
    const links = await linksOf(
      tx,
      studyId,
      filter,
      subjects.map((s) => s.id ?? ''),
      startOfToday,
    );
    return {
      hasSites: facts.hasSites,
      hasProcesses: facts.hasProcesses,
      totals: figuresOf(totalRow),
      sites: siteRows.map((s) => ({
        siteId: s.id,
        siteName: s.name,
        subjects: bySite.get(s.id)?.subjects ?? 0,
        ...figuresOf(bySite.get(s.id)),
      })),
      subjects: {
        total: totalRow?.subjects ?? 0,
        page,
        pageSize,
        items: subjects.map((s) => ({
          subjectId: s.id ?? '',
          patientId: s.patient_id ?? '',
          siteId: s.site_id ?? '',
          ...figuresOf(s),
          links: links.get(s.id ?? '') ?? [],
        })),
      },
    };
  });
}

type LinkRow = {
  subject_id: string;
  kind: MonitorLink['kind'];
  enrollment_id: string;
  data_event_id: string;
  token_id: string;
  form_id: string | null;
  questionnaire_id: string | null;
};

/** Up to 10 forms needing attention per subject of the page, oldest first. */
async function linksOf(
  tx: Executor,
  studyId: string,
  filter: MonitorFilter,
  subjectIds: string[],
  startOfToday: Date,
): Promise<Map<string, MonitorLink[]>> {
  if (subjectIds.length === 0) return new Map();
  const on = recordConditions(filter);
  const enr = sql`select e.id, e.subject_id from enrollment e where e.study_id = ${studyId}
    and e.subject_id = any(${sql.param(subjectIds)}::text[]) ${on.enrollment}`;
  const rows = rowsOf<LinkRow>(
    await tx.execute(sql`with enr as (${enr}), items as (
        select enr.subject_id, 'QUERY' as kind, query.enrollment_id, query.data_event_id, query.token_id,
          query.form_id, query.questionnaire_id, query.created_at as at
        from query join enr on enr.id = query.enrollment_id
        where query.study_id = ${studyId} and query.status in ('OPEN', 'RESPONDED') ${on.event(sql`query.data_event_id`)}
        union all
        select enr.subject_id, case when t.status = 'EXPIRED' then 'EXPIRED' when t.missing_data then 'MISSING_DATA'
            else 'OVERDUE' end, t.enrollment_id, t.data_event_id, t.id, null, null, coalesce(t.activation_time, t.created_at)
        from token t join enr on enr.id = t.enrollment_id
        where t.study_id = ${studyId} and t.removed_at is null ${on.event(sql`t.data_event_id`)}
          and (t.status = 'EXPIRED' or t.missing_data or (t.status in ('UNUSED', 'IN_USE')
            and t.activation_time < ${startOfToday.toISOString()}::timestamptz))
        union all
        select enr.subject_id, 'MISSING_DATA', q.enrollment_id, q.data_event_id, q.token_id, q.form_id, q.id, q.updated_at
        from questionnaire q join enr on enr.id = q.enrollment_id
        where q.study_id = ${studyId} and q.status = 'STATUS_MISSING_DATA' ${on.event(sql`q.data_event_id`)})
      select subject_id, kind, enrollment_id, data_event_id, token_id, form_id, questionnaire_id from (
        select items.*, row_number() over (partition by subject_id order by at, token_id, kind) as rn from items) ranked
      where rn <= ${LINKS_PER_SUBJECT} order by subject_id, rn`),
  );
  const out = new Map<string, MonitorLink[]>();
  for (const r of rows) {
    const list = out.get(r.subject_id) ?? [];
    list.push({
      kind: r.kind,
      enrollmentId: r.enrollment_id,
      dataEventId: r.data_event_id,
      tokenId: r.token_id,
      formId: r.form_id,
      questionnaireId: r.questionnaire_id,
    });
    out.set(r.subject_id, list);
  }
  return out;
}
