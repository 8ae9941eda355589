// Export at scale (issue 26 "Must show"): CSV and ODM export of 1,000,000 answers on PostgreSQL (50,000
// filled forms of 20 questions over 4 sites), the export job as the queue runs it (keyset pages, the
// zip streamed into export_chunk rows), side by side with `COPY (query) TO STDOUT` of the same answer
// rows (psql \copy, output to /dev/null) in the same run: time ratio (aim <= 2x) and peak RSS printed.
//
//   npx tsx bench/export.ts [--answers 1000000] [--questions 20]
//
// PostgreSQL at BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres):
// the bench creates and drops its own database there.
//
// Figures on the shared 2-core machine (load average 11-19 from other work, so seconds vary; the
// ratio is taken in the same run): before the one-pass export (e35f19a) CSV 7.2x and ODM 25.8x of
// COPY, peak RSS 413 / 435 MiB; after it (native zlib, one cursor) CSV 1.50x and ODM 1.47x, peak
// RSS 376 / 376 MiB (2.13x / 1.55x in a noisier run). Profile: node --cpu-prof --import tsx bench/export.ts
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { CSRF_HEADER } from '@trialbase/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app';
import { runExportSweep } from '../packages/server/src/modules/exports/api';
import { loadConfig } from '../packages/server/src/platform/config';
import { buildSite, buildStudy } from '../packages/server/test/factories';
import { createThrowawayDatabase, describeServer } from './lib/postgres';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const { values: args } = parseArgs({
  options: {
    answers: { type: 'string', default: quick ? '20000' : '1000000' },
    questions: { type: 'string', default: '20' },
    quick: { type: 'boolean', default: false },
  },
});
const QUESTIONS = Number(args.questions);
const FORMS_FILLED = Math.max(1, Math.round(Number(args.answers) / QUESTIONS));
const ANSWERS = FORMS_FILLED * QUESTIONS;
const PASSWORD = 'Bench-Password-1';

function formDocument(formId: string) {
  return {
    id: formId,
    title: { en: 'Vitals' },
    type: 'TYPE_FORM',
    exportLabel: 'VITALS',
    questions: Array.from({ length: QUESTIONS }, (_, i) => {
      const kind = i % 3;
      return {
        id: `q${i + 1}`,
        order: i + 1,
        question: { en: `Question ${i + 1}` },
        exportLabel: `Q${i + 1}`,
        type: kind === 0 ? 'NUMBER' : kind === 1 ? 'TEXT_SENTENCE' : 'MULTIPLE_CHOICE',
        possibilities:
          kind === 2
            ? [
                { id: 'p1', possibility: { en: 'Low' } },
                { id: 'p2', possibility: { en: 'High' } },
              ]
            : [],
      };
    }),
  };
}

async function seed(app: FastifyInstance, studyId: string, siteIds: string[], formId: string) {
  const q = (text: string, params: unknown[]) => app.database.query(text, params);
  await q(
    `insert into form_template (study_id, id, name, type, document, created_by, created_at, updated_at)
     values ($1, $2, 'Vitals', 'TYPE_FORM', $3::jsonb, 'bench', now(), now())`,
    [studyId, formId, JSON.stringify(formDocument(formId))],
  );
  await q(
    `insert into process (study_id, id, name, document, created_by, created_at, updated_at)
     values ($1, $2, 'Bench', $3::jsonb, 'bench', now(), now())`,
    [
      studyId,
      `${studyId.slice(0, 16)}p0000001`,
      JSON.stringify({
        dataEvents: [{ id: 'ev1', name: { en: 'Visit 1' }, type: 'TYPE_USER', forms: [formId] }],
      }),
    ],
  );
  await q(
    `insert into subject (study_id, id, site_id, patient_id, created_at, updated_at)
     select $1, substr(md5('s' || $1 || g::text), 1, 24), ($2::text[])[1 + g % $4], 'S-' || lpad(g::text, 7, '0'), now(), now()
       from generate_series(1, $3::int) g`,
    [studyId, siteIds, FORMS_FILLED, siteIds.length],
  );
  await q(
    `insert into enrollment (study_id, id, site_id, subject_id, process_id, status, registered_at, time_zone, language, created_at, updated_at)
     select $1, substr(md5('e' || $1 || g::text), 1, 24), ($2::text[])[1 + g % $4], substr(md5('s' || $1 || g::text), 1, 24),
            'bench-process', 'ONGOING', now(), 'UTC', 'en', now(), now()
       from generate_series(1, $3::int) g`,
    [studyId, siteIds, FORMS_FILLED, siteIds.length],
  );
  await q(
    `insert into questionnaire (study_id, id, enrollment_id, site_id, token_id, data_event_id, form_id, form_major, form_minor,
                                status, filled_out_by_type, filled_out_by, created_at, updated_at, completed_at)
     select $1, substr(md5('n' || $1 || g::text), 1, 24), substr(md5('e' || $1 || g::text), 1, 24), ($2::text[])[1 + g % $4],
            substr(md5('t' || $1 || g::text), 1, 24), 'ev1', $5, 1, 0, 'STATUS_COMPLETED', 'USER', null, now(), now(), now()
       from generate_series(1, $3::int) g`,
    [studyId, siteIds, FORMS_FILLED, siteIds.length, formId],
  );
  const chunk = 20_000;
  for (let from = 1; from <= FORMS_FILLED; from += chunk) {
    const to = Math.min(FORMS_FILLED, from + chunk - 1);
    await q(
      `insert into answer (study_id, id, questionnaire_id, question_id, value, created_at, updated_at)
       select $1, substr(md5('a' || $1 || g::text || '-' || k::text), 1, 24), substr(md5('n' || $1 || g::text), 1, 24), 'q' || k,
              case when k % 3 = 1 then jsonb_build_object('question', 'q' || k, 'answerStrings', jsonb_build_array(((g * k) % 200)::text))
                   when k % 3 = 2 then jsonb_build_object('question', 'q' || k, 'answerStrings', jsonb_build_array('note ' || g || ', value ' || k))
                   else jsonb_build_object('question', 'q' || k, 'possibilities', jsonb_build_array(case when g % 2 = 0 then 'p1' else 'p2' end)) end,
              now(), now()
         from generate_series($2::int, $3::int) g, generate_series(1, $4::int) k`,
      [studyId, from, to, QUESTIONS],
    );
  }
  for (const table of ['answer', 'questionnaire', 'subject', 'enrollment'])
    await app.database.query(`vacuum analyze ${table}`);
}

