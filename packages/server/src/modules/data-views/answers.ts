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
import { foldAnswerTallies } from './tallies';

const NUMBER_TYPES = new Set(['NUMBER', 'SLIDER', 'CALCULATED']);
const DATE_TYPES = new Set(['DATE', 'DATE_TIME']);
const CHOICE_TYPES = new Set(['YES_NO', 'MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'SMILEY']);
const NUMBER_PATTERN = '^-?[0-9]+([.,][0-9]+)?([eE][+-]?[0-9]+)?$';

/** `from ... where` over the answers of the filled forms in scope, with extra conditions and joins. */
type FromAnswers = (where?: SQL, join?: SQL) => SQL;

type Marks = { answered: number; unavailable: number; skipped: number; checked: number; unchecked: number };
type DateFigures = { min: string | null; median: string | null; max: string | null };
/** Per number question: its min and max and, per distinct value in ascending order, the count and bin. */
type NumberRow = {
  question_id: string;
  mn: number;
  mx: number;
  x: number;
  n: number;
  bin: number;
  /** PostgreSQL's percentile_cont(0.5), when aggregated from the answers. */
  med?: number;
};

const idsOf = (questions: FilterQuestion[], types?: Set<string>) =>
  sql.param(questions.filter((q) => !types || types.has(q.type)).map((q) => q.id));

/**
 * Where the distributions come from: `tally` reads answer_value_tally, folded first (what the API
 * uses), `answers` aggregates the answer rows themselves (the reference the tally test
 * compares with, and the fallback for the questions the tally cannot answer exactly).
 */
export type AnswerSource = 'tally' | 'answers';

/** Spec 001 §2 answer tab: the form's questions with their distributions and a page of filled forms. */
export async function viewAnswers(
  db: Executor,
  input: { studyId: string; request: AnswerTabRequest; access: AccessUser; source?: AnswerSource },
): Promise<AnswerTab> {
  const request = AnswerTabRequestSchema.parse(input.request);
  const { studyId } = input;
  const source = input.source ?? 'tally';
  const sites = visibleSites(input.access, 'DATA_VIEW_ANSWERS', studyId, request.siteId);
  // The site and form are checked first: the fold-in writes, so it runs only for a request that
  // names this study's site and form (a refused request changes nothing).
  const form = await readView(db, async (tx) => {
    await assertFilterTargets(tx, studyId, { siteId: request.siteId });
    const [live] = await listLiveForms(tx, studyId, request.formId);
    if (!live) throw notFound('The form');
    return live;
  });
  if (source === 'tally') await foldAnswerTallies(db, studyId);
  return readView(db, async (tx) => {
    const inScope = sql`q.study_id = ${studyId} and q.form_id = ${form.id} and ${siteCondition(sql`q.site_id`, sites)}`;
    const asked = request.questionIds ? new Set(request.questionIds) : null;
    const questions = asked ? form.questions.filter((q) => asked.has(q.id)) : form.questions;
    const onlyAsked = asked ? sql`and answer.question_id = any(${sql.param([...asked])}::text[])` : sql``;
    const fromAnswers: FromAnswers = (where = sql``, join = sql``) => sql`from questionnaire q
      join answer on answer.study_id = q.study_id and answer.questionnaire_id = q.id ${join}
      where ${inScope} ${onlyAsked} ${where}`;
    const figures =
      source === 'tally'
        ? await tallyFigures(tx, questions, fromAnswers, {
            studyId,
            formId: form.id,
            site: siteCondition(sql`t.site_id`, sites),
          })
        : await answerFigures(tx, questions, fromAnswers, true);
    const total = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from questionnaire q where ${inScope}`),
    )[0]?.n;
    const distributions = distributionsOf(questions, figures);
    return {
      form: { id: form.id, name: form.name },
      forms: total ?? 0,
      questions: form.questions.map((q) => ({
        questionId: q.id,
        order: q.order,
        text: q.text,
        type: q.type,
        answered: figures.marks.get(q.id)?.answered ?? 0,
        unavailable: figures.marks.get(q.id)?.unavailable ?? 0,
        skipped: figures.marks.get(q.id)?.skipped ?? 0,
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

/** What the distributions are built from, whichever the source. */
type Figures = {
  marks: Map<string, Marks>;
  choices: Map<string, Map<string, number>>;
  dates: Map<string, DateFigures>;
  numbers: Map<string, NumberRow[]>;
};

/** The figures from the tally (folded just before); questions it cannot answer exactly from the answers. */
async function tallyFigures(
  tx: Executor,
  questions: FilterQuestion[],
  fromAnswers: FromAnswers,
  scope: { studyId: string; formId: string; site: SQL },
): Promise<Figures> {
  const tally = (
    kinds: SQL,
    only: FilterQuestion[],
  ) => sql`select question_id, kind, value, sum(n)::int as n from (
      select question_id, kind, value, n from answer_value_tally t
        where t.study_id = ${scope.studyId} and t.form_id = ${scope.formId} and ${scope.site}
          and t.question_id = any(${idsOf(only)}::text[]) and ${kinds}
    ) as u group by 1, 2, 3 having sum(n) <> 0`;
  const checkboxes = questions.filter((q) => q.type === 'CHECKBOX');
  const rows = rowsOf<{ question_id: string; kind: string; value: string; n: number }>(
    await tx.execute(sql`(${tally(sql`t.kind in ('A', 'U', 'S', 'N', 'L')`, questions)})
      union all (${tally(sql`t.kind = 'F' and t.value in ('true', 'false')`, checkboxes)})
      union all (${tally(
        sql`t.kind = 'P'`,
        questions.filter((q) => CHOICE_TYPES.has(q.type)),
      )})
      union all (select question_id, 'D', '', sum(n)::int from (${tally(
        sql`t.kind = 'F'`,
        questions.filter((q) => DATE_TYPES.has(q.type)),
      )}) as d group by 1)`),
  );
  const marks = new Map<string, Marks>();
  const choices = new Map<string, Map<string, number>>();
  const nonEmpty = new Map<string, number>();
  const dated = new Map<string, number>();
  const tooLong = new Set<string>();
  for (const r of rows) {
    const m = marks.get(r.question_id) ?? {
      answered: 0,
      unavailable: 0,
      skipped: 0,
      checked: 0,
      unchecked: 0,
    };
    marks.set(r.question_id, m);
    if (r.kind === 'A') m.answered = r.n;
    else if (r.kind === 'U') m.unavailable = r.n;
    else if (r.kind === 'S') m.skipped = r.n;
    else if (r.kind === 'N') nonEmpty.set(r.question_id, r.n);
    else if (r.kind === 'L') tooLong.add(r.question_id);
    else if (r.kind === 'P') {
      const mine = choices.get(r.question_id) ?? new Map<string, number>();
      mine.set(r.value, r.n);
      choices.set(r.question_id, mine);
    } else if (r.kind === 'D') dated.set(r.question_id, r.n);
    else if (r.kind === 'F' && r.value === 'true') m.checked = r.n;
    else if (r.kind === 'F' && r.value === 'false') m.unchecked = r.n;
  }
  // A date answer that is not of the date form, or a string too long to key: that question from its answers.
  const direct = questions.filter(
    (q) =>
      tooLong.has(q.id) || (DATE_TYPES.has(q.type) && (nonEmpty.get(q.id) ?? 0) !== (dated.get(q.id) ?? 0)),
  );
  const datedOnes = questions.filter((q) => DATE_TYPES.has(q.type) && !direct.includes(q));
  const dates = new Map<string, DateFigures>();
  for (const d of rowsOf<{ question_id: string; mn: string; md: string; mx: string }>(
    datedOnes.length === 0
      ? { rows: [] }
      : await tx.execute(sql`with t as (select question_id, value, n from (${tally(sql`t.kind = 'F'`, datedOnes)}) as f),
          c as (select question_id, value, sum(n) over (partition by question_id order by value
            rows between unbounded preceding and current row) as cum, sum(n) over (partition by question_id) as total from t)
          select question_id, min(value) as mn, max(value) as mx,
            (array_agg(value order by value) filter (where cum >= ceil(total * 0.5)))[1] as md
          from c group by 1`),
  ))
    dates.set(d.question_id, { min: d.mn, median: d.md, max: d.mx });
  const numberOnes = questions.filter((q) => NUMBER_TYPES.has(q.type) && !direct.includes(q));
  const numbers = groupNumbers(
    numberOnes.length === 0
      ? []
      : rowsOf<NumberRow>(
          await tx.execute(sql`with v as (select question_id, replace(value, ',', '.')::float8 as x, sum(n)::int as n
              from (${tally(sql`t.kind = 'F'`, numberOnes)}) as f where value ~ ${NUMBER_PATTERN} group by 1, 2),
            ${numberBins}`),
        ),
  );
  if (direct.length > 0) {
    const exact = await answerFigures(tx, direct, fromAnswers, false);
    for (const q of direct) {
      choices.set(q.id, exact.choices.get(q.id) ?? new Map());
      const d = exact.dates.get(q.id);
      if (d) dates.set(q.id, d);
      numbers.set(q.id, exact.numbers.get(q.id) ?? []);
    }
  }
  return { marks, choices, dates, numbers };
}

/** Given `v (question_id, x, n)`: per distinct value its count and histogram bin, with the question's min and max. */
const bin = sql`(case when st.mx <= st.mn then 1
  else least(width_bucket(v.x, st.mn, st.mx, ${HISTOGRAM_BINS}), ${HISTOGRAM_BINS}) end)::int as bin`;
const numberBins = sql`st as (select question_id, min(x) as mn, max(x) as mx from v group by question_id)
  select v.question_id, st.mn, st.mx, v.x, v.n, ${bin}
  from v join st on st.question_id = v.question_id order by v.question_id, v.x`;

function groupNumbers(rows: NumberRow[]): Map<string, NumberRow[]> {
  const out = new Map<string, NumberRow[]>();
  for (const r of rows) out.set(r.question_id, [...(out.get(r.question_id) ?? []), r]);
  return out;
}

/**
 * The figures aggregated over the answer rows of `questions` (one pass for the marks and dates, one
 * for the choices, one for the numbers). `withMarks` false when only the distributions are needed.
 */
async function answerFigures(
  tx: Executor,
  questions: FilterQuestion[],
  fromAnswers: FromAnswers,
  withMarks: boolean,
): Promise<Figures> {
  const only = sql`and answer.question_id = any(${idsOf(questions)}::text[])`;
  const first = sql`answer.value->'answerStrings'->>0`;
  const isDate = sql`answer.question_id = any(${idsOf(questions, DATE_TYPES)}::text[]) and coalesce(${first}, '') <> ''`;
  const counts = rowsOf<
    Marks & {
      question_id: string;
      date_min: string | null;
      date_max: string | null;
      date_median: string | null;
    }
  >(
    await tx.execute(sql`select answer.question_id,
      count(*) filter (where ${ANSWER_HOLDS} and not answer.is_unavailable and not answer.is_skipped)::int as answered,
      count(*) filter (where answer.is_unavailable)::int as unavailable,
      count(*) filter (where answer.is_skipped)::int as skipped,
      count(*) filter (where ${first} = 'true')::int as checked,
      count(*) filter (where ${first} = 'false')::int as unchecked,
      min(${first}) filter (where ${isDate}) as date_min,
      max(${first}) filter (where ${isDate}) as date_max,
      percentile_disc(0.5) within group (order by ${first}) filter (where ${isDate}) as date_median
      ${fromAnswers(withMarks ? sql`` : only)} group by answer.question_id`),
  );
  const choices = new Map<string, Map<string, number>>();
  for (const c of rowsOf<{ question_id: string; possibility: string; n: number }>(
    await tx.execute(sql`select answer.question_id, p.possibility, count(*)::int as n
      ${fromAnswers(
        sql`and answer.question_id = any(${idsOf(questions, CHOICE_TYPES)}::text[])`,
        sql`cross join lateral jsonb_array_elements_text(coalesce(answer.value->'possibilities', '[]'::jsonb)) as p(possibility)`,
      )}
      group by 1, 2`),
  )) {
    const mine = choices.get(c.question_id) ?? new Map<string, number>();
    mine.set(c.possibility, c.n);
    choices.set(c.question_id, mine);
  }
  const numbers = groupNumbers(
    rowsOf<NumberRow>(
      await tx.execute(sql`with raw as (
          select answer.question_id, replace(${first}, ',', '.')::float8 as x
          ${fromAnswers(
            sql`and answer.question_id = any(${idsOf(questions, NUMBER_TYPES)}::text[]) and ${first} ~ ${NUMBER_PATTERN}`,
          )}),
        med as (select question_id, percentile_cont(0.5) within group (order by x) as med from raw group by 1),
        v as (select question_id, x, count(*)::int as n from raw group by 1, 2),
        st as (select question_id, min(x) as mn, max(x) as mx from v group by question_id)
        select v.question_id, st.mn, st.mx, med.med, v.x, v.n, ${bin}
        from v join st on st.question_id = v.question_id join med on med.question_id = v.question_id
        order by v.question_id, v.x`),
    ),
  );
  return {
    marks: new Map(counts.map((c) => [c.question_id, c])),
    choices,
    dates: new Map(
      counts
        .filter((c) => c.date_min !== null)
        .map((c) => [c.question_id, { min: c.date_min, median: c.date_median, max: c.date_max }]),
    ),
    numbers,
  };
}

/**
 * The median of values given in ascending order with their counts, as PostgreSQL's
 * `percentile_cont(0.5)` computes it: the value at position (n - 1) / 2, or the two around it
 * interpolated (lo + 0.5 * (hi - lo)).
 */
export function medianOfCounts(sorted: readonly { x: number; n: number }[]): number | null {
  const total = sorted.reduce((sum, r) => sum + r.n, 0);
  if (total === 0) return null;
  const lower = Math.floor(0.5 * (total - 1));
  const upper = Math.ceil(0.5 * (total - 1));
  const at = (index: number) => {
    let seen = 0;
    for (const r of sorted) {
      seen += r.n;
      if (index < seen) return r.x;
    }
    return sorted[sorted.length - 1]?.x ?? 0;
  };
  const lo = at(lower);
  if (upper === lower) return lo;
  const hi = at(upper);
  return lo + 0.5 * (hi - lo);
}

function distributionsOf(questions: FilterQuestion[], figures: Figures): Map<string, AnswerDistribution> {
  const out = new Map<string, AnswerDistribution>();
  for (const q of questions) {
    if (CHOICE_TYPES.has(q.type)) {
      const mine = figures.choices.get(q.id);
      out.set(q.id, {
        kind: 'CHOICE',
        choices: q.possibilities.map((p) => ({
          possibilityId: p.id,
          text: p.text,
          count: mine?.get(p.id) ?? 0,
        })),
      });
    } else if (q.type === 'CHECKBOX') {
      const c = figures.marks.get(q.id);
      out.set(q.id, { kind: 'CHECKBOX', checked: c?.checked ?? 0, unchecked: c?.unchecked ?? 0 });
    } else if (NUMBER_TYPES.has(q.type)) {
      const mine = figures.numbers.get(q.id) ?? [];
      const first = mine[0];
      const bins = new Map<number, number>();
      for (const r of mine) bins.set(r.bin, (bins.get(r.bin) ?? 0) + r.n);
      out.set(q.id, {
        kind: 'NUMBER',
        min: first?.mn ?? null,
        median: first?.med ?? medianOfCounts(mine),
        max: first?.mx ?? null,
        bins: first ? histogramBins(first.mn, first.mx, bins) : [],
      });
    } else if (DATE_TYPES.has(q.type)) {
      const d = figures.dates.get(q.id);
      out.set(q.id, { kind: 'DATE', min: d?.min ?? null, median: d?.median ?? null, max: d?.max ?? null });
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
