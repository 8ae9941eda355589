/**
 * The answer tab (spec 001 §2, filter by site only; issue 25 item 2): per question of a form, how
 * many filled forms answered it and the distribution (counts per choice, a histogram and min /
 * median / max for numbers, min / median / max for dates), each one SQL aggregate; and a page of
 * the filled forms with their answers.
 */
import {
  type AccessUser,
  type AnswerDistribution,
  type AnswerRow,
  type AnswerTab,
  type AnswerTabRequest,
  AnswerTabRequestSchema,
  type FilterQuestion,
  type FormStatus,
  formStatusForToken,
  formStatusWithQueries,
  HISTOGRAM_BINS,
  histogramBins,
} from '@trialbase/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import { listLiveForms } from './options';
import { ANSWER_HOLDS, assertFilterTargets, readView, rowsOf, siteCondition, visibleSites } from './scope';

const NUMBER_TYPES = new Set(['NUMBER', 'SLIDER', 'CALCULATED']);
const DATE_TYPES = new Set(['DATE', 'DATE_TIME']);
const CHOICE_TYPES = new Set(['YES_NO', 'MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'SMILEY']);
const NUMBER_PATTERN = '^-?[0-9]+([.,][0-9]+)?([eE][+-]?[0-9]+)?$';

/** `from ... where` over the answers of the filled forms in scope, with extra conditions and joins. */
type FromAnswers = (where?: SQL, join?: SQL) => SQL;

type CountRow = {
  question_id: string;
  answered: number;
  unavailable: number;
  skipped: number;
  checked: number;
  unchecked: number;
  date_min: string | null;
  date_max: string | null;
  date_median: string | null;
};

const ids = (questions: FilterQuestion[], types: Set<string>) =>
  sql.param(questions.filter((q) => types.has(q.type)).map((q) => q.id));

/** Spec 001 §2 answer tab: the form's questions with their distributions and a page of filled forms. */
export async function viewAnswers(
  db: Executor,
  input: { studyId: string; request: AnswerTabRequest; access: AccessUser },
): Promise<AnswerTab> {
  const request = AnswerTabRequestSchema.parse(input.request);
  const { studyId } = input;
  const sites = visibleSites(input.access, 'DATA_VIEW_ANSWERS', studyId, request.siteId);
  return readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, { siteId: request.siteId });
    const [form] = await listLiveForms(tx, studyId, request.formId);
    if (!form) throw notFound('The form');
    const inScope = sql`q.study_id = ${studyId} and q.form_id = ${form.id} and ${siteCondition(sql`q.site_id`, sites)}`;
    const asked = request.questionIds ? new Set(request.questionIds) : null;
    const questions = asked ? form.questions.filter((q) => asked.has(q.id)) : form.questions;
    const onlyAsked = asked ? sql`and answer.question_id = any(${sql.param([...asked])}::text[])` : sql``;
    const fromAnswers: FromAnswers = (where = sql``, join = sql``) => sql`from questionnaire q
      join answer on answer.study_id = q.study_id and answer.questionnaire_id = q.id ${join}
      where ${inScope} ${onlyAsked} ${where}`;
    // One pass for the counts, the checkboxes and the dates of every question asked.
    const first = sql`answer.value->'answerStrings'->>0`;
    const isDate = sql`answer.question_id = any(${ids(questions, DATE_TYPES)}::text[]) and coalesce(${first}, '') <> ''`;
    const counts = rowsOf<CountRow>(
      await tx.execute(sql`select answer.question_id,
        count(*) filter (where ${ANSWER_HOLDS} and not answer.is_unavailable and not answer.is_skipped)::int as answered,
        count(*) filter (where answer.is_unavailable)::int as unavailable,
        count(*) filter (where answer.is_skipped)::int as skipped,
        count(*) filter (where ${first} = 'true')::int as checked,
        count(*) filter (where ${first} = 'false')::int as unchecked,
        min(${first}) filter (where ${isDate}) as date_min,
        max(${first}) filter (where ${isDate}) as date_max,
        percentile_disc(0.5) within group (order by ${first}) filter (where ${isDate}) as date_median
        ${fromAnswers()} group by answer.question_id`),
    );
    const total = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from questionnaire q where ${inScope}`),
    )[0]?.n;
    const distributions = await distributionsOf(tx, questions, fromAnswers, counts);
    const countOf = new Map(counts.map((c) => [c.question_id, c]));
    return {
      form: { id: form.id, name: form.name },
      forms: total ?? 0,
      questions: form.questions.map((q) => ({
        questionId: q.id,
        order: q.order,
        text: q.text,
        type: q.type,
        answered: countOf.get(q.id)?.answered ?? 0,
        unavailable: countOf.get(q.id)?.unavailable ?? 0,
        skipped: countOf.get(q.id)?.skipped ?? 0,
        distribution: distributions.get(q.id) ?? { kind: 'NONE' },
      })),
      rows: {
        total: total ?? 0,
        page: request.page.page,
        pageSize: request.page.pageSize,
        items: await pageOfForms(tx, studyId, inScope, request.page),
      },
    };
  });
}

async function distributionsOf(
  tx: Executor,
  questions: FilterQuestion[],
  fromAnswers: FromAnswers,
  counts: CountRow[],
): Promise<Map<string, AnswerDistribution>> {
  const out = new Map<string, AnswerDistribution>();
  const choices = rowsOf<{ question_id: string; possibility: string; n: number }>(
    await tx.execute(sql`select answer.question_id, p.possibility, count(*)::int as n
      ${fromAnswers(
        sql`and answer.question_id = any(${ids(questions, CHOICE_TYPES)}::text[])`,
        sql`cross join lateral jsonb_array_elements_text(coalesce(answer.value->'possibilities', '[]'::jsonb)) as p(possibility)`,
      )}
      group by 1, 2`),
  );
  const numbers = rowsOf<{
    question_id: string;
    mn: number;
    mx: number;
    med: number;
    bin: number;
    n: number;
  }>(
    await tx.execute(sql`with v as (
        select answer.question_id, replace(answer.value->'answerStrings'->>0, ',', '.')::float8 as x
        ${fromAnswers(
          sql`and answer.question_id = any(${ids(questions, NUMBER_TYPES)}::text[])
          and answer.value->'answerStrings'->>0 ~ ${NUMBER_PATTERN}`,
        )}),
      st as (select question_id, min(x) as mn, max(x) as mx,
        percentile_cont(0.5) within group (order by x) as med from v group by question_id)
      select v.question_id, st.mn, st.mx, st.med,
        (case when st.mx <= st.mn then 1 else least(width_bucket(v.x, st.mn, st.mx, ${HISTOGRAM_BINS}), ${HISTOGRAM_BINS}) end)::int as bin,
        count(*)::int as n
      from v join st on st.question_id = v.question_id group by 1, 2, 3, 4, 5`),
  );
  for (const q of questions) {
    if (CHOICE_TYPES.has(q.type)) {
      const mine = new Map(choices.filter((c) => c.question_id === q.id).map((c) => [c.possibility, c.n]));
      out.set(q.id, {
        kind: 'CHOICE',
        choices: q.possibilities.map((p) => ({
          possibilityId: p.id,
          text: p.text,
          count: mine.get(p.id) ?? 0,
        })),
      });
    } else if (q.type === 'CHECKBOX') {
      const c = counts.find((r) => r.question_id === q.id);
      out.set(q.id, { kind: 'CHECKBOX', checked: c?.checked ?? 0, unchecked: c?.unchecked ?? 0 });
    } else if (NUMBER_TYPES.has(q.type)) {
      const mine = numbers.filter((r) => r.question_id === q.id);
      const first = mine[0];
      out.set(q.id, {
        kind: 'NUMBER',
        min: first?.mn ?? null,
        median: first?.med ?? null,
        max: first?.mx ?? null,
        bins: first ? histogramBins(first.mn, first.mx, new Map(mine.map((r) => [r.bin, r.n]))) : [],
      });
    } else if (DATE_TYPES.has(q.type)) {
      const d = counts.find((r) => r.question_id === q.id);
      out.set(q.id, {
        kind: 'DATE',
        min: d?.date_min ?? null,
        median: d?.date_median ?? null,
        max: d?.date_max ?? null,
      });
    }
  }
  return out;
}

type PageRow = {
  id: string;
  enrollment_id: string;
  token_id: string;
  data_event_id: string;
  site_id: string;
  status: string;
  missing_data: boolean;
  has_active_query: boolean;
  updated_at: string;
  subject_id: string;
  patient_id: string;
};

async function pageOfForms(
  tx: Executor,
  studyId: string,
  inScope: SQL,
  page: { page: number; pageSize: number },
): Promise<AnswerRow[]> {
  const rows = rowsOf<PageRow>(
    await tx.execute(sql`select q.id, q.enrollment_id, q.token_id, q.data_event_id, q.site_id, q.status,
        coalesce(t.missing_data, false) as missing_data,
        exists (select 1 from query where query.study_id = q.study_id and query.questionnaire_id = q.id
          and query.status in ('OPEN', 'RESPONDED')) as has_active_query,
        to_char(q.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        e.subject_id, s.patient_id
      from questionnaire q
        join enrollment e on e.study_id = q.study_id and e.id = q.enrollment_id
        join subject s on s.study_id = e.study_id and s.id = e.subject_id
        left join token t on t.study_id = q.study_id and t.id = q.token_id
      where ${inScope}
      order by q.updated_at desc, q.id desc limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
  );
  const answers = rowsOf<{
    questionnaire_id: string;
    question_id: string;
    value: Record<string, unknown>;
    is_unavailable: boolean;
    is_skipped: boolean;
  }>(
    rows.length === 0
      ? { rows: [] }
      : await tx.execute(sql`select questionnaire_id, question_id, value, is_unavailable, is_skipped from answer
          where study_id = ${studyId} and questionnaire_id = any(${sql.param(rows.map((r) => r.id))}::text[])`),
  );
  return rows.map((r) => {
    const cells: AnswerRow['answers'] = {};
    for (const a of answers) {
      if (a.questionnaire_id !== r.id) continue;
      const possibilities = (a.value.possibilities as string[] | undefined) ?? [];
      const strings = ((a.value.answerStrings as string[] | undefined) ?? []).filter((v) => v !== '');
      cells[a.question_id] = {
        values: possibilities.length > 0 ? possibilities : strings,
        marker: a.is_unavailable ? 'UNAVAILABLE' : a.is_skipped ? 'SKIPPED' : null,
      };
    }
    const base = formStatusForToken(r.status as FormStatus, r.missing_data);
    return {
      questionnaireId: r.id,
      enrollmentId: r.enrollment_id,
      tokenId: r.token_id,
      dataEventId: r.data_event_id,
      subjectId: r.subject_id,
      patientId: r.patient_id,
      siteId: r.site_id,
      status: formStatusWithQueries(base, r.has_active_query ? ['OPEN'] : []),
      updatedTime: r.updated_at,
      answers: cells,
    };
  });
}
