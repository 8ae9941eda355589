// The rows of the issue 16 table. Each bench reports its rows with `reportRow`: the row is printed
// and, under `npm run bench` (which sets BENCH_ROWS to a file), also handed to bench/run.ts, which
// prints every row of every bench as one table beside its anchor and goal.
import { appendFileSync } from 'node:fs';

/** Row ids in the order of the issue's table; a bench reports the ids it measures. */
export const ROW_IDS = [
  'submit-pg',
  'update-pg',
  'pglite-50',
  'subject-list',
  'subject-import',
  'form-keystroke',
  'form-render',
  'slow-phone',
  'public-bundle',
] as const;
export type RowId = (typeof ROW_IDS)[number];

/** Each row as the issue words it, and its goal: what bench/run.ts shows for a row no bench reported. */
export const ISSUE_ROWS: Record<RowId, { measure: string; goal: string }> = {
  'submit-pg': {
    measure: 'participant submit of a 30-answer form, 16 clients, PostgreSQL',
    goal: '≥ 10 % of pgbench tps, p99 ≤ 250 ms',
  },
  'update-pg': {
    measure: 'staff update with a reason, 16 clients',
    goal: '≥ 10 % of pgbench tps, p99 ≤ 250 ms',
  },
  'pglite-50': { measure: '50 participants on the embedded PGlite', goal: 'p95 ≤ 1 s, no errors' },
  'subject-list': {
    measure: 'subject list, 100,000 subjects, search + page of 25',
    goal: 'p95 ≤ 20 ms (PostgreSQL), ≤ 100 ms (PGlite)',
  },
  'subject-import': { measure: 'subject CSV import', goal: '≥ 5,000 subjects/s' },
  'form-keystroke': { measure: '300-question form: keystroke to revalidated paint', goal: '≤ 0.1x SurveyJS' },
  'form-render': {
    measure: '300-question form: data to painted / main-thread CPU / heap',
    goal: 'each ≤ 0.5x SurveyJS',
  },
  'slow-phone': {
    measure: 'slow phone (4x CPU, 400 ms RTT, 400 kbit/s): link to first question',
    goal: '≤ 0.5x SurveyJS',
  },
  'public-bundle': { measure: 'participant first load and fill page (gzip)', goal: 'fill page ≤ 190 KiB' },
};

export type Row = {
  id: RowId | string;
  /** What is measured, as the issue's table words it. */
  measure: string;
  trialbase: string;
  /** The anchor measured in the same run ("—" when the row has none). */
  anchor: string;
  /** Trialbase against the anchor ("—" when none). */
  ratio: string;
  /** The issue's goal for the row. */
  goal: string;
  /** Whether the goal is met; null when the run cannot tell (quick sizes, no anchor). */
  met: boolean | null;
};

export function reportRow(row: Row): void {
  console.log(
    `ROW ${row.measure}: ${row.trialbase} | anchor ${row.anchor} | ratio ${row.ratio} | goal ${row.goal} | ${metText(row.met)}`,
  );
  const file = process.env.BENCH_ROWS;
  if (file) appendFileSync(file, `${JSON.stringify(row)}\n`);
}

export function metText(met: boolean | null): string {
  return met === null ? '?' : met ? 'met' : 'not met';
}

/** A Markdown table of rows, like the issue's. */
export function formatTable(rows: Row[]): string {
  const header = ['measure', 'Trialbase', 'anchor in the same run', 'ratio', 'goal', 'goal met'];
  const lines = rows.map((r) => [r.measure, r.trialbase, r.anchor, r.ratio, r.goal, metText(r.met)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(format)].join(
    '\n',
  );
}
