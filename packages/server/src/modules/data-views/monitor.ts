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
import { foldAnswerTallies } from './tallies';

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

/**
 * The monitor's figures of the enrolments `enr` (id, site_id, subject_id), summed by `by` (site_id
 * or subject_id) with a rollup total: filled forms with their answer tally, open queries, and the
 * tokens' missing data, overdue and expiry. Each part is one aggregate over its own table; no
 * per-subject rows are built for the whole study (exported for the bench's EXPLAIN).
 */
export function monitorFiguresStatement(
  studyId: string,
  filter: MonitorFilter,
  enr: SQL,
  by: 'site_id' | 'subject_id',
  startOfToday: Date,
): SQL {
  const on = recordConditions(filter);
  const key = sql.raw(`e.${by}`);
  return sql`with enr as (${enr})
    select ${sql.raw(by)} as key, sum(forms)::int as forms, sum(answers)::int as answers,
      sum(v1)::int as verified_primary, sum(v2)::int as verified_secondary, sum(oq)::int as open_queries,
      sum(missing)::int as missing_data, sum(overdue)::int as overdue_events, sum(expired)::int as expired_events
    from (
      select ${key} as ${sql.raw(by)}, count(*) filter (where q.status <> 'STATUS_NOT_STARTED') as forms,
        coalesce(sum(at.held), 0) as answers, coalesce(sum(at.verified), 0) as v1,
        coalesce(sum(at.secondary_verified), 0) as v2, 0 as oq, 0 as missing, 0 as overdue, 0 as expired
      from questionnaire q join enr e on e.id = q.enrollment_id
        left join answer_tally at on at.study_id = q.study_id and at.questionnaire_id = q.id
      where q.study_id = ${studyId} ${on.event(sql`q.data_event_id`)}
      group by 1
      union all
      select ${key}, 0, 0, 0, 0, count(*), 0, 0, 0
      from query join enr e on e.id = query.enrollment_id
      where query.study_id = ${studyId} and query.status in ('OPEN', 'RESPONDED') ${on.event(sql`query.data_event_id`)}
      group by 1
      union all
      select ${key}, 0, 0, 0, 0, 0,
        count(*) filter (where t.missing_data or t.id in (select mq.token_id from questionnaire mq
          where mq.study_id = ${studyId} and mq.status = 'STATUS_MISSING_DATA')),
        count(*) filter (where t.status in ('UNUSED', 'IN_USE')
          and t.activation_time < ${startOfToday.toISOString()}::timestamptz),
        count(*) filter (where t.status = 'EXPIRED')
      from token t join enr e on e.id = t.enrollment_id
      where t.study_id = ${studyId} and t.removed_at is null ${on.event(sql`t.data_event_id`)}
      group by 1
    ) as parts
    group by rollup(${sql.raw(by)})`;
}

/** The enrolments of the filter's subjects (and pathway), as `id, site_id, subject_id`. */
function enrolmentsOf(
  studyId: string,
  filter: MonitorFilter,
  sites: SiteVisibility,
  subjectIds?: string[],
): SQL {
  const on = recordConditions(filter);
  const only = subjectIds ? sql`and s.id = any(${sql.param(subjectIds)}::text[])` : sql``;
  return sql`select e.id, e.site_id, e.subject_id from enrollment e
    join subject s on s.study_id = e.study_id and s.id = e.subject_id
    where e.study_id = ${studyId} ${on.enrollment} and ${subjectFilterCondition(studyId, filter, sites)} ${only}`;
}

type KeyedFigures = FigureRow & { key: string | null };

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
  // answer_tally counts the filled forms written since the last fold once folded (tallies.ts).
  await foldAnswerTallies(db, studyId);
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, targetsOfFilter(filter));
    const facts = await studyFacts(tx, studyId);
    const startOfToday = startOfDayInTimeZone(input.now, facts.timeZone);
    const bySiteRows = rowsOf<KeyedFigures>(
      await tx.execute(
        monitorFiguresStatement(
          studyId,
          filter,
          enrolmentsOf(studyId, filter, sites),
          'site_id',
          startOfToday,
        ),
      ),
    );
    // The subjects of the filter (the pathway filters keep those enrolled in it): per site and a page.
    const subjectWhere = subjectFilterCondition(studyId, filter, sites);
    const counts = rowsOf<{ site_id: string | null; n: number }>(
      await tx.execute(
        sql`select s.site_id, count(*)::int as n from subject s where ${subjectWhere} group by rollup(s.site_id)`,
      ),
    );
    const subjects = rowsOf<{ id: string; site_id: string; patient_id: string }>(
      await tx.execute(sql`select s.id, s.site_id, s.patient_id from subject s where ${subjectWhere}
        order by lower(s.patient_id), s.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
    );
    const ids = subjects.map((s) => s.id);
    const bySubjectRows =
      ids.length === 0
        ? []
        : rowsOf<KeyedFigures>(
            await tx.execute(
              monitorFiguresStatement(
                studyId,
                filter,
                enrolmentsOf(studyId, filter, sites, ids),
                'subject_id',
                startOfToday,
              ),
            ),
          );
    const siteRows = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select id, name from site where study_id = ${studyId}
        and ${siteCondition(sql`id`, sites)} order by site_number, id`),
    );
    const bySite = new Map(bySiteRows.filter((r) => r.key !== null).map((r) => [r.key, r]));
    const bySubject = new Map(bySubjectRows.filter((r) => r.key !== null).map((r) => [r.key, r]));
    const subjectCount = new Map(counts.map((c) => [c.site_id, c.n]));
    const totalRow = bySiteRows.find((r) => r.key === null);
    const links = await linksOf(tx, studyId, filter, ids, startOfToday);
    return {
      hasSites: facts.hasSites,
      hasProcesses: facts.hasProcesses,
      totals: figuresOf(totalRow),
      sites: siteRows.map((s) => ({
        siteId: s.id,
        siteName: s.name,
        subjects: subjectCount.get(s.id) ?? 0,
        ...figuresOf(bySite.get(s.id)),
      })),
      subjects: {
        total: subjectCount.get(null) ?? 0,
        page,
        pageSize,
        items: subjects.map((s) => ({
          subjectId: s.id,
          patientId: s.patient_id,
          siteId: s.site_id,
          ...figuresOf(bySubject.get(s.id)),
          links: links.get(s.id) ?? [],
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
