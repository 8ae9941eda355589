// Concurrent writes of ONE study (issue 16 item 1): 16 clients, each updating its own filled form
// with a reason, all in the same study, so every write appends to the same audit chain. Prints the wall
// time, updates per second, latency percentiles and how many connections wait on a lock; then the same
// with bare use cases (audit first, 20 statements, commit), and verifies the chains. Needs PostgreSQL (DATABASE_URL of a server where
// the user may CREATE DATABASE; a scratch database is created and dropped):
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/audit-concurrent-writes.ts
import { CSRF_HEADER, type FormTemplateDocumentInput } from '@trialbase/domain';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { tokens } from '../packages/server/src/modules/enrollments/tokens/tables';
import { formTemplates } from '../packages/server/src/modules/forms/tables';
import { verifyAuditChains } from '../packages/server/src/platform/audit/audit';
import { loadConfig } from '../packages/server/src/platform/config';
import { newId } from '../packages/server/src/platform/ids';
import { runUseCase, SYSTEM_ACTOR } from '../packages/server/src/platform/use-case';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  setStudySchedule,
} from '../packages/server/test/factories';

const CLIENTS = Number(process.env.CLIENTS ?? 16);
const UPDATES_PER_CLIENT = Number(process.env.UPDATES ?? 15);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `tb_bench_audit_${Date.now().toString(36)}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const password = 'Bench-Password-1';
const app = await buildApp({
  ...loadConfig({ NODE_ENV: 'test' }),
  databaseUrl: url.toString(),
  dataDir: 'memory://',
  adminEmail: 'bench@example.org',
  adminPassword: password,
  jobs: false,
  webDist: null,
  logLevel: 'silent',
});
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench@example.org', password },
  });
  const cookie = login.cookies.find((c) => c.name === 'tb_session');
  const headers = { cookie: `tb_session=${cookie?.value}`, [CSRF_HEADER]: login.json().csrfToken };
  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers, payload });

  const study = await buildStudy(app);
  const site = await buildSite(app, study.id);
  const now = new Date();
  const formId = newId(now);
  const document: FormTemplateDocumentInput = {
    id: formId,
    title: { en: 'Vitals' },
    type: 'TYPE_FORM',
    questions: Array.from({ length: 10 }, (_, i) => ({
      id: `q${i + 1}`,
      order: i + 1,
      type: 'NUMBER' as const,
      question: { en: `Measure ${i + 1}` },
      required: true,
      minValue: 0,
      maxValue: 1000,
    })),
  };
  await app.database.db.insert(formTemplates).values({
    studyId: study.id,
    id: formId,
    name: 'Vitals',
    type: 'TYPE_FORM',
    document: document as Record<string, unknown>,
    createdBy: 'bench',
    createdAt: now,
    updatedAt: now,
  });
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: 'bench-e1',
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  const answers = (value: number) =>
    Array.from({ length: 10 }, (_, i) => ({ question: `q${i + 1}`, answerStrings: [String(value + i)] }));

  // One filled form per client, all in the same study.
  const forms: { url: string; version: number }[] = [];
  for (let c = 0; c < CLIENTS; c++) {
    const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
    const enrolled = await call('POST', `/api/studies/${study.id}/enrollments`, {
      subjectId: subject.id,
      siteId: site.id,
      processId: process.id,
    });
    const enrollmentId = enrolled.json()[0].id as string;
    const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
    const base = `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${token?.id}`;
    const filled = await call('POST', `${base}/questionnaires`, {
      formId,
      answers: answers(100),
      isFinal: true,
    });
    if (filled.statusCode !== 200) throw new Error(`fill failed: ${filled.body}`);
    const set = filled.json().answerSet;
    forms.push({ url: `${base}/questionnaires/${set.id}`, version: set.version });
  }

  // What the connections do meanwhile: sampled from pg_stat_activity every 25 ms.
  const samples = { n: 0, lockWaits: 0, active: 0 };
  const sampler = new pg.Client({ connectionString: url.toString() });
  await sampler.connect();
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const { rows } = await sampler.query<{ lock_waits: number; active: number }>(
        `select count(*) filter (where wait_event_type = 'Lock')::int as lock_waits,
                count(*) filter (where state <> 'idle')::int - 1 as active
           from pg_stat_activity where datname = current_database()`,
      );
      samples.n += 1;
      samples.lockWaits += rows[0]?.lock_waits ?? 0;
      samples.active += rows[0]?.active ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();

  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    forms.map(async (form, c) => {
      for (let i = 0; i < UPDATES_PER_CLIENT; i++) {
        const t0 = performance.now();
        const res = await call('PUT', form.url, {
          answers: answers(200 + c + i),
          version: form.version,
          comment: 'Transcription error',
        });
        latencies.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
        form.version = res.json().answerSet.version;
      }
    }),
  );
  const wall = performance.now() - started;
  sampling = false;
  await sampled;
  await sampler.end();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  const total = CLIENTS * UPDATES_PER_CLIENT;
  console.log(
    `staff updates with a reason, one study, ${CLIENTS} clients x ${UPDATES_PER_CLIENT}: ${total} updates in ${wall.toFixed(0)} ms = ${((total / wall) * 1000).toFixed(1)} updates/s, p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms; connections waiting on a lock ${(samples.lockWaits / samples.n).toFixed(1)} of ${(samples.active / samples.n).toFixed(1)} busy (mean of ${samples.n} samples)`,
  );

  // The same shape without HTTP and form logic: 16 clients run use cases of the one study; each
  // audits first, then runs 20 short statements (a row of its own) before commit.
  await app.database.exec('create table bench_row (id int primary key, n int not null)');
  await app.database.exec(`insert into bench_row select g, 0 from generate_series(0, ${CLIENTS - 1}) g`);
  const USE_CASES = 20;
  const useCaseStarted = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; i < USE_CASES; i++) {
        await runUseCase(app.database.db, SYSTEM_ACTOR, async (ctx) => {
          await ctx.audit({
            action: 'STUDY_UPDATED',
            entityType: 'STUDY',
            entityId: study.id,
            studyId: study.id,
            before: null,
            after: { client: c, i },
          });
          for (let k = 0; k < 20; k++) {
            await ctx.tx.execute(sql`update bench_row set n = n + 1 where id = ${c}`);
          }
        });
      }
    }),
  );
  const useCaseWall = performance.now() - useCaseStarted;
  console.log(
    `use cases of one study (audit, then 20 statements), ${CLIENTS} clients x ${USE_CASES}: ${CLIENTS * USE_CASES} in ${useCaseWall.toFixed(0)} ms = ${((CLIENTS * USE_CASES * 1000) / useCaseWall).toFixed(1)} per s`,
  );
  const verified = await verifyAuditChains(app.database.db);
  console.log(
    `audit chains after the run: ${verified.ok ? 'intact' : 'BROKEN'}, ${verified.checkedEvents} events`,
  );
} finally {
  await app.close();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
