/** FHIR R4 export of a form (issue 27 item 2): the form's draft as a Questionnaire. */
import { type FhirQuestionnaire, formToQuestionnaire } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { readDocument, requireForm, requireFormStudy } from '../../forms/api';
import { questionnaireUrl } from './fhir-response';

/** Issue 27 item 2: the form as a Questionnaire, texts in `language` or the study's primary language. */
export async function getFormQuestionnaire(
  db: Executor,
  input: { studyId: string; formId: string; language?: string | undefined },
): Promise<FhirQuestionnaire> {
  const study = await requireFormStudy(db, input.studyId);
  const row = await requireForm(db, input.studyId, input.formId);
  const form = readDocument(row.document);
  return formToQuestionnaire(form, {
    language: input.language ?? study.primaryLanguage,
    url: questionnaireUrl(study.id, form.id),
  });
}
