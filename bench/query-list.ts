// Query list at scale (issue 19 "Must show"): 50,000 queries in one study over 4 sites, the list
// filtered by site and status with a page of 25, through POST /api/studies/{id}/queries/list over
// app.inject (routing, session, permission, validation, the page, counts per status and the names of
// the page's rows), on PostgreSQL and PGlite; p50 / p95 printed beside the anchor GET
// /api/auth/session. Aim: p95 <= 50 ms on PostgreSQL. The indexes it leans on are
// query_site_status_created_idx and query_created_idx (migration 0015_query_list).
//
//   npx tsx bench/query-list.ts [--queries 50000] [--calls 200] [--engines postgres,pglite]
//
// PostgreSQL at BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres):
// the bench creates and drops its own database there.
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app';
import { countListByStatus, listQueryPageWithNames } from '../packages/server/src/modules/queries/repo';
import { loadConfig } from '../packages/server/src/platform/config';
import { buildSite, buildStudy, buildUser, grantAccess } from '../packages/server/test/factories';
import { injectLogin } from './lib/inject-login';
import { createThrowawayDatabase } from './lib/postgres';
import { quantile } from './lib/stats';

const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
const { values: args } = parseArgs({
  options: {
    queries: { type: 'string', default: quick ? '2000' : '50000' },
    calls: { type: 'string', default: quick ? '20' : '200' },
    engines: { type: 'string', default: 'postgres,pglite' },
    quick: { type: 'boolean', default: false },
  },
});
const QUERIES = Number(args.queries);
const CALLS = Number(args.calls);
const ENGINES = args.engines.split(',') as ('postgres' | 'pglite')[];
const SITES = 4;
const SUBJECTS = Math.max(10, Math.round(QUERIES / 10));
const PASSWORD = 'Bench-Password-1';
const STATUSES = ['OPEN', 'RESPONDED', 'CLOSED'] as const;

/**
 * Subjects with an enrollment each, one form, and N queries spread over the sites, statuses
 * (half closed, a third open), forms' questions and a year of creation times, in multi-row SQL.
 */
async function seed(
  app: FastifyInstance,
  studyId: string,
  siteIds: string[],
  formId: string,
  userId: string,
) {
  const started = performance.now();
  const q = (text: string, params: unknown[]) => app.database.query(text, params);
  await q(
    `insert into form_template (study_id, id, name, type, document, created_by, created_at, updated_at)
     values ($1, $2, 'Vitals', 'TYPE_FORM', '{}'::jsonb, 'bench', now(), now())`,
    [studyId, formId],
  );
  await q(
    `insert into subject (study_id, id, site_id, patient_id, created_at, updated_at)
     select $1, substr(md5('s' || $1 || g::text), 1, 24), ($2::text[])[1 + g % $4], 'S-' || lpad(g::text, 6, '0'), now(), now()
       from generate_series(1, $3::int) g`,
    [studyId, siteIds, SUBJECTS, siteIds.length],
  );
  await q(
    `insert into enrollment (study_id, id, site_id, subject_id, process_id, status, registered_at, time_zone, language, created_at, updated_at)
     select $1, substr(md5('e' || $1 || g::text), 1, 24), ($2::text[])[1 + g % $4], substr(md5('s' || $1 || g::text), 1, 24),
            'bench-process', 'ACTIVE', now(), 'UTC', 'en', now(), now()
       from generate_series(1, $3::int) g`,
    [studyId, siteIds, SUBJECTS, siteIds.length],
  );
  const chunk = 25_000;
  for (let from = 1; from <= QUERIES; from += chunk) {
    const to = Math.min(QUERIES, from + chunk - 1);
    await q(
      `insert into query (study_id, id, site_id, enrollment_id, token_id, data_event_id, questionnaire_id, form_id,
                          question_id, answer_id, status, query_text, rule_id, comments, created_by, created_at, updated_at)
       select $1, substr(md5('q' || $1 || g::text), 1, 24), ($2::text[])[1 + s % $5],
              substr(md5('e' || $1 || s::text), 1, 24), substr(md5('t' || $1 || s::text), 1, 24), 'e' || (g % 6),
              substr(md5('n' || $1 || s::text), 1, 24), $6, 'q' || (g % 30), null,
              case when g % 6 < 3 then 'CLOSED' when g % 6 < 5 then 'OPEN' else 'RESPONDED' end,
              'Please check the value of question ' || (g % 30) || ' against the source document.', null,
              jsonb_build_array(jsonb_build_object('id', substr(md5('c' || g::text), 1, 24), 'createdBy', $7::text,
                'createdByName', 'Bench Monitor', 'createdTime', now(), 'action', 'CREATE', 'text', 'Please check.',
                'oldValues', null, 'newValues', null)),
              $7, now() - (g % 525600) * interval '1 minute', now()
         from generate_series($3::int, $4::int) g, lateral (select 1 + g % $8 as s) subj`,
      [studyId, siteIds, from, to, siteIds.length, formId, userId, SUBJECTS],
    );
  }
  // PostgreSQL's autovacuum vacuums and analyses a table after this many inserts (insert threshold,
  // PostgreSQL 13+), which sets the visibility map the counts' index-only scans need; PGlite has no
  // autovacuum, so the bench runs what it would have run, on both engines alike.
  await app.database.query('vacuum analyze query');
  await app.database.query('vacuum analyze subject');
  await app.database.query('vacuum analyze enrollment');
  return (performance.now() - started) / 1000;
}

type Figures = {
  seedSeconds: number;
  session: number[];
  bySiteStatus: number[];
  siteLimited: number[];
  unfiltered: number[];
  /** The list's two statements without HTTP: counts per status, and the page with its names. */
  counts: number[];
  page: number[];
};

