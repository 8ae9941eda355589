/**
 * FHIR R4 export of a filled form (issue 27 item 2): one answer set as a QuestionnaireResponse of
 * the form's Questionnaire (the same canonical URL as GET …/fhir/questionnaire, with the version
 * the set was filled in), its items the answered questions by question id (the Questionnaire's
 * linkIds).
 */
import {
  answersToQuestionnaireResponse,
  type FhirQuestionnaireResponse,
  type FormTemplate,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { notFound } from '../../../platform/errors';
import { findEnrollment } from '../../enrollments/api';
import { requireFormStudy } from '../../forms/api';
import { findQuestionnaire, listAnswerRows } from '../../questionnaires/api';
import { answerOfRow } from '../../questionnaires/presenters';
import { loadForm } from '../../questionnaires/service/context';

/** The canonical URL of a form's Questionnaire: the export and every response name it alike. */
export function questionnaireUrl(studyId: string, formId: string): string {
  return `urn:trialbase:study:${studyId}:questionnaire:${formId}`;
}

/** The site of a filled form (the route's site scope); 404 when the study has none of that id. */
export async function siteOfFilledForm(db: Executor, studyId: string, questionnaireId: string) {
  const row = await findQuestionnaire(db, studyId, questionnaireId);
  if (!row) throw notFound('The filled form');
  return row.siteId;
}

/**
 * Issue 27 item 2: the filled form `questionnaireId` as a QuestionnaireResponse, texts in `language`
 * or the study's primary language; the subject by its study id, completed when the set is.
 */
export async function getQuestionnaireResponse(
  db: Executor,
  input: { studyId: string; questionnaireId: string; language?: string | undefined },
): Promise<FhirQuestionnaireResponse> {
  const study = await requireFormStudy(db, input.studyId);
  const row = await findQuestionnaire(db, input.studyId, input.questionnaireId);
  if (!row) throw notFound('The filled form');
  const version = { major: row.formMajor, minor: row.formMinor };
  const loaded = await loadForm(db, input.studyId, row.formId, version, false);
  if (!loaded) throw notFound('The form');
  const enrollment = await findEnrollment(db, input.studyId, row.enrollmentId);
  const answers = (await listAnswerRows(db, input.studyId, [row.id])).map(answerOfRow);
  const authored = row.completedAt ?? row.updatedAt;
  return answersToQuestionnaireResponse(loaded.form as FormTemplate, answers, {
    id: row.id,
    questionnaireUrl: `${questionnaireUrl(study.id, row.formId)}|${version.major}.${version.minor}`,
    subjectId: enrollment?.subjectId ?? row.enrollmentId,
    authored: authored.toISOString(),
    isCompleted: row.completedAt !== null,
    language: input.language ?? study.primaryLanguage,
  });
}
