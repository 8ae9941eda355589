/** What `questionnaire.details` holds, read through the domain's schema (issue 14 item 4). */
import { parseQuestionnaireDetails, type QuestionnaireDetails } from '@trialbase/domain';
import type { QuestionnaireRow } from './repo';

/** The answer set's image chart markers and answers per colour, parsed. */
export function questionnaireDetailsOf(row: Pick<QuestionnaireRow, 'details'>): QuestionnaireDetails {
  return parseQuestionnaireDetails(row.details);
}
