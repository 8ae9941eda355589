import { EXTENDED_VALIDATION_HEADER } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tokens } from '../src/modules/enrollments/tokens/tables';
import { formTemplates } from '../src/modules/forms/tables';
import { WEIGHT_FORM } from '../src/modules/questionnaires/questionnaires-test-kit';
import { newId } from '../src/platform/ids';
import { buildProcess, buildSite, buildStudy, buildUser, grantAccess, setStudySchedule } from './factories';
import { ADMIN_PASSWORD, type LoggedIn } from './harness';

// Issue 17 item 6: the security suites need a study with one of everything a URL can name (a
// site, a process and its data event, a form, a subject, its enrollment, a token and a filled
// questionnaire, an access row), built through the API where the API builds it.

/** The records of one site of a study, by the path parameter names that name them. */
export type World = {
  studyId: string;
  siteId: string;
  processId: string;
  dataEventId: string;
  formId: string;
  subjectId: string;
  patientId: string;
  enrollmentId: string;
  tokenId: string;
  tokenString: string;
  questionnaireId: string;
  accessId: string;
  /** An adverse event of the subject (issue 20 item 1), reported through the API. */
  aeId: string;
  /** A custom AE report of the subject (issue 20 item 3) and an image answer of it. */
  aeReportId: string;
  aeReportImageId: string;
  /** A user with a role in the study only (not the caller). */
  userId: string;
  userEmail: string;
};

/**
 * A study (with the API-key module) and one filled site of it, built by a system admin; `studyId`
 * and `siteId` fill an existing study or site instead.
 */