async function timeList(app: FastifyInstance, url: string, headers: Record<string, string>, body: object) {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url, headers, payload: body });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  const json = res.json<{ items: unknown[]; total: number }>();
  if (json.items.length === 0 && json.total > 0) throw new Error('an empty page of a non-empty list');
  return ms;
}

async function runEngine(engine: 'postgres' | 'pglite'): Promise<Figures> {
  const database = engine === 'postgres' ? await createThrowawayDatabase('tb_bench_queries') : null;
  const app = await buildApp({
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: database?.url ?? null,
    dataDir: 'memory://',
    adminEmail: 'bench@example.org',
    adminPassword: PASSWORD,
    jobs: false,
  });
  try {
    const study = await buildStudy(app, { status: 'PRODUCTION' });
    const sites: Awaited<ReturnType<typeof buildSite>>[] = [];
    for (let i = 1; i <= SITES; i += 1) sites.push(await buildSite(app, study.id, { siteNumber: i }));
    const monitorUser = await buildUser(app);
    await grantAccess(app, { studyId: study.id, user: monitorUser, role: 'MONITOR' });
    const doctorUser = await buildUser(app);
    await grantAccess(app, { studyId: study.id, user: doctorUser, role: 'DOCTOR', siteIds: [sites[0]!.id] });
    const seedSeconds = await seed(
      app,
      study.id,
      sites.map((s) => s.id),
      `${study.id.slice(0, 16)}f0000001`,
      monitorUser.id,
    );
    const monitor = await injectLogin(app, monitorUser.email, monitorUser.password);
    const doctor = await injectLogin(app, doctorUser.email, doctorUser.password);
    const url = `/api/studies/${study.id}/queries/list`;
    const bodies = Array.from({ length: CALLS }, (_, i) => ({
      sites: [sites[i % SITES]!.id],
      statuses: [STATUSES[i % 2]!],
      pageSize: 25,
      page: 1 + (i % 4),
    }));
    for (const body of bodies.slice(0, 20)) await timeList(app, url, monitor, body); // warm-up
    const bySiteStatus: number[] = [];
    for (const body of bodies) bySiteStatus.push(await timeList(app, url, monitor, body));
    const siteLimited: number[] = [];
    for (const body of bodies.slice(0, Math.ceil(CALLS / 2)))
      siteLimited.push(await timeList(app, url, doctor, { statuses: body.statuses, pageSize: 25 }));
    const unfiltered: number[] = [];
    for (let i = 0; i < Math.ceil(CALLS / 2); i += 1)
      unfiltered.push(await timeList(app, url, monitor, { pageSize: 25, page: 1 + (i % 4) }));
    const session: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/auth/session', headers: monitor });
      session.push(performance.now() - started);
    }
    // The list's two statements without HTTP: counts per status, and the page with its names.
    const counts: number[] = [];
    const page: number[] = [];
    for (const body of bodies) {
      const filter = { studyId: study.id, sites: body.sites, statuses: body.statuses };
      let started = performance.now();
      await countListByStatus(app.database.db, filter);
      counts.push(performance.now() - started);
      started = performance.now();
      await listQueryPageWithNames(
        app.database.db,
        filter,
        { sortBy: 'createdTime', sortDirection: 'desc' },
        { limit: 25, offset: 25 * (body.page - 1) },
      );
      page.push(performance.now() - started);
    }
    return { seedSeconds, session, bySiteStatus, siteLimited, unfiltered, counts, page };
  } finally {
    await app.close();
    await database?.drop();
  }
}

const results = new Map<string, Figures>();
for (const engine of ENGINES) {
  console.log(`${engine}: seeding ${QUERIES.toLocaleString('en')} queries …`);
  results.set(engine, await runEngine(engine));
}

const ms = (samples: number[]) =>
  `${quantile(samples, 0.5).toFixed(1)} / ${quantile(samples, 0.95).toFixed(1)} ms`;
const cell = (engine: string, pick: (f: Figures) => string) => {
  const f = results.get(engine);
  return (f ? pick(f) : '-').padStart(22);
};
const rows: [string, (f: Figures) => string, string][] = [
  ['seed (multi-row SQL)', (f) => `${f.seedSeconds.toFixed(1)} s`, ''],
  ['site + status, page of 25, p50 / p95', (f) => ms(f.bySiteStatus), 'p95 <= 50 ms (PostgreSQL)'],
  ['site-limited doctor, status, p50 / p95', (f) => ms(f.siteLimited), ''],
  ['no filter, page of 25, p50 / p95', (f) => ms(f.unfiltered), ''],
  ['statements only: counts per status', (f) => ms(f.counts), 'no HTTP, no auth'],
  ['statements only: page of 25 + names', (f) => ms(f.page), 'no HTTP, no auth'],
  ['anchor: GET /api/auth/session', (f) => ms(f.session), 'floor of a signed-in call'],
];
console.log(`\nquery list at ${QUERIES.toLocaleString('en')} queries, ${CALLS} calls per kind (app.inject)`);
console.log(`${''.padEnd(40)}${'PostgreSQL'.padStart(22)}${'PGlite'.padStart(22)}   goal`);
for (const [name, pick, goal] of rows)
  console.log(`${name.padEnd(40)}${cell('postgres', pick)}${cell('pglite', pick)}   ${goal}`);
const pg95 = results.get('postgres') ? quantile(results.get('postgres')!.bySiteStatus, 0.95) : Number.NaN;
if (QUERIES >= 50_000 && Number.isFinite(pg95))
  console.log(`\nPostgreSQL p95 ${pg95.toFixed(1)} ms: ${pg95 <= 50 ? 'meets' : 'misses'} the 50 ms aim`);
