import { type DataEventInput, type Permission, ProcessSchema, type StudyRole } from '@trialbase/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { studyAccess } from '../src/modules/access/tables';
import { processDataEvents, processes } from '../src/modules/processes/tables';
import { sites } from '../src/modules/sites/tables';
import { studies } from '../src/modules/studies/tables';
import { subjects } from '../src/modules/subjects/tables';
import { insertUser } from '../src/modules/users/repo';
import { hashPassword } from '../src/platform/auth/passwords';
import { newId } from '../src/platform/ids';

// Factories write straight to the database so each test starts from its own fresh study
// (CONVENTIONS.md tests); behaviour under test always goes through HTTP.

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const DEFAULT_PASSWORD = 'Factory-Password-1';
let cachedHash: Promise<string> | null = null;
function defaultPasswordHash(): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  return cachedHash;
}

export async function buildUser(
  app: FastifyInstance,
  input: {
    email?: string;
    password?: string;
    systemPermissions?: Permission[];
    firstName?: string;
    lastName?: string;
  } = {},
) {
  const now = new Date();
  const password = input.password ?? DEFAULT_PASSWORD;
  const passwordHash = input.password ? await hashPassword(password) : await defaultPasswordHash();
  const user = {
    id: newId(now),
    email: (input.email ?? `user-${unique()}@example.org`).toLowerCase(),
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? 'User',
    passwordHash,
    systemPermissions: input.systemPermissions ?? [],
    emailVerifiedAt: now,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
  };
  await insertUser(app.database.db, user);
  return { ...user, password };
}

export async function buildStudy(
  app: FastifyInstance,
  input: {
    name?: string;
    status?: string;
    createdBy?: string;
    modules?: string[];
    extendedValidation?: boolean;
  } = {},
) {
  const now = new Date();
  const study = {
    id: newId(now),
    name: input.name ?? `Study ${unique()}`,
    status: input.status ?? 'STUDY_STATUS_BUILD',
    primaryLanguage: 'en',
    languages: ['en'],
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    subjectIdAutomation: 'manual',
    extendedValidation: input.extendedValidation ?? false,
    modules: input.modules ?? [],
    createdBy: input.createdBy ?? 'factory',
    createdAt: now,
    updatedAt: now,
  };
  await app.database.db.insert(studies).values(study);
  return study;
}

export async function buildSite(
  app: FastifyInstance,
  studyId: string,
  input: { name?: string; siteNumber?: number; isPublic?: boolean } = {},
) {
  const now = new Date();
  const site = {
    studyId,
    id: newId(now),
    name: input.name ?? `Site ${unique()}`,
    siteNumber: input.siteNumber ?? Math.floor(Math.random() * 1_000_000),
    isPublic: input.isPublic ?? false,
    createdAt: now,
    updatedAt: now,
  };
  await app.database.db.insert(sites).values(site);
  return site;
}

/** Gives a user a role in a study, study-wide or for some sites. */
export async function grantAccess(
  app: FastifyInstance,
  input: {
    studyId: string;
    user: { id: string; email: string };
    role: StudyRole;
    siteIds?: 'ALL' | string[];
    extraPermissions?: Permission[];
  },
) {
  const now = new Date();
  const row = {
    studyId: input.studyId,
    id: newId(now),
    userId: input.user.id,
    email: input.user.email,
    role: input.role,
    siteIds: input.siteIds ?? 'ALL',
    extraPermissions: input.extraPermissions ?? [],
    status: 'ACTIVE' as const,
    invitedBy: 'factory',
    createdAt: now,
    updatedAt: now,
  };
  await app.database.db.insert(studyAccess).values(row);
  return row;
}

/** A subject at a site (the subjects issue adds attributes and enrollment). */
export async function buildSubject(
  app: FastifyInstance,
  input: { studyId: string; siteId: string; patientId?: string },
) {
  const now = new Date();
  const subject = {
    studyId: input.studyId,
    id: newId(now),
    siteId: input.siteId,
    patientId: input.patientId ?? `S-${unique()}`,
    createdAt: now,
    updatedAt: now,
  };
  await app.database.db.insert(subjects).values(subject);
  return subject;
}

/**
 * A process with its data events, written straight to the `process` and `process_data_event`
 * tables (the schedule tests need processes before the processes API exists).
 */
export async function buildProcess(
  app: FastifyInstance,
  input: { studyId: string; name?: string; dataEvents: DataEventInput[]; createdBy?: string },
) {
  const now = new Date();
  const id = newId(now);
  const document = ProcessSchema.parse({
    id,
    pathwayName: input.name ?? `Process ${unique()}`,
    dataEvents: input.dataEvents,
  });
  const { id: _omit, ...rest } = document;
  await app.database.db.insert(processes).values({
    studyId: input.studyId,
    id,
    name: document.pathwayName,
    recruitment: false,
    document: rest as Record<string, unknown>,
    createdBy: input.createdBy ?? 'factory',
    createdAt: now,
    updatedAt: now,
  });
  if (document.dataEvents.length > 0) {
    await app.database.db
      .insert(processDataEvents)
      .values(document.dataEvents.map((e) => ({ studyId: input.studyId, dataEventId: e.id, processId: id })));
  }
  return document;
}

/** Sets what the schedule reads of a study: status (data capture) and time zone. */
export async function setStudySchedule(
  app: FastifyInstance,
  studyId: string,
  input: { status?: string; timeZone?: string },
) {
  await app.database.db
    .update(studies)
    .set({
      ...(input.status ? { status: input.status } : {}),
      ...(input.timeZone ? { timeZone: input.timeZone } : {}),
    })
    .where(eq(studies.id, studyId));
}

/** Sets a subject's attributes (email, mobileNumber, language...) until the subjects API exists. */
export async function setSubjectAttributes(
  app: FastifyInstance,
  studyId: string,
  subjectId: string,
  attributes: Record<string, unknown>,
) {
  await app.database.db
    .update(subjects)
    .set({ attributes })
    .where(and(eq(subjects.studyId, studyId), eq(subjects.id, subjectId)));
}
