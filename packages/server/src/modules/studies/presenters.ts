import {
  type AccessUser,
  abilitiesFor,
  type LanguageCode,
  type PlanModuleCode,
  STUDY_ABILITY_PERMISSIONS,
  type StudyDateFormat,
  type StudyDetail,
  type StudyStatus,
  type StudySummary,
  type StudyVerificationType,
  type SubjectIdAutomationType,
  studyEditScope,
} from '@trialbase/domain';
import type { StudyRow } from './repo';

/** The study settings as the API names them (spec 001 §3), from the row. */
export function studySettingsOf(row: StudyRow) {
  const [verificationType = 'NONE', secondaryVerificationType = 'NONE'] = row.verificationTypes;
  return {
    studyName: row.name,
    description: row.description,
    primaryLanguage: row.primaryLanguage as LanguageCode,
    languages: row.languages as LanguageCode[],
    dateFormat: row.dateFormat as StudyDateFormat,
    dateTimeFormat: row.dateTimeFormat,
    subjectIdAutomation: row.subjectIdAutomation as SubjectIdAutomationType,
    extendedValidation: row.extendedValidation,
    verificationType: verificationType as StudyVerificationType,
    secondaryVerificationType: secondaryVerificationType as StudyVerificationType,
    timeZone: row.timeZone,
  };
}

/** A tile of the study list: only what the grid shows (CONVENTIONS.md presenters whitelist). */
export function presentStudySummary(row: StudyRow): StudySummary {
  return {
    id: row.id,
    studyName: row.name,
    description: row.description,
    status: row.status as StudyStatus,
    primaryLanguage: row.primaryLanguage as LanguageCode,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/** One study with its edit scope and the caller's abilities in it (spec 001 §7, 000 §6). */
export function presentStudyDetail(row: StudyRow, access: AccessUser): StudyDetail {
  const status = row.status as StudyStatus;
  return {
    ...studySettingsOf(row),
    id: row.id,
    status,
    statusBeforeDelete: (row.statusBeforeDelete as StudyStatus | null) ?? null,
    test: status === 'TEST',
    modules: row.modules as PlanModuleCode[],
    planId: row.planId,
    hasEnterpriseCode: row.enterpriseCode !== null,
    deleteRequestedTime: row.deleteRequestedAt?.toISOString() ?? null,
    deleteDueTime: row.deleteDueAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
    editScope: studyEditScope(status),
    abilities: abilitiesFor(access, { studyId: row.id }, STUDY_ABILITY_PERMISSIONS),
    amendment:
      status === 'AMENDMENT' && row.amendmentStartedAt
        ? {
            startedTime: row.amendmentStartedAt.toISOString(),
            isBlocking: row.amendmentBlocking ?? true,
            scheduledTime: row.amendmentScheduledAt?.toISOString() ?? null,
          }
        : null,
  };
}