/** Runs fn while sampling the process's resident set every 20 ms; returns seconds and the peak in MiB. */
async function measured(fn: () => Promise<void>): Promise<{ seconds: number; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - started) / 1000, peakMiB: peak / 1024 / 1024 };
}

async function main() {
  console.log(
    `export bench: ${ANSWERS.toLocaleString('en')} answers (${FORMS_FILLED.toLocaleString('en')} filled forms x ${QUESTIONS})`,
  );
  console.log(`server: ${await describeServer()}`);
  const database = await createThrowawayDatabase('tb_bench_export');
  const app = await buildApp({
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: database.url,
    dataDir: 'memory://',
    adminEmail: 'bench@example.org',
    adminPassword: PASSWORD,
    jobs: false,
  });
  try {
    const study = await buildStudy(app, { status: 'PRODUCTION' });
    const sites: string[] = [];
    for (let i = 1; i <= 4; i += 1) sites.push((await buildSite(app, study.id, { siteNumber: i })).id);
    const seedStarted = performance.now();
    await seed(app, study.id, sites, `${study.id.slice(0, 16)}f0000001`);
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench@example.org', password: PASSWORD },
    });
    const cookie = login.cookies.find((c) => c.name === 'tb_session');
    const headers = {
      cookie: `tb_session=${cookie?.value}`,
      [CSRF_HEADER]: login.json<{ csrfToken: string }>().csrfToken,
    };

    const copySql = `\\copy (select s.patient_id, q.site_id, q.data_event_id, q.form_id, a.question_id, a.value::text from answer a join questionnaire q on q.study_id = a.study_id and q.id = a.questionnaire_id join enrollment e on e.study_id = q.study_id and e.id = q.enrollment_id join subject s on s.study_id = e.study_id and s.id = e.subject_id where a.study_id = '${study.id}' order by q.id) to '/dev/null' with csv`;
    const copy = await measured(async () => {
      execFileSync('psql', [database.url, '-q', '-c', copySql], { stdio: 'inherit' });
    });

    const rows: string[] = [];
    for (const formats of [['CSV'], ['ODM']] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/studies/${study.id}/exports`,
        headers,
        payload: { formats },
      });
      if (res.statusCode !== 202) throw new Error(`start: ${res.statusCode} ${res.body}`);
      const id = res.json<{ id: string }>().id;
      const run = await measured(async () => {
        await runExportSweep(app.database.db, { now: () => new Date() });
      });
      const status = await app.inject({
        method: 'GET',
        url: `/api/studies/${study.id}/exports/${id}`,
        headers,
      });
      const job = status.json<{ status: string; fileSize: number; error: string | null }>();
      if (job.status !== 'COMPLETED')
        throw new Error(`export ${formats.join('+')}: ${job.status} ${job.error}`);
      rows.push(
        `| ${formats.join('+').padEnd(8)} | ${run.seconds.toFixed(1).padStart(8)} s | ${(run.seconds / copy.seconds).toFixed(2).padStart(6)}x | ${run.peakMiB.toFixed(0).padStart(6)} MiB | ${(job.fileSize / 1024 / 1024).toFixed(1).padStart(7)} MiB |`,
      );
    }
    console.log('');
    console.log(`| export   |     time |  ratio |   peak RSS |     zip     |`);
    console.log(`|----------|----------|--------|------------|-------------|`);
    console.log(
      `| COPY     | ${copy.seconds.toFixed(1).padStart(8)} s |  1.00x | (psql)     |             |`,
    );
    for (const row of rows) console.log(row);
    console.log('');
    console.log(
      'ratio: export time / COPY time of the same answer rows; peak RSS of this process (server + job) while the export ran.',
    );
  } finally {
    await app.close();
    await database.drop();
  }
}

await main();
