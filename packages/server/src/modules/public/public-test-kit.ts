/** Set-up shared by the public flow tests: a production study, a process and an enrolled subject. */
import type { DataEventInput, ProcessInput } from '@trialbase/domain';
import { ProcessSchema } from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  setSubjectAttributes,
} from '../../../test/factories';
import type { LoggedIn } from '../../../test/harness';
import { auditEvents } from '../../platform/audit/tables';
import { newId } from '../../platform/ids';
import { outboxMessages } from '../../platform/outbox/tables';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { formTemplates, formTemplateVersions } from '../forms/tables';
import { processes } from '../processes/tables';
import { studies } from '../studies/tables';

let counter = 0;

/** A form with one published version 1.0 (written straight to the tables). */
export async function buildPublishedForm(
  app: FastifyInstance,
  studyId: string,
  questions: Record<string, unknown>[] = [
    { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'How many?' } },
  ],
) {
  const now = new Date();
  const id = newId(now);
  const document = {
    id,
    title: { en: `Form ${id.slice(-6)}` },
    type: 'TYPE_FORM',
    questions,
  };
  await app.database.db.insert(formTemplates).values({
    studyId,
    id,
    name: document.title.en,
    type: 'TYPE_FORM',
    document,
    versionMajor: 1,
    versionMinor: 0,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  await app.database.db.insert(formTemplateVersions).values({
    studyId,
    formId: id,
    major: 1,
    minor: 0,
    document: { ...document, version: { major: 1, minor: 0 }, published: true },
    publishedBy: 'factory',
    publishedAt: now,
  });
  return id;
}

/** Changes process-level settings (consent, public, reenroll...) of a process document. */
export async function setProcessSettings(
  app: FastifyInstance,
  studyId: string,
  processId: string,
  settings: Partial<ProcessInput>,
) {
  const [row] = await app.database.db
    .select()
    .from(processes)
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)));
  if (!row) throw new Error('no process');
  const document = ProcessSchema.parse({ ...row.document, ...settings, id: processId });
  const { id: _omit, ...rest } = document;
  await app.database.db
    .update(processes)
    .set({ document: rest as Record<string, unknown> })
    .where(and(eq(processes.studyId, studyId), eq(processes.id, processId)));
}

export async function setStudySettings(
  app: FastifyInstance,
  studyId: string,
  settings: Record<string, unknown>,
) {
  await app.database.db.update(studies).set({ settings }).where(eq(studies.id, studyId));
}

/** One subject event open at registration, sent by email, with the given extras. */
export function openEvent(prefix: string, extra: Partial<DataEventInput> = {}): DataEventInput {
  return {
    id: `${prefix}-e1`,
    type: 'TYPE_PATIENT',
    referenceDate: 'REGISTRATION',
    sendAs: 'NO_SEND_OUT',
    ...extra,
  };
}

/** A production study with a site, a process and (unless told) one enrolled subject with email and mobile. */
export async function buildLinkStudy(
  app: FastifyInstance,
  admin: LoggedIn,
  options: {
    events?: (prefix: string, formId: string, formIds: string[]) => DataEventInput[];
    /** One published form per entry, with these questions (default: one form, one NUMBER question). */
    formQuestions?: Record<string, unknown>[][];
    process?: Partial<ProcessInput>;
    sitePublic?: boolean;
  } = {},
) {
  const study = await buildStudy(app, { status: 'PRODUCTION' });
  const site = await buildSite(app, study.id, { isPublic: options.sitePublic ?? false });
  const formIds: string[] = [];
  for (const questions of options.formQuestions ?? [undefined]) {
    formIds.push(await buildPublishedForm(app, study.id, questions));
  }
  const formId = formIds[0] as string;
  const prefix = `pe${(counter++).toString(36)}${study.id.slice(-6)}`;
  const events = options.events ?? ((p, f) => [openEvent(p, { forms: [f] })]);
  const process = await buildProcess(app, { studyId: study.id, dataEvents: events(prefix, formId, formIds) });
  if (options.process) await setProcessSettings(app, study.id, process.id, options.process);
  const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
  const email = `p${counter++}@example.org`;
  await setSubjectAttributes(app, study.id, subject.id, {
    email,
    mobileNumber: [{ number: '20304050', countryCode: 45 }],
    language: 'en',
  });
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${study.id}/enrollments`,
    headers: admin.headers,
    payload: { subjectId: subject.id, siteId: site.id, processId: process.id },
  });
  if (res.statusCode !== 201) throw new Error(`enrol failed ${res.statusCode} ${res.body}`);
  const enrollmentId = res.json<{ id: string }[]>()[0]?.id as string;
  const rows = await tokenRowsOf(app, study.id, enrollmentId);
  return {
    study,
    site,
    process,
    subject,
    email,
    enrollmentId,
    formId,
    formIds,
    tokens: rows,
    link: rows[0]?.token as string,
  };
}

export async function tokenRowsOf(app: FastifyInstance, studyId: string, enrollmentId: string) {
  return app.database.db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.enrollmentId, enrollmentId)))
    .orderBy(asc(tokens.position));
}

export async function setTokenStatus(
  app: FastifyInstance,
  studyId: string,
  tokenId: string,
  values: Partial<typeof tokens.$inferInsert>,
) {
  await app.database.db
    .update(tokens)
    .set(values)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.id, tokenId)));
}

export async function enrollmentRow(app: FastifyInstance, studyId: string, enrollmentId: string) {
  const [row] = await app.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)));
  return row;
}

export async function outboxTo(app: FastifyInstance, to: string) {
  return app.database.db
    .select({ channel: outboxMessages.channel, body: outboxMessages.body, subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
}

/** The newest one-time code sent to this address, read from the outbox body as the e2e does. */
export async function lastCodeTo(app: FastifyInstance, to: string): Promise<string> {
  const rows = await outboxTo(app, to);
  const code = rows
    .map((r) => /\b(\d{6})\b/.exec(r.body)?.[1])
    .filter((c): c is string => c !== undefined)
    .at(-1);
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export async function auditOf(app: FastifyInstance, studyId: string) {
  return app.database.db
    .select({
      action: auditEvents.action,
      entityId: auditEvents.entityId,
      actorType: auditEvents.actorType,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(eq(auditEvents.studyId, studyId))
    .orderBy(asc(auditEvents.ticket));
}

export function cookieOf(res: { cookies: { name: string; value: string }[] }): string | null {
  const c = res.cookies.find((x) => x.name === 'tb_participant');
  return c ? `tb_participant=${c.value}` : null;
}

/**
 * The fill page's two reads, getProcess and fillState, sent together with the link's participant
 * session as the page sends them; both must answer 200.
 */
export async function fillPageReads(
  app: FastifyInstance,
  s: { study: { id: string }; link: string },
  cookie: string,
): Promise<{ process: unknown; state: unknown }> {
  const [process, state] = await Promise.all([
    app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/tokens/${s.link}/getProcess`,
      headers: { cookie },
    }),
    app.inject({
      method: 'GET',
      url: `/api/public/studies/${s.study.id}/token/${s.link}/fillState`,
      headers: { cookie },
    }),
  ]);
  if (process.statusCode !== 200) throw new Error(`getProcess ${process.statusCode} ${process.body}`);
  if (state.statusCode !== 200) throw new Error(`fillState ${state.statusCode} ${state.body}`);
  return { process: process.json(), state: state.json() };
}
