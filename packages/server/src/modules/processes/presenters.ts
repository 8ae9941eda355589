/** What leaves the server for processes: whitelisted by the response schemas of `processes/schemas.ts`. */
import {
  type DataEventDetail,
  deriveProcessType,
  LanguageCodeSchema,
  type Process,
  type ProcessDetail,
  type ProcessLocks,
  type ProcessSummary,
  type PublicProcessInfo,
} from '@trialbase/domain';
import type { ProcessRow } from './repo';

/** GET /studies/{studyId}/pathway/{id}: the process with its derived flags and locks. */
export function presentProcessDetail(
  row: ProcessRow,
  process: Process,
  locks: ProcessLocks,
  enrollmentCount: number,
): ProcessDetail {
  return {
    ...process,
    id: row.id,
    studyId: row.studyId,
    type: deriveProcessType(process),
    locks,
    enrollmentCount,
    revision: row.revision,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/** A row of the process list. */
export function presentProcessSummary(
  row: ProcessRow,
  process: Process,
  enrollmentCount: number,
): ProcessSummary {
  return {
    id: row.id,
    pathwayName: process.pathwayName,
    type: deriveProcessType(process),
    recruitment: process.recruitment,
    public: process.public,
    dataEventCount: process.dataEvents.length,
    enrollmentCount,
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
  };
}

/** GET /study/{studyId}/dataEvent/{dataEventId}. */
export function presentDataEvent(row: ProcessRow, process: Process, index: number): DataEventDetail {
  const dataEvent = process.dataEvents[index];
  if (!dataEvent) throw new Error('presentDataEvent: index out of range');
  return { processId: row.id, pathwayName: process.pathwayName, index, dataEvent };
}

/**
 * Spec 002 §7 pathway getInfo: what an anonymous sign-up page may know; no forms, schedule,
 * randomization or usage. Languages outside the known codes are left out.
 */
export function presentPublicInfo(
  row: ProcessRow,
  process: Process,
  study: { primaryLanguage: string },
): PublicProcessInfo {
  const languages = process.supportedLanguages.flatMap((l) => {
    const parsed = LanguageCodeSchema.safeParse(l);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    studyId: row.studyId,
    pathwayId: row.id,
    pathwayName: process.pathwayName,
    primaryLanguage: LanguageCodeSchema.parse(study.primaryLanguage),
    supportedLanguages: languages,
    public: process.public,
    publicReenroll: process.publicReenroll,
    publicIntroTextEnabled: process.publicIntroTextEnabled,
    publicIntroText: process.publicIntroTextEnabled ? (process.publicIntroText ?? null) : null,
    consentRequired: process.consentRequired,
    consentText: process.consentRequired ? (process.consentText ?? null) : null,
    disableInvestigatorAttributesFields: process.disableInvestigatorAttributesFields,
  };
}
