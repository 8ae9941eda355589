/** Set-up shared by the schedule tests: a Copenhagen study in production with the process. */
import type { DataEventInput } from '@trialbase/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildProcess,
  buildSite,
  buildStudy,
  buildSubject,
  setStudySchedule,
  setSubjectAttributes,
} from '../../../../test/factories';
import { auditEvents } from '../../../platform/audit/tables';
import { outboxMessages } from '../../../platform/outbox/tables';
import { runUseCase } from '../../../platform/use-case';
import { type RunDueOptions, runDueSchedule } from './service/run-due-schedule';
import { scheduleEnvOf } from './service/send-link';
import { completeToken } from './service/staff';
import { tokens } from './tables';

export const CPH = 'Europe/Copenhagen';

/** The three events: registration +0 email; previous-complete +7 days SMS; manual. */
export function threeEvents(prefix: string): DataEventInput[] {
  return [
    {
      id: `${prefix}-e1`,
      type: 'TYPE_PATIENT',
      forms: [],
      referenceDate: 'REGISTRATION',
      sendAs: 'SEND_AS_EMAIL',
      subjectText: { en: 'Your questionnaire', da: 'Dit spørgeskema' },
      emailText: { en: 'Hello, please fill in: {link}', da: 'Hej, udfyld venligst: {link}' },
    },
    {
      id: `${prefix}-e2`,
      type: 'TYPE_PATIENT',
      referenceDate: 'PREVIOUS_COMPLETE',
      offsetDays: 7,
      sendAs: 'SEND_AS_SMS',
      smsText: { en: 'Week 1: {link}', da: 'Uge 1: {link}' },
      reminders: [{ kind: 'AFTER_ACTIVATION', days: 2, hours: 0 }],
      expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 5, hours: 0 },
    },
    { id: `${prefix}-e3`, type: 'TYPE_USER', referenceDate: 'MANUAL', sendAs: 'NO_SEND_OUT' },
  ];
}

let counter = 0;

/** A production study in Copenhagen with a site, a Danish-speaking subject and the three-event process. */
export async function buildScheduledStudy(
  app: FastifyInstance,
  options: { dataEvents?: (prefix: string) => DataEventInput[]; attributes?: Record<string, unknown> } = {},
) {
  const study = await buildStudy(app);
  await setStudySchedule(app, study.id, { status: 'PRODUCTION', timeZone: CPH });
  const site = await buildSite(app, study.id);
  const prefix = `de${(counter++).toString(36)}${study.id.slice(-6)}`;
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: (options.dataEvents ?? threeEvents)(prefix),
  });
  const subject = await buildSubject(app, { studyId: study.id, siteId: site.id });
  await setSubjectAttributes(
    app,
    study.id,
    subject.id,
    options.attributes ?? {
      email: 'anna@example.org',
      mobileNumber: [{ number: '20304050', countryCode: 45 }],
      language: 'da',
    },
  );
  return { study, site, process, subject, prefix };
}

export async function addSubject(
  app: FastifyInstance,
  studyId: string,
  siteId: string,
  attributes: Record<string, unknown> = { email: `s${counter++}@example.org`, language: 'en' },
) {
  const subject = await buildSubject(app, { studyId, siteId });
  await setSubjectAttributes(app, studyId, subject.id, attributes);
  return subject;
}

export async function tokenRows(app: FastifyInstance, studyId: string, enrollmentId: string) {
  return app.database.db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.enrollmentId, enrollmentId)))
    .orderBy(asc(tokens.position));
}

export async function outboxOf(app: FastifyInstance, studyId: string) {
  return app.database.db
    .select({
      channel: outboxMessages.channel,
      to: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.studyId, studyId))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
}

export async function auditActions(app: FastifyInstance, studyId: string) {
  const rows = await app.database.db
    .select({ action: auditEvents.action, entityId: auditEvents.entityId, actorType: auditEvents.actorType })
    .from(auditEvents)
    .where(eq(auditEvents.studyId, studyId))
    .orderBy(asc(auditEvents.ticket));
  return rows;
}

export function runDue(app: FastifyInstance, now: Date, hooks: Omit<RunDueOptions, 'publicBaseUrl'> = {}) {
  return runDueSchedule(app.database.db, now, { ...scheduleEnvOf(app.config), ...hooks });
}

/** The subject submits the token's forms (no form-fill API yet): the domain-checked completion. */
export function completeAt(app: FastifyInstance, studyId: string, tokenId: string, now: Date) {
  return runUseCase(
    app.database.db,
    { type: 'SUBJECT_TOKEN', id: tokenId },
    (ctx) => completeToken(ctx, { studyId, tokenId }, scheduleEnvOf(app.config)),
    now,
  );
}

export function linkOf(app: FastifyInstance, studyId: string, linkToken: string): string {
  return `${scheduleEnvOf(app.config).publicBaseUrl}/public/${studyId}/${linkToken}`;
}
