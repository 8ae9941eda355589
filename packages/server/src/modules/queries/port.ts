/**
 * What the queries module needs of a filled form (issue 19): the questionnaires module answers it
 * (questionnaires/service/query-port.ts) and app.ts hands it over, since questionnaires already
 * imports queries (rule queries) and a module loop is refused (scripts/check-boundaries.mjs).
 */
import type { Answer, FormStatus } from '@trialbase/domain';
import type { Signature } from '../../platform/auth/extended-validation';
import type { UseCaseContext } from '../../platform/use-case';

export type FilledFormRef = {
  studyId: string;
  enrollmentId: string;
  tokenId: string;
  questionnaireId: string;
};

/** The facts of a filled form a query action reads (404 when the form, token or enrollment do not match). */
export type FilledFormFacts = {
  questionnaireId: string;
  siteId: string;
  enrollmentId: string;
  tokenId: string;
  dataEventId: string;
  formId: string;
  /** The form's questions (ids) at the enrollment's tagged version. */
  questionIds: string[];
  /** Questions hidden by show rules with the saved answers (closing a query on one warns, 001 §4). */
  hiddenQuestionIds: string[];
  /** The saved answer of each question (id of the answer row and its values). */
  answers: Map<string, { answerId: string; values: string[] }>;
  status: FormStatus;
  version: number;
  isCompleted: boolean;
};

export type QuestionnairePort = {
  /** The job queues a staff update kicks after its commit (schedule, outbox): a response that changed the answer kicks them too. */
  queuesAfterUpdate: readonly string[];
  /** Reads the filled form named by the URL, under the enrollment's lock when `ctx` is a use case. */
  loadFilledForm(ctx: UseCaseContext, ref: FilledFormRef): Promise<FilledFormFacts>;
  /** Re-derives the stored form status after queries changed (spec 001 §4: query overrides the others). */
  refreshFormStatus(
    ctx: UseCaseContext,
    ref: FilledFormRef,
  ): Promise<{ status: FormStatus; version: number }>;
  /**
   * The staff update of a submitted form (PUT .../questionnaires/{id}) with one answer replaced,
   * the response text as the update reason; returns the answer's values before and after.
   */
  updateAnswer(
    ctx: UseCaseContext,
    input: FilledFormRef & {
      answer: Answer;
      reason: string;
      version: number | undefined;
      signature: Signature | null;
    },
  ): Promise<{
    oldValues: string[];
    newValues: string[];
    status: FormStatus;
    version: number;
    answerId: string | null;
  }>;
};

/** The values of an answer as a comment shows them (markers of 001 §3 for unavailable and skipped). */
export function answerValues(
  answer:
    | Pick<Answer, 'answerStrings' | 'possibilities' | 'answerUnavailable' | 'answerSkipped' | 'tableCells'>
    | undefined,
): string[] {
  if (!answer) return [];
  if (answer.answerUnavailable) return ['.n'];
  if (answer.answerSkipped) return ['.na'];
  const cells = (answer.tableCells ?? []).map((c) => JSON.stringify(c));
  return [...answer.answerStrings, ...answer.possibilities, ...cells];
}
