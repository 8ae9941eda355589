import {
  type AccessUser,
  type CreateStudyRequest,
  DEFAULT_TIME_ZONE,
  type FieldIssue,
  hasPermission,
  isAdminLite,
  isSystemAdmin,
  validateStudySettings,
} from '@trialbase/domain';
import { validationError } from '../../../platform/errors';
import { newId } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import { insertAdminAccess, insertStudy, isStudyNameTakenAcrossStudies, type StudyRow } from '../repo';

/**
 * Spec 000 §6: who may create studies. There is no study-create permission in the table;
 * system admins, admin-lite users and holders of STUDY_ALL at system level may.
 */
export function canCreateStudies(user: AccessUser): boolean {
  return isSystemAdmin(user) || isAdminLite(user) || hasPermission(user, 'STUDY_ALL');
}

/** Spec 001 §7: the settings must be consistent and the name free among live studies. */
export async function assertStudySettingsValid(
  ctx: UseCaseContext,
  settings: Partial<CreateStudyRequest>,
  exceptStudyId?: string,
): Promise<void> {
  const issues: FieldIssue[] = validateStudySettings(settings);
  if (issues.length > 0) throw validationError(issues);
  if (
    settings.studyName !== undefined &&
    (await isStudyNameTakenAcrossStudies(ctx.tx, settings.studyName, exceptStudyId))
  ) {
    throw validationError(
      [{ path: ['studyName'], message: 'STUDY.ERRORS.DUPLICATE_NAME' }],
      'A study with this name already exists.',
      'DUPLICATE_NAME',
    );
  }
}

/** The creator of a study becomes its study-wide ADMIN (spec 000 §6). */
export async function grantCreatorAccess(
  ctx: UseCaseContext,
  studyId: string,
  creator: { id: string; email: string },
): Promise<void> {
  const accessId = newId(ctx.now);
  await insertAdminAccess(ctx.tx, {
    studyId,
    id: accessId,
    userId: creator.id,
    email: creator.email,
    now: ctx.now,
  });
  await ctx.audit({
    action: 'STUDY_CREATOR_ACCESS_GRANTED',
    entityType: 'STUDY_ACCESS',
    entityId: accessId,
    studyId,
    after: { userId: creator.id, role: 'ADMIN', siteIds: 'ALL', status: 'ACTIVE' },
  });
}

/** Spec 001 §7 POST /study: a new study in build, with its creator as ADMIN. */
export async function createStudy(
  ctx: UseCaseContext,
  input: { settings: CreateStudyRequest; creator: { id: string; email: string } },
): Promise<StudyRow> {
  const { settings, creator } = input;
  await assertStudySettingsValid(ctx, settings);
  const row: StudyRow = {
    id: newId(ctx.now),
    name: settings.studyName,
    description: settings.description ?? null,
    status: 'STUDY_STATUS_BUILD',
    statusBeforeDelete: null,
    amendmentStartedAt: null,
    amendmentBlocking: null,
    amendmentScheduledAt: null,
    amendmentStartedBy: null,
    amendmentFormVersions: null,
    primaryLanguage: settings.primaryLanguage,
    languages: settings.languages,
    dateFormat: settings.dateFormat,
    dateTimeFormat: settings.dateTimeFormat,
    subjectIdAutomation: settings.subjectIdAutomation,
    timeZone: settings.timeZone ?? DEFAULT_TIME_ZONE,
    extendedValidation: settings.extendedValidation,
    verificationTypes: [settings.verificationType, settings.secondaryVerificationType],
    modules: [],
    planId: null,
    enterpriseCode: null,
    settings: {},
    deleteRequestedAt: null,
    deleteDueAt: null,
    deletedAt: null,
    createdBy: creator.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    designStamp: 0,
  };
  await insertStudy(ctx.tx, row);
  await ctx.audit({
    action: 'STUDY_CREATED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    after: { ...settings, status: row.status },
  });
  await grantCreatorAccess(ctx, row.id, creator);
  return row;
}
