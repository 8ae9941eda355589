/** Look-ups and checks shared by the subject use cases (spec 001 §7, 000 §4, §6, §8). */
import {
  type AccessUser,
  type FieldIssue,
  hasInvalidPhoneNumber,
  hasPermission,
  type Permission,
  type SubjectAttributes,
  validateSubjectAttributes,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, forbidden, notFound, validationError } from '../../../platform/errors';
import { countStudySubjects } from '../list-repo';
import { canRegisterSubjects, isSubjectEditable } from '../presenters';
import {
  findStudySite,
  findSubject,
  findSubjectStudy,
  findTakenEmails,
  findTakenPatientIds,
  type SubjectRow,
  type SubjectStudy,
} from '../repo';

/** The live study, or 404. `lock` serialises subject creation in the study (limit and id sequence). */
export async function requireStudy(db: Executor, studyId: string, options: { lock?: boolean } = {}) {
  const study = await findSubjectStudy(db, studyId, options);
  if (!study) throw notFound('The study');
  return study;
}

/** A site of this study, or 404: a site of another study is never reachable under this URL. */
export async function requireSite(db: Executor, studyId: string, siteId: string) {
  const site = await findStudySite(db, studyId, siteId);
  if (!site) throw notFound('The site');
  return site;
}

/**
 * The subject, or 404; then 403 unless the caller holds the permission at the subject's own
 * site (spec 000 §6: a site-limited role works only with its sites' subjects, as for sites).
 */
export async function requireSubject(
  db: Executor,
  input: { studyId: string; id: string; access: AccessUser; permission: Permission },
): Promise<SubjectRow> {
  const row = await findSubject(db, input.studyId, input.id);
  if (!row) throw notFound('The subject');
  if (!hasPermission(input.access, input.permission, { studyId: row.studyId, siteId: row.siteId })) {
    throw forbidden();
  }
  return row;
}

function statusError(study: SubjectStudy, message: string): AppError {
  return new AppError('VALIDATION', message, {
    id: 'STUDY_STATUS_MISMATCH',
    context: { status: study.status },
  });
}

/** Spec 000 §4: subjects are registered only while the study captures data (test, production). */
export function assertCanRegister(study: SubjectStudy): void {
  if (!canRegisterSubjects(study.status)) {
    throw statusError(study, 'Subjects can be registered only while the study is in test or production.');
  }
}

/** Spec 000 §4: a subject record changes only while the study is not locked or closed. */
export function assertEditable(study: SubjectStudy): void {
  if (!isSubjectEditable(study.status)) {
    throw statusError(study, 'Subjects cannot be changed in the study’s current status.');
  }
}

/** Spec 000 §8 MAXIMUM_SUBJECTS: the study's plan caps how many subjects it holds. */
export async function assertRoomForSubjects(
  db: Executor,
  study: SubjectStudy,
  adding: number,
): Promise<void> {
  const max = study.planLimits?.maxSubjects;
  if (typeof max !== 'number') return;
  const current = await countStudySubjects(db, study.id);
  if (current + adding > max) {
    throw new AppError('VALIDATION', `The study’s plan allows at most ${max} subjects.`, {
      id: 'MAXIMUM_SUBJECTS',
      context: { max, current, adding },
    });
  }
}

/** Spec 001 §5 attribute rules; a phone number of the wrong length is INVALID_PHONENUMBER. */
export function assertValidAttributes(study: SubjectStudy, attributes: SubjectAttributes, now: Date): void {
  const issues = validateSubjectAttributes(attributes, { now, studyLanguages: study.languages });
  if (issues.length === 0) return;
  const id = hasInvalidPhoneNumber(issues) ? 'INVALID_PHONENUMBER' : undefined;
  throw validationError(issues, 'The subject is not valid.', id);
}

/** Spec 000 §8 SUBJECT_ID_DUPLICATE and SUBJECT_EMAIL_DUPLICATE, within the study. */
export async function assertUnique(
  db: Executor,
  studyId: string,
  input: { patientId: string; email: string | null; exceptId?: string },
): Promise<void> {
  const takenIds = await findTakenPatientIds(db, studyId, [input.patientId], input.exceptId);
  if (takenIds.length > 0) {
    const issues: FieldIssue[] = [{ path: ['patientId'], message: 'SUBJECT_ID_DUPLICATE' }];
    throw new AppError('CONFLICT', 'Another subject of this study has this subject id.', {
      id: 'SUBJECT_ID_DUPLICATE',
      context: { issues },
    });
  }
  if (!input.email) return;
  const takenEmails = await findTakenEmails(db, studyId, [input.email], input.exceptId);
  if (takenEmails.length > 0) {
    const issues: FieldIssue[] = [{ path: ['email'], message: 'SUBJECT_EMAIL_DUPLICATE' }];
    throw new AppError('CONFLICT', 'Another subject of this study has this email address.', {
      id: 'SUBJECT_EMAIL_DUPLICATE',
      context: { issues },
    });
  }
}

/** The caller's user id for `createdBy`; API keys and the system register nobody by name. */
export function creatorOf(actor: { type: string; id: string | null }): string | null {
  return actor.type === 'USER' ? actor.id : null;
}
