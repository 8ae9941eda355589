/**
 * Issue 17 suite 6(d), the crash test: the real server runs as a child process (`src/main.ts`
 * through tsx, as `npm run dev` does) on a persistent database (PostgreSQL or a PGlite data
 * directory); concurrent participants submit a 30-question form through their links while staff
 * update submitted forms with a reason; the server is killed with SIGKILL once `killAfterAcks`
 * writes were acknowledged; then it is started again on the same database, and the database is
 * checked: every acknowledged write present with all its answers and its audit event, no write
 * partial (every answer set whole and from one write), every audit chain verifying.
 *
 * Used by src/platform/db/crash.test.ts (npm test, reduced size) and test/load/crash-load.ts
 * (larger size, prints the figures). Answers carry their write's seed (test/thirty-questions.ts:
 * the text answers read `answer <seed> <i>`), so a set mixing two writes is found.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { CSRF_HEADER } from '@trialbase/domain';
import { buildApp } from '../src/app';
import { buildPublishedForm } from '../src/modules/public/public-test-kit';
import { verifyAuditChains } from '../src/platform/audit/audit';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db/client';
import { buildProcess, buildSite, buildStudy, buildSubject } from './factories';
// The harness's provided-context types (public-test-kit names the harness's LoggedIn type), for the
// bench project that type-checks this file outside the server's.
import type {} from './global-setup';
import { THIRTY_QUESTIONS, thirtyAnswers } from './thirty-questions';

const serverDir = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'crash-admin@example.org', password: 'Crash-Admin-Password-7' };

export type CrashOptions = {
  database: { databaseUrl: string | null; dataDir: string };
  /** Participant links, each submitting the form once. */
  participants: number;
  /** Submitted forms the staff update again and again, one writer per form. */
  staffForms: number;
  /** Concurrent clients: half participants, half staff (at least one each). */
  clients: number;
  /** SIGKILL once this many writes were acknowledged. */
  killAfterAcks: number;
  log?: (line: string) => void;
};

export type CrashFigures = {
  sent: number;
  acknowledged: number;
  acknowledgedPresent: number;
  acknowledgedMissing: number;
  /** Answer sets not whole, mixing two writes, or without their audit events. */
  partial: number;
  /** Writes sent but not answered before the kill that turned out committed (allowed). */
  unacknowledgedPresent: number;
  answerSetsChecked: number;
  auditEventsChecked: number;
  auditIntact: boolean;
  restartMs: number;
  problems: string[];
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

type Child = { process: ChildProcess; url: string; exited: Promise<number | null> };

/** Starts src/main.ts on the database and waits until /api/health answers. */
async function startServer(database: CrashOptions['database']): Promise<Child> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    TRIALBASE_WEB_DIST: '',
    TRIALBASE_ADMIN_EMAIL: ADMIN.email,
    TRIALBASE_ADMIN_PASSWORD: ADMIN.password,
    TRIALBASE_JOBS: 'false',
    TRIALBASE_AUDIT_LOG_FILE: '',
    LOG_LEVEL: 'error',
  };
  delete env.DATABASE_URL;
  delete env.TEST_DB;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  else env.TRIALBASE_DATA_DIR = database.dataDir;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in 120 s: ${stderr}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { process: child, url, exited };
}

type Json = Record<string, unknown>;

async function call(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; setCookie: string[] }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Json) : {},
    setCookie: res.headers.getSetCookie(),
  };
}

/** The seed of each answer row: from the text answers (`answer <seed> <i>`) and numbers ((seed + i) % 100). */
function seedsOf(rows: { questionId: string; value: Json }[]): { texts: Set<number>; numbers: number[][] } {
  const texts = new Set<number>();
  const numbers: number[][] = [];
  for (const row of rows) {
    const index = Number(row.questionId.slice(1)) - 1;
    const first = (row.value.answerStrings as string[] | undefined)?.[0];
    if (index % 3 === 1 && first) texts.add(Number(/^answer (\d+) /.exec(first)?.[1]));
    if (index % 3 === 0 && first) numbers.push([index, Number(first)]);
  }
  return { texts, numbers };
}

/** Whether a set of 30 answer rows is whole and written by the write with this seed. */
function isWholeWrite(rows: { questionId: string; value: Json }[], seed: number): boolean {
  if (rows.length !== THIRTY_QUESTIONS.length) return false;
  const { texts, numbers } = seedsOf(rows);
  return texts.size === 1 && texts.has(seed) && numbers.every(([i, n]) => n === (seed + (i as number)) % 100);
}

