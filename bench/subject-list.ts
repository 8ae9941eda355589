// Subject list and import at scale (issue 16 item 4), on PostgreSQL and PGlite side by side with the
// goals: search + a page of 25 at p95 <= 20 ms (PostgreSQL) and <= 100 ms (PGlite), import >= 5,000
// subjects/s. Seeds one study with --subjects N (default 100,000) in multi-row SQL, then calls
// POST /api/studies/{id}/patient/list through app.inject (HTTP routing, auth, validation and
// serialisation included) ~200 times per kind, and imports 5,000-row CSV files through the API: each
// import's rate from its own answer (the goal's figure; the audit events are chained after its commit)
// and the rate of all of them back to back until the last event is chained.
//
//   npx tsx bench/subject-list.ts [--subjects 100000] [--calls 200] [--engines postgres,pglite]
//
// PostgreSQL at DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres): the
// bench creates and drops its own database there.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createThrowawayDatabase } from '../packages/e2e/support/postgres';
import { buildApp } from '../packages/server/src/app';
import { studies } from '../packages/server/src/modules/studies/tables';
import { readSubjectList, type SubjectListFilter } from '../packages/server/src/modules/subjects/list-repo';
import { catchUpAuditChains } from '../packages/server/src/platform/audit/sequencer';
import { loadConfig } from '../packages/server/src/platform/config';
import { buildSite, buildStudy, buildUser, grantAccess } from '../packages/server/test/factories';
import { injectLogin } from './lib/inject-login';
import { ISSUE_ROWS, reportRow } from './lib/report';
import { quantile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    subjects: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '200' },
    engines: { type: 'string', default: 'postgres,pglite' },
    imports: { type: 'string', default: '3' },
    'import-rows': { type: 'string', default: '5000' },
  },
});
const SUBJECTS = Number(args.subjects);
const CALLS = Number(args.calls);
const IMPORTS = Number(args.imports);
const ENGINES = args.engines.split(',') as ('postgres' | 'pglite')[];
const SITES = 4;
const IMPORT_ROWS = Number(args['import-rows']);
const PASSWORD = 'Bench-Password-1';

const FIRST_NAMES = [
  'Ana',
  'Bo',
  'Cleo',
  'Dag',
  'Eva',
  'Finn',
  'Greta',
  'Hans',
  'Ida',
  'Jonas',
  'Karin',
  'Lars',
]
  .concat(['Mette', 'Nils', 'Olga', 'Per', 'Rut', 'Sven', 'Tove', 'Ulf', 'Vera', 'Yusuf', 'Zainab', 'Amir'])
  .concat(['Birte', 'Carl', 'Dorte', 'Emil', 'Frida', 'Gustav', 'Hanne', 'Ivan', 'Jens', 'Kirsten', 'Leila']);
const PREFIXES = [
  'Ab',
  'Bel',
  'Cor',
  'Dan',
  'El',
  'Fer',
  'Gal',
  'Har',
  'Is',
  'Jor',
  'Kal',
  'Lun',
  'Mor',
  'Nor',
].concat(['Ol', 'Pet', 'Ros', 'Sal', 'Tor', 'Ul', 'Van', 'Wes', 'Yor', 'Zan']);
const SUFFIXES = [
  'sen',
  'berg',
  'ström',
  'qvist',
  'gaard',
  'holm',
  'lund',
  'dahl',
  'vik',
  'by',
  'mark',
  'stad',
].concat(['rup', 'feldt', 'ling']);
/** 360 last names; a suffix such as "berg" is in 24 of them, as in life. */
const LAST_NAMES = PREFIXES.flatMap((p) => SUFFIXES.map((s) => `${p}${s}`));

type Figures = {
  seedSeconds: number;
  session: number[];
  dataLayer: number[];
  legacy: number[];
  search: number[];
  monitorSearch: number[];
  firstPages: number[];
  nextPages: number[];
  importRates: number[];
  /** Every import's rows over the time from the first import's start to its audit events chained. */
  sustainedRate: number;
};

