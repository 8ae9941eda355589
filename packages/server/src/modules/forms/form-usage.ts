/**
 * What the forms module asks of the modules above it (issue 14 item 8): processes and enrollments
 * refer to forms, so forms imports neither; app.ts hands these look-ups to formRoutes. The
 * processes module answers the process questions (processes/form-usage.ts), the enrollments
 * module the tagged form versions (enrollments/form-versions.ts).
 */
import type { Executor } from '../../platform/db/client';

export type FormUsage = {
  /** Spec 001 §4/§7: is the form used by any process of the study (DELETE_QT_FAIL, AE type lock)? */
  isFormUsedInAnyProcess: (tx: Executor, studyId: string, formId: string) => Promise<boolean>;
  /** Form ids of a process in its order, or null when the process does not exist in the study. */
  findProcessFormIds: (tx: Executor, studyId: string, processId: string) => Promise<string[] | null>;
  /** The form versions tied to an enrollment (pathway record), or null when it does not exist. */
  findEnrollmentFormVersions: (
    tx: Executor,
    studyId: string,
    pathwayRecordId: string,
  ) => Promise<{ formId: string; major: number; minor: number }[] | null>;
  /** Issue 20 item 3: does an AE form hold custom AE reports (an active AE form, DELETE_ACTIVE_AE_FORM)? */
  hasAeReports?: (tx: Executor, studyId: string, formId: string) => Promise<boolean>;
};