export async function runCrash(options: CrashOptions): Promise<CrashFigures> {
  const log = options.log ?? (() => {});
  const problems: string[] = [];

  // 1. The study, built in this process on the database, then closed (a PGlite directory has one user).
  const setup = await buildApp({
    ...loadConfig({ NODE_ENV: 'test' }),
    ...options.database,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    jobs: false,
    webDist: null,
    logLevel: 'silent',
    auditLogFile: null,
  });
  const login = await setup.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const session = login.cookies.find((c) => c.name === 'tb_session');
  if (!session) throw new Error(`login failed: ${login.body}`);
  const adminHeaders = { cookie: `tb_session=${session.value}`, [CSRF_HEADER]: login.json().csrfToken };
  const study = await buildStudy(setup, { status: 'PRODUCTION' });
  const site = await buildSite(setup, study.id);
  const formId = await buildPublishedForm(setup, study.id, THIRTY_QUESTIONS);
  const process_ = await buildProcess(setup, {
    studyId: study.id,
    dataEvents: [
      {
        id: `crash-${study.id.slice(-6)}`,
        type: 'TYPE_PATIENT',
        referenceDate: 'REGISTRATION',
        forms: [formId],
      },
    ],
  });
  type Link = { enrollmentId: string; tokenId: string; link: string };
  const enrol = async (): Promise<Link> => {
    const subject = await buildSubject(setup, { studyId: study.id, siteId: site.id });
    const res = await setup.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments`,
      headers: adminHeaders,
      payload: { subjectId: subject.id, siteId: site.id, processId: process_.id },
    });
    if (res.statusCode !== 201) throw new Error(`enrol failed ${res.statusCode} ${res.body}`);
    const enrollmentId = res.json<{ id: string }[]>()[0]?.id as string;
    const token = await setup.database.query<{ id: string; token: string }>(
      'select id, token from token where study_id = $1 and enrollment_id = $2',
      [study.id, enrollmentId],
    );
    const row = token.rows[0] as { id: string; token: string };
    return { enrollmentId, tokenId: row.id, link: row.token };
  };
  const participants: Link[] = [];
  for (let i = 0; i < options.participants; i++) participants.push(await enrol());
  type StaffForm = Link & {
    questionnaireId: string;
    version: number;
    initialVersion: number;
    acked: { seed: number; version: number };
    inFlight: { seed: number; version: number } | null;
    updatesAcked: number;
  };
  const staffForms: StaffForm[] = [];
  for (let j = 0; j < options.staffForms; j++) {
    const link = await enrol();
    const saved = await setup.inject({
      method: 'POST',
      url: `/api/studies/${study.id}/enrollments/${link.enrollmentId}/tokens/${link.tokenId}/questionnaires`,
      headers: adminHeaders,
      payload: { formId, isFinal: true, answers: thirtyAnswers(0) },
    });
    if (saved.statusCode !== 200) throw new Error(`staff save failed ${saved.statusCode} ${saved.body}`);
    const set = saved.json<{ answerSet: { id: string; version: number } }>().answerSet;
    staffForms.push({
      ...link,
      questionnaireId: set.id,
      version: set.version,
      initialVersion: set.version,
      acked: { seed: 0, version: set.version },
      inFlight: null,
      updatesAcked: 0,
    });
  }
  await setup.close();
  log(`set up: ${participants.length} links, ${staffForms.length} submitted forms`);

  // 2. The server as its own process, the writers, and SIGKILL in the middle.
  let server = await startServer(options.database);
  const staffLogin = await call(`${server.url}/api/auth/login`, 'POST', ADMIN);
  const staffCookie = staffLogin.setCookie.find((c) => c.startsWith('tb_session='))?.split(';')[0] ?? '';
  const staffHeaders = { cookie: staffCookie, [CSRF_HEADER]: String(staffLogin.json.csrfToken) };

  let sent = 0;
  let acknowledged = 0;
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.process.kill('SIGKILL');
  };
  const ack = () => {
    acknowledged += 1;
    if (acknowledged >= options.killAfterAcks) kill();
  };
  const participantSeed = (i: number) => 10_000 + i;
  const participantAcked = new Set<number>();
  const participantSent = new Set<number>();

  let nextParticipant = 0;
  const participantClient = async () => {
    while (!killed && nextParticipant < participants.length) {
      const i = nextParticipant++;
      const p = participants[i] as Link;
      try {
        const opened = await call(
          `${server.url}/api/public/studies/${study.id}/token/validateToken`,
          'POST',
          {
            token: p.link,
          },
        );
        const cookie = opened.setCookie.find((c) => c.startsWith('tb_participant='))?.split(';')[0];
        if (opened.status !== 200 || !cookie) throw new Error(`validateToken ${opened.status}`);
        participantSent.add(i);
        sent += 1;
        const res = await call(
          `${server.url}/api/public/studies/${study.id}/questionnaire`,
          'POST',
          {
            token: p.link,
            formId,
            answers: thirtyAnswers(participantSeed(i)),
            isFinal: true,
            idempotencyKey: randomUUID(),
          },
          { cookie },
        );
        if (res.status !== 200) throw new Error(`submit ${res.status} ${JSON.stringify(res.json)}`);
        participantAcked.add(i);
        ack();
      } catch (error) {
        if (!killed) problems.push(`participant ${i}: ${(error as Error).message}`);
      }
    }
  };
  const staffClient = async (lane: number, lanes: number) => {
    const mine = staffForms.filter((_, j) => j % lanes === lane);
    while (!killed && mine.length > 0) {
      for (const form of mine) {
        if (killed) return;
        // One seed per version: two writes of a form never carry the same answers.
        const seed = 1000 + form.version + 1;
        form.inFlight = { seed, version: form.version + 1 };
        sent += 1;
        try {
          const res = await call(
            `${server.url}/api/studies/${study.id}/enrollments/${form.enrollmentId}/tokens/${form.tokenId}/questionnaires/${form.questionnaireId}`,
            'PUT',
            { answers: thirtyAnswers(seed), version: form.version, comment: `Correction ${seed}` },
            staffHeaders,
          );
          if (res.status !== 200) throw new Error(`update ${res.status} ${JSON.stringify(res.json)}`);
          const version = (res.json.answerSet as { version: number }).version;
          form.version = version;
          form.acked = { seed, version };
          form.inFlight = null;
          form.updatesAcked += 1;
          ack();
        } catch (error) {
          if (!killed) problems.push(`staff form ${form.questionnaireId}: ${(error as Error).message}`);
          return;
        }
      }
    }
  };
  const staffLanes = Math.max(1, Math.floor(options.clients / 2));
  const participantLanes = Math.max(1, options.clients - staffLanes);
  await Promise.all([
    ...Array.from({ length: participantLanes }, () => participantClient()),
    ...Array.from({ length: staffLanes }, (_, lane) => staffClient(lane, staffLanes)),
  ]);
  kill(); // the participants may all be done before the count: the kill still comes mid-update
  await server.exited;
  log(`killed after ${acknowledged} acknowledged of ${sent} sent`);

  // 3. Restart on the same database; the server comes up and serves; then it stops cleanly.
  const restartStarted = Date.now();
  server = await startServer(options.database);
  const restartMs = Date.now() - restartStarted;
  const again = await call(`${server.url}/api/auth/login`, 'POST', ADMIN);
  if (again.status !== 200) problems.push(`login after the restart: ${again.status}`);
  server.process.kill('SIGTERM');
  await server.exited;

  // 4. The database, read directly.
  const database = await openDatabase(options.database);
  let acknowledgedPresent = 0;
  let partial = 0;
  let unacknowledgedPresent = 0;
  let answerSetsChecked = 0;
  let auditEventsChecked = 0;
  let auditIntact = false;
  try {
    const sets = await database.query<{ id: string; token_id: string; version: number; completed: boolean }>(
      'select id, token_id, version, completed_at is not null as completed from questionnaire where study_id = $1',
      [study.id],
    );
    const answerRows = await database.query<{ questionnaire_id: string; question_id: string; value: Json }>(
      'select questionnaire_id, question_id, value from answer where study_id = $1',
      [study.id],
    );
    const events = await database.query<{ entity_id: string; action: string }>(
      `select entity_id, action from audit_event where study_id = $1 and action in ('QUESTIONNAIRE_SUBMITTED', 'QUESTIONNAIRE_UPDATED')`,
      [study.id],
    );
    auditEventsChecked = events.rows.length;
    const rowsOf = new Map<string, { questionId: string; value: Json }[]>();
    for (const r of answerRows.rows) {
      const list = rowsOf.get(r.questionnaire_id) ?? [];
      list.push({ questionId: r.question_id, value: r.value });
      rowsOf.set(r.questionnaire_id, list);
    }
    const eventsOf = (id: string, action: string) =>
      events.rows.filter((e) => e.entity_id === id && e.action === action).length;
    const setOfToken = new Map(sets.rows.map((s) => [s.token_id, s]));
    answerSetsChecked = sets.rows.length;

    participants.forEach((p, i) => {
      const set = setOfToken.get(p.tokenId);
      const wasAcked = participantAcked.has(i);
      if (!set) {
        if (wasAcked) problems.push(`acknowledged submit of link ${i} is missing`);
        return;
      }
      const whole =
        set.completed &&
        isWholeWrite(rowsOf.get(set.id) ?? [], participantSeed(i)) &&
        eventsOf(set.id, 'QUESTIONNAIRE_SUBMITTED') === 1;
      if (!whole) {
        partial += 1;
        problems.push(`participant ${i}: answer set ${set.id} is partial`);
      } else if (wasAcked) acknowledgedPresent += 1;
      else if (participantSent.has(i)) unacknowledgedPresent += 1;
      else problems.push(`participant ${i}: a form that was never sent is present`);
    });
    for (const form of staffForms) {
      const set = sets.rows.find((s) => s.id === form.questionnaireId);
      const rows = rowsOf.get(form.questionnaireId) ?? [];
      const updates = eventsOf(form.questionnaireId, 'QUESTIONNAIRE_UPDATED');
      const matches = (write: { seed: number; version: number }) =>
        set?.version === write.version &&
        isWholeWrite(rows, write.seed) &&
        updates === write.version - form.initialVersion;
      if (!set) {
        problems.push(`staff form ${form.questionnaireId} is missing`);
        continue;
      }
      if (matches(form.acked)) {
        acknowledgedPresent += form.updatesAcked;
      } else if (form.inFlight && matches(form.inFlight)) {
        acknowledgedPresent += form.updatesAcked;
        unacknowledgedPresent += 1;
      } else {
        partial += 1;
        problems.push(
          `staff form ${form.questionnaireId}: version ${set.version}, ${rows.length} answers, ${updates} update events; acknowledged version ${form.acked.version} (seed ${form.acked.seed})`,
        );
      }
    }
    // Any other answer set of the study (none expected) must be whole too.
    const checked = new Set([
      ...participants.map((p) => setOfToken.get(p.tokenId)?.id),
      ...staffForms.map((f) => f.questionnaireId),
    ]);
    for (const set of sets.rows.filter((s) => !checked.has(s.id))) {
      const rows = rowsOf.get(set.id) ?? [];
      if (rows.length !== 0 && rows.length !== THIRTY_QUESTIONS.length) {
        partial += 1;
        problems.push(`answer set ${set.id} has ${rows.length} answers`);
      }
    }
    const verified = await verifyAuditChains(database.db);
    auditIntact = verified.ok;
    if (!verified.ok) problems.push(`audit chains: ${JSON.stringify(verified.chains.filter((c) => !c.ok))}`);
  } finally {
    await database.close();
  }
  return {
    sent,
    acknowledged,
    acknowledgedPresent,
    acknowledgedMissing: acknowledged - acknowledgedPresent,
    partial,
    unacknowledgedPresent,
    answerSetsChecked,
    auditEventsChecked,
    auditIntact,
    restartMs,
    problems,
  };
}

/** One line of figures. */
export function formatCrashFigures(engine: string, f: CrashFigures): string {
  return (
    `crash test on ${engine}: ${f.sent} writes sent, ${f.acknowledged} acknowledged before SIGKILL, ` +
    `${f.acknowledgedPresent} of them present after the restart (${f.acknowledgedMissing} missing), ` +
    `${f.unacknowledgedPresent} unacknowledged but committed, ${f.partial} partial writes, ` +
    `${f.answerSetsChecked} answer sets and ${f.auditEventsChecked} write events checked, audit chains ` +
    `${f.auditIntact ? 'intact' : 'BROKEN'}; restart to ready ${(f.restartMs / 1000).toFixed(1)} s`
  );
}