/** N subjects over the study's sites in multi-row SQL (names, initials and emails from fixed lists). */
async function seed(app: FastifyInstance, studyId: string, siteIds: string[], n: number) {
  const started = performance.now();
  const chunk = 20_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await app.database.query(
      `insert into subject (study_id, id, site_id, patient_id, attributes, created_at, updated_at)
       select $1, substr(md5($1 || g::text), 1, 24), ($2::text[])[1 + g % $5], lpad(((1 + g % $5))::text, 2, '0') || '-' || lpad(g::text, 6, '0'),
              jsonb_build_object('firstName', f, 'lastName', l, 'initials', left(f, 1) || left(l, 1),
                                 'email', lower(f || '.' || l || g::text) || '@example.com', 'gender', g % 3,
                                 'birthYear', 1930 + g % 80, 'createdBy', null),
              now(), now()
         from generate_series($3::int, $4::int) g,
              lateral (select ($6::text[])[1 + g % $7] as f, ($8::text[])[1 + (g * 7919) % $9] as l) names`,
      [
        studyId,
        siteIds,
        from,
        to,
        siteIds.length,
        FIRST_NAMES,
        FIRST_NAMES.length,
        LAST_NAMES,
        LAST_NAMES.length,
      ],
    );
  }
  // PostgreSQL's autovacuum would analyse the new rows in the background; PGlite has none.
  await app.database.query('analyze subject');
  return (performance.now() - started) / 1000;
}

/** A realistic mix of what people type: subject id fragments, names, a first and last name, emails. */
function searchTerms(n: number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const g = 1 + ((i * 7919) % n);
    const f = FIRST_NAMES[g % FIRST_NAMES.length]!;
    const l = LAST_NAMES[(g * 7919) % LAST_NAMES.length]!;
    const id = String(g).padStart(6, '0');
    const kinds = [
      id,
      id.slice(0, 4),
      l,
      `${f} ${l}`,
      `${f.toLowerCase()}.${l.toLowerCase()}${g}`,
      l.slice(0, 5),
    ];
    out.push(kinds[i % kinds.length]!);
  }
  return out;
}

async function timeCall(app: FastifyInstance, url: string, headers: Record<string, string>, body: object) {
  const started = performance.now();
  const res = await app.inject({ method: 'POST', url, headers, payload: body });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return { ms, json: res.json<{ total: number; nextCursor: string | null; items: unknown[] }>() };
}

