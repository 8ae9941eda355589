import { assertNever } from '../common/assert';
import { defineStateMachine } from '../common/state-machine';
import type { StudyStatus } from './model';

/** Spec 000 §4 / 001 §4 / 001 §7 study lifecycle actions (start, stop, testDrive, lock, amendments, delete). */
export const STUDY_ACTIONS = [
  'start',
  'stop',
  'test',
  'backToBuild',
  'lock',
  'unlock',
  'startAmendment',
  'startNonBlockingAmendment',
  'finishAmendment',
  'discardAmendment',
  'scheduleAmendment',
  'rescheduleAmendment',
  'cancelAmendmentSchedule',
  'complete',
  'anonymize',
  'requestDelete',
  'cancelDelete',
] as const;
export type StudyAction = (typeof STUDY_ACTIONS)[number];

/**
 * Spec 000 §4 study status transitions. The spec names the actions but not the table;
 * the choices and their reasons:
 * - BUILD → TEST (test drive) and back; TEST → PRODUCTION directly is allowed, the
 *   server discards test data on start.
 * - stop ends a running study (PRODUCTION → COMPLETED); lock is the database lock
 *   before close-out, undone by unlock or finalised by complete.
 * - Amendments start only from PRODUCTION (BUILD is editable anyway) and return to it;
 *   (re)scheduling stays in AMENDMENT.
 * - Deletion can be requested only without live data capture (BUILD, TEST, COMPLETED,
 *   ANONYMIZED): a running or locked study must be stopped first. cancelDelete goes back
 *   to the status before the request (`studyStatusAfterCancelDelete`); the table's
 *   target BUILD is the fallback when that status is unknown.
 * - COMPLETED and ANONYMIZED never reopen: the record is final for regulators.
 */
export const studyStateMachine = defineStateMachine<StudyStatus, StudyAction>({
  name: 'study',
  errorType: 'VALIDATION',
  errorId: 'STUDY_STATUS_MISMATCH',
  transitions: {
    STUDY_STATUS_BUILD: { test: 'TEST', start: 'PRODUCTION', requestDelete: 'DELETE' },
    TEST: { backToBuild: 'STUDY_STATUS_BUILD', start: 'PRODUCTION', requestDelete: 'DELETE' },
    PRODUCTION: {
      stop: 'COMPLETED',
      lock: 'LOCKED',
      startAmendment: 'AMENDMENT',
      startNonBlockingAmendment: 'AMENDMENT',
    },
    AMENDMENT: {
      finishAmendment: 'PRODUCTION',
      discardAmendment: 'PRODUCTION',
      scheduleAmendment: 'AMENDMENT',
      rescheduleAmendment: 'AMENDMENT',
      cancelAmendmentSchedule: 'AMENDMENT',
    },
    LOCKED: { unlock: 'PRODUCTION', complete: 'COMPLETED' },
    COMPLETED: { anonymize: 'ANONYMIZED', requestDelete: 'DELETE' },
    ANONYMIZED: { requestDelete: 'DELETE' },
    DELETE: { cancelDelete: 'STUDY_STATUS_BUILD' },
  },
});

/**
 * Spec 000 §4: cancelling a deletion request restores the status the study had before,
 * provided deletion could be requested from it; otherwise BUILD.
 */
export function studyStatusAfterCancelDelete(statusBeforeDelete: StudyStatus | null): StudyStatus {
  if (statusBeforeDelete !== null && studyStateMachine.can(statusBeforeDelete, 'requestDelete')) {
    return statusBeforeDelete;
  }
  return studyStateMachine.next('DELETE', 'cancelDelete');
}

/** What may change in a study: structure of forms and processes, study settings, captured data. */
export type StudyEditScope = {
  /** ALL: add, remove and restructure; FULLY_EDITABLE_ONLY: only items flagged fullyEditable; NONE. */
  structure: 'ALL' | 'FULLY_EDITABLE_ONLY' | 'NONE';
  /** Texts, translations, sites and study settings that do not change table structure. */
  settings: boolean;
  /** Enrol subjects, fill and update forms, AEs, medication, queries. */
  dataCapture: boolean;
};

/**
 * Spec 000 §4 / 001 §4: build allows full editing; test and production lock structure;
 * in an amendment only fully editable items change; locked, completed, anonymized and
 * delete-requested studies allow nothing. Data is captured only in test and production.
 */
export function studyEditScope(status: StudyStatus): StudyEditScope {
  switch (status) {
    case 'STUDY_STATUS_BUILD':
      return { structure: 'ALL', settings: true, dataCapture: false };
    case 'TEST':
    case 'PRODUCTION':
      return { structure: 'NONE', settings: true, dataCapture: true };
    case 'AMENDMENT':
      return { structure: 'FULLY_EDITABLE_ONLY', settings: true, dataCapture: false };
    case 'LOCKED':
    case 'COMPLETED':
    case 'ANONYMIZED':
    case 'DELETE':
      return { structure: 'NONE', settings: false, dataCapture: false };
    default:
      return assertNever(status);
  }
}

/**
 * Spec 001 §7 nonBlockingAmendment (issue 23 item 1): data collection goes on under the current
 * versions while a non-blocking amendment is prepared; a blocking one pauses it. The status the data
 * capture rules (`studyEditScope().dataCapture`, `formEditBlockReason`) are asked with: PRODUCTION
 * during a non-blocking amendment, the study's status otherwise (unknown blocking counts as blocking).
 */
export function dataCaptureStatusOf(
  status: StudyStatus,
  amendmentBlocking: boolean | null | undefined,
): StudyStatus {
  return status === 'AMENDMENT' && amendmentBlocking === false ? 'PRODUCTION' : status;
}

/**
 * Do enrollments' schedules run (activations, send-outs, reminders, expiry)? In test and production,
 * and during an amendment of a running study; a locked, completed, anonymized or deleted study
 * sends nothing more to its subjects.
 */
export const SCHEDULE_RUNNING_STATUSES = [
  'TEST',
  'PRODUCTION',
  'AMENDMENT',
] as const satisfies readonly StudyStatus[];

/** Spec 001 §4: form-template caching is on only while the study is in production. */
export function isFormCachingEnabled(status: StudyStatus): boolean {
  return status === 'PRODUCTION';
}

/** Spec 001 §4: importing form answers and deleting imported data only in production. */
export function canImportFormAnswers(status: StudyStatus): boolean {
  return status === 'PRODUCTION';
}
