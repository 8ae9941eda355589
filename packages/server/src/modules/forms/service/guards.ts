/** Study checks shared by the form use cases (spec 001 §4 form editing locks, 000 §4 edit scope). */
import {
  type FormLocks,
  type FormTemplateDocument,
  type StudyStatus,
  studyEditScope,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { type FormRow, findForm, findFormStudy } from '../repo';

export type FormStudy = NonNullable<Awaited<ReturnType<typeof findFormStudy>>>;

/** The live study, or 404. */
export async function requireFormStudy(db: Executor, studyId: string): Promise<FormStudy> {
  const study = await findFormStudy(db, studyId);
  if (!study) throw notFound('The study');
  return study;
}

/** The live form of this study, or 404 (a form of another study is never reachable here). */
export async function requireForm(
  db: Executor,
  studyId: string,
  formId: string,
  options: { lock?: boolean } = {},
): Promise<FormRow> {
  const form = await findForm(db, studyId, formId, options);
  if (!form) throw notFound('The form');
  return form;
}

/** Spec 000 §4: locked, completed, anonymized and deleted studies change nothing (STUDY_STATUS_MISMATCH). */
export function assertFormsEditable(study: FormStudy): void {
  if (!studyEditScope(study.status as StudyStatus).settings) {
    throw new AppError('VALIDATION', 'Forms cannot be changed in the study’s current status.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

/** Spec 000 §4: adding or removing forms changes structure: refused where structure is locked. */
export function assertStructureEditable(study: FormStudy, form?: FormTemplateDocument): void {
  assertFormsEditable(study);
  const scope = studyEditScope(study.status as StudyStatus).structure;
  if (scope === 'NONE' || (scope === 'FULLY_EDITABLE_ONLY' && form && !form.fullyEditable)) {
    throw new AppError('VALIDATION', 'The study’s current status does not allow this change to its forms.', {
      id: 'STUDY_STATUS_MISMATCH',
      context: { status: study.status },
    });
  }
}

/**
 * Spec 001 §4: the type is locked in production (and test), in an amendment when the form is not
 * fully editable, or when a question is used by stratification; the AE type when used in a process.
 */
export function formLocks(study: FormStudy, form: FormTemplateDocument, isUsedInProcess: boolean): FormLocks {
  const scope = studyEditScope(study.status as StudyStatus);
  const isReadOnly = !scope.settings;
  return {
    isReadOnly,
    isTypeLocked:
      isReadOnly ||
      scope.structure === 'NONE' ||
      (scope.structure === 'FULLY_EDITABLE_ONLY' && !form.fullyEditable) ||
      form.questions.some((q) => q.usedByStratification),
    isAeTypeLocked: isReadOnly || isUsedInProcess,
  };
}
