/**
 * The status tab (spec 001 §2, site required; §4 form status; issue 25 item 3): the enrolments of a
 * site × the data events of the study's processes, each cell the status of every form of the event,
 * with totals per event and overall counted in SQL over every page.
 */
import {
  type AccessUser,
  type FormStatus,
  formStatusForToken,
  formStatusWithQueries,
  type StatusCounts,
  type StatusView,
  type StatusViewRequest,
  StatusViewRequestSchema,
} from '@trialbase/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { listLiveForms, listLiveProcesses } from './options';
import { assertFilterTargets, readView, rowsOf } from './scope';

const zeroCounts = (): StatusCounts => ({
  STATUS_NOT_STARTED: 0,
  STATUS_INCOMPLETE: 0,
  STATUS_COMPLETED: 0,
  STATUS_MISSING_DATA: 0,
  STATUS_QUERY: 0,
});

/**
 * Spec 001 §4 in SQL, as the domain's formStatusWithQueries(formStatusForToken(stored, missingData),
 * active queries): an active query or a stored query status wins, then the token's missingData,
 * then the stored status, else not started.
 */
function cellStatus(studyId: string): SQL {
  return sql`case
  when q.status = 'STATUS_QUERY' or q.id in (select query.questionnaire_id from query
    where query.study_id = ${studyId} and query.status in ('OPEN', 'RESPONDED')) then 'STATUS_QUERY'
  when t.missing_data then 'STATUS_MISSING_DATA'
  else coalesce(q.status, 'STATUS_NOT_STARTED') end`;
}

/** Spec 001 §2 status tab: one page of the site's enrolments with a cell per data event. */
export async function viewStatus(
  db: Executor,
  input: { studyId: string; request: StatusViewRequest; access: AccessUser },
): Promise<StatusView> {
  const request = StatusViewRequestSchema.parse(input.request);
  const { studyId } = input;
  const { siteId } = request;
  const { page, pageSize } = request.page;
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, { siteId });
    const processes = await listLiveProcesses(tx, studyId);
    const formNames = new Map((await listLiveForms(tx, studyId)).map((f) => [f.id, f.name]));
    const pairs = processes.flatMap((p) =>
      p.dataEvents.flatMap((e) => e.formIds.map((f) => [e.id, f] as const)),
    );
    // The (data event, form) pairs of the columns: one cell form per pair for each token of the event.
    const pairRows = sql`select * from unnest(${sql.param(pairs.map((p) => p[0]))}::text[],
      ${sql.param(pairs.map((p) => p[1]))}::text[]) as pf(data_event_id, form_id)`;
    const totals = rowsOf<{ data_event_id: string; status: string; n: number }>(
      await tx.execute(sql`select t.data_event_id, ${cellStatus(studyId)} as status, count(*)::int as n
        from enrollment e
          join token t on t.study_id = e.study_id and t.enrollment_id = e.id and t.removed_at is null
          join (${pairRows}) pf on pf.data_event_id = t.data_event_id
          left join questionnaire q on q.study_id = t.study_id and q.token_id = t.id and q.form_id = pf.form_id
        where e.study_id = ${studyId} and e.site_id = ${siteId}
        group by 1, 2`),
    );
    const enrolments = rowsOf<{
      id: string;
      subject_id: string;
      patient_id: string;
      process_id: string;
      total: number;
    }>(
      await tx.execute(sql`select e.id, e.subject_id, s.patient_id, e.process_id, count(*) over ()::int as total
        from enrollment e join subject s on s.study_id = e.study_id and s.id = e.subject_id
        where e.study_id = ${studyId} and e.site_id = ${siteId}
        order by lower(s.patient_id), e.id limit ${pageSize} offset ${(page - 1) * pageSize}`),
    );
    const total =
      enrolments[0]?.total ??
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from enrollment where study_id = ${studyId} and site_id = ${siteId}`,
        ),
      )[0]?.n ??
      0;
    const cells = rowsOf<{
      enrollment_id: string;
      token_id: string;
      data_event_id: string;
      form_id: string;
      questionnaire_id: string | null;
      stored: string | null;
      missing_data: boolean;
      has_active_query: boolean;
    }>(
      enrolments.length === 0
        ? { rows: [] }
        : await tx.execute(sql`select t.enrollment_id, t.id as token_id, t.data_event_id, pf.form_id,
            q.id as questionnaire_id, q.status as stored, t.missing_data,
            exists (select 1 from query where query.study_id = q.study_id and query.questionnaire_id = q.id
              and query.status in ('OPEN', 'RESPONDED')) as has_active_query
          from token t
            join (${pairRows}) pf on pf.data_event_id = t.data_event_id
            left join questionnaire q on q.study_id = t.study_id and q.token_id = t.id and q.form_id = pf.form_id
          where t.study_id = ${studyId} and t.removed_at is null
            and t.enrollment_id = any(${sql.param(enrolments.map((e) => e.id))}::text[])
          order by t.position, t.id`),
    );
    const byEvent = new Map<string, StatusCounts>();
    const overall = zeroCounts();
    for (const row of totals) {
      const status = row.status as FormStatus;
      const counts = byEvent.get(row.data_event_id) ?? zeroCounts();
      counts[status] += row.n;
      overall[status] += row.n;
      byEvent.set(row.data_event_id, counts);
    }
    return {
      columns: processes.flatMap((p) =>
        p.dataEvents.map((e) => ({
          processId: p.id,
          processName: p.name,
          dataEventId: e.id,
          dataEventName: e.name,
          forms: e.formIds.map((id) => ({ id, name: formNames.get(id) ?? '' })),
          totals: byEvent.get(e.id) ?? zeroCounts(),
        })),
      ),
      totals: overall,
      rows: {
        total,
        page,
        pageSize,
        items: enrolments.map((e) => {
          const mine = cells.filter((c) => c.enrollment_id === e.id);
          const tokens = [...new Map(mine.map((c) => [c.token_id, c.data_event_id])).entries()];
          return {
            subjectId: e.subject_id,
            patientId: e.patient_id,
            enrollmentId: e.id,
            processId: e.process_id,
            cells: tokens.map(([tokenId, dataEventId]) => ({
              dataEventId,
              tokenId,
              forms: mine
                .filter((c) => c.token_id === tokenId)
                .map((c) => ({
                  formId: c.form_id,
                  questionnaireId: c.questionnaire_id,
                  status: formStatusWithQueries(
                    formStatusForToken(c.stored as FormStatus | null, c.missing_data),
                    c.has_active_query ? ['OPEN'] : [],
                  ),
                })),
            })),
          };
        }),
      },
    };
  });
}
