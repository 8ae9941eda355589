/**
 * Participant submit under load (issue 16 item 2): the real server listening on a fresh PostgreSQL
 * database (jobs on), one study with a 30-question form, CLIENTS participants at a time each opening
 * their own link (POST validateToken) and submitting the form (POST questionnaire, 30 answers, final)
 * over HTTP, FLOWS flows after a warm-up of CLIENTS. Prints flows/s, the submit's p50/p99 and, from
 * pg_stat_activity sampled every 50 ms, how many of the server's connections were on average active
 * and idle in transaction (waiting on the server inside a transaction).
 *
 *   cd packages/server && npx tsx test/load/submit-load.ts            # CLIENTS=16 FLOWS=200
 *
 * DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the script
 * makes its own database there and drops it at the end.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER } from '@trialbase/domain';
import pg from 'pg';
import { buildApp } from '../../src/app';
import { buildPublishedForm } from '../../src/modules/public/public-test-kit';
import { loadConfig } from '../../src/platform/config';
import { buildProcess, buildSite, buildStudy, buildSubject } from '../factories';
import { THIRTY_QUESTIONS, thirtyAnswers } from '../thirty-questions';

const CLIENTS = Number(process.env.CLIENTS ?? 16);
const FLOWS = Number(process.env.FLOWS ?? 200);
const ADMIN = { email: 'load-admin@example.org', password: 'Correct-Horse-Battery-9' };
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const name = `tb_load_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const app = await buildApp({
    ...loadConfig({ NODE_ENV: 'test' }),
    databaseUrl: url.toString(),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    jobs: true,
    webDist: null,
    logLevel: 'silent',
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const cookie = login.cookies.find((c) => c.name === 'tb_session');
    if (!cookie) throw new Error(`login failed: ${login.body}`);
    const headers = { cookie: `tb_session=${cookie.value}`, [CSRF_HEADER]: login.json().csrfToken };

    const study = await buildStudy(app, { status: 'PRODUCTION' });
    const site = await buildSite(app, study.id);
    const formId = await buildPublishedForm(app, study.id, THIRTY_QUESTIONS);
    const process = await buildProcess(app, {
      studyId: study.id,
      dataEvents: [
        {
          id: `load-${study.id.slice(-6)}`,
          type: 'TYPE_PATIENT',
          referenceDate: 'REGISTRATION',
          forms: [formId],
        },
      ],
    });
    const links: string[] = [];
    const total = FLOWS + CLIENTS;
    for (let i = 0; i < total; i += 1) {
      const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
      const res = await app.inject({
        method: 'POST',
        url: `/api/studies/${study.id}/enrollments`,
        headers,
        payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
      });
      if (res.statusCode !== 201) throw new Error(`enrol failed ${res.statusCode} ${res.body}`);
      const enrollmentId = res.json<{ id: string }[]>()[0]?.id as string;
      const token = await app.database.query<{ token: string }>(
        'select token from token where study_id = $1 and enrollment_id = $2',
        [study.id, enrollmentId],
      );
      links.push(token.rows[0]?.token as string);
    }

    const submitMs: number[] = [];
    let failures = 0;
    const flow = async (link: string, record: boolean) => {
      const opened = await fetch(`${base}/api/public/studies/${study.id}/token/validateToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: link }),
      });
      const session = opened.headers.getSetCookie().find((c) => c.startsWith('tb_participant='));
      await opened.arrayBuffer();
      if (!opened.ok || !session) {
        failures += 1;
        return;
      }
      const started = performance.now();
      const res = await fetch(`${base}/api/public/studies/${study.id}/questionnaire`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.split(';')[0] as string },
        body: JSON.stringify({
          token: link,
          formId,
          answers: thirtyAnswers(0),
          isFinal: true,
          idempotencyKey: randomUUID(),
        }),
      });
      await res.arrayBuffer();
      if (!res.ok) failures += 1;
      else if (record) submitMs.push(performance.now() - started);
    };
    const run = async (batch: string[], record: boolean) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < batch.length) {
            const link = batch[next++] as string;
            await flow(link, record);
          }
        }),
      );
    };
    await run(links.slice(0, CLIENTS), false);
    const sampler = new pg.Client({ connectionString: serverUrl });
    await sampler.connect();
    const states = { samples: 0, active: 0, idleInTransaction: 0 };
    let sampling = true;
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ state: string; n: number }>(
          `select state, count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() group by state`,
          [name],
        );
        states.samples += 1;
        for (const r of rows) {
          if (r.state === 'active') states.active += r.n;
          if (r.state === 'idle in transaction') states.idleInTransaction += r.n;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    await run(links.slice(CLIENTS), true);
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampled;
    await sampler.end();
    const sorted = [...submitMs].sort((a, b) => a - b);
    console.log(
      `participant submit, 30 answers, PostgreSQL, ${CLIENTS} clients, ${FLOWS} flows (validate + submit): ` +
        `${(FLOWS / seconds).toFixed(1)} flows/s, submit p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(0)} ms, failures ${failures}; connections on average ` +
        `${(states.active / states.samples).toFixed(1)} active, ` +
        `${(states.idleInTransaction / states.samples).toFixed(1)} idle in transaction`,
    );
  } finally {
    await app.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