async function runEngine(engine: 'postgres' | 'pglite'): Promise<Figures> {
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = await createThrowawayDatabase(admin, 'tb_bench_subjects');
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const app = await buildApp({
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl,
    dataDir: 'memory://',
    adminEmail: 'bench@example.org',
    adminPassword: PASSWORD,
    jobs: false,
  });
  try {
    const study = await buildStudy(app, { status: 'PRODUCTION' });
    await app.database.db
      .update(studies)
      .set({ languages: ['en'] })
      .where(eq(studies.id, study.id));
    const sites = [];
    for (let i = 1; i <= SITES; i += 1) sites.push(await buildSite(app, study.id, { siteNumber: i }));
    const seedSeconds = await seed(
      app,
      study.id,
      sites.map((s) => s.id),
      SUBJECTS,
    );
    const admin = await injectLogin(app, 'bench@example.org', PASSWORD);
    const monitorUser = await buildUser(app);
    await grantAccess(app, { studyId: study.id, user: monitorUser, role: 'MONITOR' });
    const monitor = await injectLogin(app, monitorUser.email, monitorUser.password);
    const url = `/api/studies/${study.id}/patient/list`;
    const terms = searchTerms(SUBJECTS, CALLS);
    for (const term of terms.slice(0, 20)) await timeCall(app, url, admin, { search: term }); // warm-up
    const search: number[] = [];
    for (const term of terms)
      search.push((await timeCall(app, url, admin, { search: term, pageSize: 25 })).ms);
    const monitorSearch: number[] = [];
    for (const term of terms.filter((_, i) => i % 6 < 2))
      monitorSearch.push((await timeCall(app, url, monitor, { search: term, pageSize: 25 })).ms);
    // Anchors in the same run: the floor of any signed-in request (GET /api/auth/session), the list's
    // statement without HTTP (the repo function), and the statements this replaced (ilike over the
    // JSON attributes and a concat_ws full name, a full count(*), OFFSET), on 20 of the terms.
    const session: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      const started = performance.now();
      await app.inject({ method: 'GET', url: '/api/auth/session', headers: admin });
      session.push(performance.now() - started);
    }
    const dataLayer: number[] = [];
    for (const term of terms) {
      const filter: SubjectListFilter = {
        studyId: study.id,
        siteIds: 'ALL',
        archived: 'ACTIVE',
        search: term,
        searchVisibility: { firstName: 'ALL', lastName: 'ALL', initials: 'ALL', email: 'ALL' },
        sortBy: 'patientId',
        sortVisibility: 'ALL',
        sortDirection: 'asc',
        page: 1,
        pageSize: 25,
      };
      const started = performance.now();
      await readSubjectList(app.database.db, filter);
      dataLayer.push(performance.now() - started);
    }
    const legacy: number[] = [];
    for (const term of terms.slice(0, 20)) {
      const pattern = `%${term}%`;
      const where = `s.study_id = $1 and s.archived_at is null and (s.patient_id ilike $2
        or s.attributes->>'firstName' ilike $2 or s.attributes->>'lastName' ilike $2
        or s.attributes->>'initials' ilike $2 or s.attributes->>'email' ilike $2
        or concat_ws(' ', s.attributes->>'firstName', s.attributes->>'lastName') ilike $2)`;
      const from = 'subject s join site on site.study_id = s.study_id and site.id = s.site_id';
      const started = performance.now();
      await app.database.query(
        `select s.*, site.name from ${from} where ${where} order by lower(s.patient_id) asc nulls last, lower(s.patient_id), s.id limit 25 offset 0`,
        [study.id, pattern],
      );
      await app.database.query(`select count(*) from ${from} where ${where}`, [study.id, pattern]);
      legacy.push(performance.now() - started);
    }
    const firstPages: number[] = [];
    const nextPages: number[] = [];
    let after: string | null = null;
    for (let i = 0; i < CALLS; i += 1) {
      firstPages.push((await timeCall(app, url, admin, { pageSize: 25, page: 1 + (i % 40) })).ms);
      const next = await timeCall(app, url, admin, { pageSize: 25, ...(after ? { after } : {}) });
      nextPages.push(next.ms);
      after = next.json.nextCursor;
    }
    const importRates: number[] = [];
    const importsStarted = performance.now();
    for (let run = 0; run < IMPORTS; run += 1) {
      const lines = ['patientId,firstName,lastName,email,gender'];
      for (let i = 0; i < IMPORT_ROWS; i += 1)
        lines.push(`I${run}-${i},Imported,Person${i},imported.${run}.${i}@example.com,${i % 3}`);
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/studies/${study.id}/sites/${sites[run % SITES]!.id}/patients/import`,
        headers: admin,
        payload: { csv: lines.join('\n') },
      });
      const seconds = (performance.now() - started) / 1000;
      if (res.statusCode !== 201)
        throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
      importRates.push(IMPORT_ROWS / seconds);
    }
    // The imports run back to back while the app's sequencer chains their audit events after each
    // commit (issue 16 item 1); this waits for the last of them, so the sustained rate counts that work.
    await catchUpAuditChains(app.database.db);
    const sustainedRate = (IMPORTS * IMPORT_ROWS) / ((performance.now() - importsStarted) / 1000);
    return {
      seedSeconds,
      session,
      dataLayer,
      legacy,
      search,
      monitorSearch,
      firstPages,
      nextPages,
      importRates,
      sustainedRate,
    };
  } finally {
    await app.close();
    await dropDatabase();
  }
}

const results = new Map<string, Figures>();
for (const engine of ENGINES) {
  console.log(`${engine}: seeding ${SUBJECTS.toLocaleString('en')} subjects …`);
  results.set(engine, await runEngine(engine));
}

const cell = (engine: string, pick: (f: Figures) => string) => {
  const f = results.get(engine);
  return (f ? pick(f) : '-').padStart(22);
};
const ms = (samples: number[]) =>
  `${quantile(samples, 0.5).toFixed(1)} / ${quantile(samples, 0.95).toFixed(1)} ms`;
const rows: [string, (f: Figures) => string, string][] = [
  ['seed (multi-row SQL)', (f) => `${f.seedSeconds.toFixed(1)} s`, ''],
  ['search + page of 25, p50 / p95', (f) => ms(f.search), 'p95 <= 20 / 100 ms'],
  ['same, monitor (subject id only)', (f) => ms(f.monitorSearch), 'p95 <= 20 / 100 ms'],
  ['anchor: GET /api/auth/session', (f) => ms(f.session), 'floor of a signed-in call'],
  ['search + page, statements only', (f) => ms(f.dataLayer), 'no HTTP, no auth'],
  ['before: ilike + count(*) + OFFSET', (f) => ms(f.legacy), 'the replaced statements, 20 terms'],
  ['page by number (1-40), p50 / p95', (f) => ms(f.firstPages), ''],
  ['next page by cursor, p50 / p95', (f) => ms(f.nextPages), ''],
  [
    `import ${IMPORT_ROWS} rows, median`,
    (f) => `${Math.round(quantile(f.importRates, 0.5)).toLocaleString('en')} /s`,
    '>= 5,000 /s',
  ],
  [
    `${IMPORTS} imports back to back, chained`,
    (f) => `${Math.round(f.sustainedRate).toLocaleString('en')} /s`,
    'audit events chained included',
  ],
];
console.log(
  `\nsubject list at ${SUBJECTS.toLocaleString('en')} subjects, ${CALLS} calls per kind (app.inject)`,
);
console.log(
  `${''.padEnd(36)}${'PostgreSQL'.padStart(22)}${'PGlite'.padStart(22)}   goal (PostgreSQL / PGlite)`,
);
for (const [name, pick, goal] of rows)
  console.log(`${name.padEnd(36)}${cell('postgres', pick)}${cell('pglite', pick)}   ${goal}`);

// The issue 16 table's rows (bench/run.ts prints them with the others). A row is judged only at the
// issue's size: a quick run measures too few subjects to tell.
const fullSize = SUBJECTS >= 100_000;
const pgFigures = results.get('postgres');
const pgliteFigures = results.get('pglite');
const p95 = (samples: number[] | undefined) => (samples ? quantile(samples, 0.95) : Number.NaN);
const listMet =
  fullSize && p95(pgFigures?.search) <= 20 && p95(pgliteFigures?.search) <= 100
    ? true
    : fullSize
      ? false
      : null;
reportRow({
  id: 'subject-list',
  ...ISSUE_ROWS['subject-list'],
  trialbase: `${SUBJECTS.toLocaleString('en')} subjects: PostgreSQL p50/p95 ${pgFigures ? ms(pgFigures.search) : '-'}, PGlite ${pgliteFigures ? ms(pgliteFigures.search) : '-'}`,
  anchor: `GET /api/auth/session p95 ${pgFigures ? p95(pgFigures.session).toFixed(1) : '-'} ms (PostgreSQL), ${pgliteFigures ? p95(pgliteFigures.session).toFixed(1) : '-'} ms (PGlite)`,
  ratio: '—',
  met: listMet,
});
const importRate = (f: Figures | undefined) => (f ? quantile(f.importRates, 0.5) : Number.NaN);
const rateText = (f: Figures | undefined) =>
  f
    ? `${Math.round(importRate(f)).toLocaleString('en')}/s (back to back with the audit chain caught up ${Math.round(f.sustainedRate).toLocaleString('en')}/s)`
    : '-';
const slowestImport = Math.min(
  ...[pgFigures, pgliteFigures].filter((f): f is Figures => Boolean(f)).map(importRate),
);
reportRow({
  id: 'subject-import',
  ...ISSUE_ROWS['subject-import'],
  trialbase: `${IMPORT_ROWS.toLocaleString('en')} rows: PostgreSQL ${rateText(pgFigures)}, PGlite ${rateText(pgliteFigures)}`,
  anchor: '—',
  ratio: '—',
  met: fullSize ? slowestImport >= 5000 : null,
});
