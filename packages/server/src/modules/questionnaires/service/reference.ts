/** Forms of other answer sets of an enrollment, at the versions they were filled with (cross-form rules). */
import type { FormTemplateDocument } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { readDocument } from '../../forms/documents';
import { findFormRow, findFormVersionRow, type QuestionnaireRow } from '../repo';

/** Spec 001 §5 QUESTION_REF operants: the form of each answer set at its saved version (draft when never published). */
export async function loadReferenceForms(
  db: Executor,
  studyId: string,
  sets: readonly Pick<QuestionnaireRow, 'formId' | 'formMajor' | 'formMinor'>[],
): Promise<FormTemplateDocument[]> {
  const forms = new Map<string, FormTemplateDocument>();
  for (const set of sets) {
    if (forms.has(set.formId)) continue;
    const version = await findFormVersionRow(db, studyId, set.formId, {
      major: set.formMajor,
      minor: set.formMinor,
    });
    const row = version ? null : await findFormRow(db, studyId, set.formId);
    const document = version?.document ?? row?.document;
    if (document) forms.set(set.formId, readDocument({ ...document, id: set.formId }));
  }
  return [...forms.values()];
}
