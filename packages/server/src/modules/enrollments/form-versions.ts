/** The form versions an enrollment was started with, as the forms module asks for them (issue 14 item 8, forms/form-usage.ts). */
import type { Executor } from '../../platform/db/client';
import { findEnrollment } from './repo';

/** The form versions tied to an enrollment (pathway record), or null when it does not exist. */
export async function findEnrollmentFormVersions(
  tx: Executor,
  studyId: string,
  pathwayRecordId: string,
): Promise<{ formId: string; major: number; minor: number }[] | null> {
  // Tagged when the subject was enrolled (issue 6).
  const enrollment = await findEnrollment(tx, studyId, pathwayRecordId);
  if (!enrollment) return null;
  return Object.entries(enrollment.formVersions).map(([formId, v]) => ({
    formId,
    major: v.major,
    minor: v.minor,
  }));
}