export async function buildWorld(
  app: FastifyInstance,
  admin: LoggedIn,
  input: { studyId?: string; siteId?: string; tag: string },
): Promise<World> {
  const studyId = input.studyId ?? (await buildStudy(app, { modules: ['API_KEYS'] })).id;
  const site = input.siteId ? { id: input.siteId } : await buildSite(app, studyId);
  const now = new Date();
  const formId = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId,
    id: formId,
    name: `Weight ${formId.slice(-6)}`,
    type: 'TYPE_FORM',
    document: WEIGHT_FORM(formId) as Record<string, unknown>,
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const dataEventId = `${input.tag}${formId.slice(-8)}-e1`;
  const process = await buildProcess(app, {
    studyId,
    dataEvents: [
      {
        id: dataEventId,
        type: 'TYPE_USER',
        forms: [formId],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(app, studyId, { status: 'PRODUCTION' });
  const headers = admin.headers;
  const patientId = `${input.tag.toUpperCase()}-${formId.slice(-6)}`;
  const created = await app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/sites/${site.id}/patients`,
    headers,
    payload: {
      patientId,
      firstName: 'Ane',
      lastName: `Hansen ${input.tag}`,
      email: `${patientId.toLowerCase()}@example.org`,
    },
  });
  if (created.statusCode !== 201) throw new Error(`subject: ${created.statusCode} ${created.body}`);
  const subjectId = created.json<{ id: string }[]>()[0]?.id ?? '';
  const enrolled = await app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/enrollments`,
    headers,
    payload: { subjectId, siteId: site.id, processId: process.id },
  });
  if (enrolled.statusCode !== 201) throw new Error(`enrollment: ${enrolled.statusCode} ${enrolled.body}`);
  const enrollmentId = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
  const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
  const tokenId = token?.id ?? '';
  const filled = await app.inject({
    method: 'POST',
    url: `/api/studies/${studyId}/enrollments/${enrollmentId}/tokens/${tokenId}/questionnaires`,
    headers,
    payload: { formId, answers: [{ question: 'q1', answerStrings: ['70'] }], isFinal: true },
  });
  if (filled.statusCode !== 200) throw new Error(`questionnaire: ${filled.statusCode} ${filled.body}`);
  const questionnaireId = filled.json<{ answerSet: { id: string } }>().answerSet.id;
  const { aeReportId, aeReportImageId } = await buildAeReport(app, admin, {
    studyId,
    enrollmentId,
    tag: input.tag,
  });
  const aeId = await buildAe(app, admin, { studyId, subjectId });
  const member = await buildUser(app);
  const access = await grantAccess(app, { studyId, user: member, role: 'MONITOR', siteIds: [site.id] });
  return {
    studyId,
    siteId: site.id,
    processId: process.id,
    dataEventId,
    formId,
    subjectId,
    patientId,
    enrollmentId,
    tokenId,
    tokenString: token?.token ?? tokenId,
    questionnaireId,
    accessId: access.id,
    aeId,
    aeReportId,
    aeReportImageId,
    userId: member.id,
    userEmail: member.email,
  };
}

/** The record of `world` a path parameter (or body/query field) of this name names; undefined if none. */
export function recordFor(name: string, url: string, world: World): string | undefined {
  switch (name) {
    case 'studyId':
      return world.studyId;
    case 'id':
      if (url.includes('/patient/:id')) return world.subjectId;
      if (url.includes('/pathway/:id')) return world.processId;
      if (url.startsWith('/api/study/:id')) return world.studyId;
      return undefined;
    case 'siteId':
      return world.siteId;
    case 'processId':
    case 'pathwayId':
      return world.processId;
    case 'dataEventId':
      return world.dataEventId;
    case 'formId':
      return world.formId;
    case 'subjectId':
    case 'patientId':
      return world.subjectId;
    case 'enrollmentId':
      return world.enrollmentId;
    case 'tokenId':
    case 'tokenStringOrId':
      return world.tokenId;
    case 'token':
    case 'tokenString':
      return world.tokenString;
    case 'questionnaireId':
      return world.questionnaireId;
    case 'accessId':
      return world.accessId;
    case 'aeId':
      return world.aeId;
    case 'aeReportId':
      return world.aeReportId;
    case 'imageId':
      return url.endsWith('/customaereport') ? world.aeReportImageId : undefined;
    case 'userId':
      return world.userId;
    case 'userEmail':
      return world.userEmail;
    default:
      return undefined;
  }
}

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** An AE form (text and image questions) and a custom AE report on it with an image answer. */
async function buildAeReport(
  app: FastifyInstance,
  admin: LoggedIn,
  input: { studyId: string; enrollmentId: string; tag: string },
): Promise<{ aeReportId: string; aeReportImageId: string }> {
  const now = new Date();
  const formId = newId(now);
  await app.database.db.insert(formTemplates).values({
    studyId: input.studyId,
    id: formId,
    name: `AE ${input.tag} ${formId.slice(-6)}`,
    type: 'TYPE_AE',
    document: {
      id: formId,
      title: { en: `AE ${input.tag} ${formId.slice(-6)}` },
      type: 'TYPE_AE',
      sponsorInvolvement: 'ALWAYS',
      questions: [
        {
          id: 'q1',
          order: 1,
          type: 'TEXT_SENTENCE',
          question: { en: 'What happened?' },
          mandatoryWhen: 'REPORTED',
        },
        { id: 'q2', order: 2, type: 'IMAGE', question: { en: 'Photo' } },
      ],
    },
    createdBy: 'factory',
    createdAt: now,
    updatedAt: now,
  });
  const report = await app.inject({
    method: 'POST',
    url: `/api/studies/${input.studyId}/enrollments/${input.enrollmentId}/customaereports/questionnaire`,
    headers: admin.headers,
    payload: { formId, answers: [{ question: 'q1', answerStrings: ['Rash'] }] },
  });
  if (report.statusCode !== 201) throw new Error(`AE report: ${report.statusCode} ${report.body}`);
  const { id, tokenId } = report.json<{ id: string; tokenId: string }>();
  const image = await app.inject({
    method: 'POST',
    url: `/api/studies/${input.studyId}/tokens/${tokenId}/forms/${formId}/questions/q2/answerFiles/customaereports`,
    headers: admin.headers,
    payload: { fileName: 'photo.png', dataBase64: PNG_1PX },
  });
  if (image.statusCode !== 201) throw new Error(`AE report image: ${image.statusCode} ${image.body}`);
  return { aeReportId: id, aeReportImageId: image.json<{ id: string }>().id };
}

/** A non-serious AE of the subject, reported by the system admin with the password (issue 20 item 1). */
async function buildAe(
  app: FastifyInstance,
  admin: LoggedIn,
  input: { studyId: string; subjectId: string },
): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const res = await app.inject({
    method: 'POST',
    url: `/api/studies/${input.studyId}/ae`,
    headers: { ...admin.headers, [EXTENDED_VALIDATION_HEADER]: encodeURIComponent(ADMIN_PASSWORD) },
    payload: {
      subjectId: input.subjectId,
      eventDescription: 'Mild headache',
      sae: false,
      details: {
        startDate: today,
        endDate: null,
        awarenessDate: today,
        ongoing: true,
        severity: 'MILD',
        outcome: 'RECOVERING',
        productAction: 'NONE',
        productRelation: 'UNLIKELY',
        brochureRelation: 'YES',
        seriousType: null,
        comment: null,
      },
      sarForm: null,
      seForm: null,
      investigator: null,
    },
  });
  if (res.statusCode !== 201) throw new Error(`adverse event: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}
