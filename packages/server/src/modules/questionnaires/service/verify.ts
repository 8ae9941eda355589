/**
 * Source data verification (issue 7 item 6, spec 001 §2 verification buttons, §3 verification flags):
 * primary and secondary, per answer and per form, allowed when the study's verification type for that
 * round is not NONE. Verifying a form marks every answer; clearing one answer clears the form's mark.
 */
import type { VerificationRound } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  findQuestionnaire,
  listAnswerRows,
  setAllAnswersVerification,
  updateAnswerRow,
  updateQuestionnaire,
} from '../repo';
import { requireStudy, verificationTypesOf } from './context';

type VerificationInput = {
  studyId: string;
  questionnaireId: string;
  type: VerificationRound;
  verified: boolean;
};

/** The questionnaire's site (route site check); 404 when unknown. */
export async function siteOfQuestionnaire(db: Executor, studyId: string, questionnaireId: string) {
  const row = await findQuestionnaire(db, studyId, questionnaireId);
  if (!row) throw notFound('The filled form');
  return row.siteId;
}

async function requireVerifiable(ctx: UseCaseContext, input: VerificationInput) {
  const study = await requireStudy(ctx.tx, input.studyId);
  const types = verificationTypesOf(study);
  if ((input.type === 'primary' ? types.primary : types.secondary) === 'NONE') {
    throw new AppError('PRECONDITION', `The study does not use ${input.type} verification.`, {
      context: { reason: 'VERIFICATION_DISABLED', verificationType: input.type },
    });
  }
  const row = await findQuestionnaire(ctx.tx, input.studyId, input.questionnaireId, { lock: true });
  if (!row) throw notFound('The filled form');
  if (!row.completedAt) {
    throw new AppError('PRECONDITION', 'Only a submitted form can be verified.', {
      context: { reason: 'QUESTIONNAIRE_NOT_COMPLETED' },
    });
  }
  return row;
}

function marks(ctx: UseCaseContext, type: VerificationRound, verified: boolean) {
  const at = verified ? ctx.now : null;
  const by = verified ? ctx.actor.id : null;
  return type === 'primary'
    ? { verifiedAt: at, verifiedBy: by }
    : { secondaryVerifiedAt: at, secondaryVerifiedBy: by };
}

/** PUT /studies/{studyId}/questionnaires/{questionnaireId}/answers/{answerId}/verification/{verificationType}. */
export async function verifyAnswer(
  ctx: UseCaseContext,
  input: VerificationInput & { answerId: string },
): Promise<void> {
  const row = await requireVerifiable(ctx, input);
  const answer = (await listAnswerRows(ctx.tx, input.studyId, [row.id])).find((a) => a.id === input.answerId);
  if (!answer) throw notFound('The answer');
  await updateAnswerRow(ctx.tx, input.studyId, answer.id, marks(ctx, input.type, input.verified));
  if (!input.verified) {
    // The form is verified only while every answer is: clearing one clears the form's mark.
    await updateQuestionnaire(ctx.tx, input.studyId, row.id, marks(ctx, input.type, false));
  }
  await ctx.audit({
    action: input.verified ? 'ANSWER_VERIFIED' : 'ANSWER_UNVERIFIED',
    entityType: 'ANSWER',
    entityId: answer.id,
    studyId: input.studyId,
    before: { questionnaireId: row.id, questionId: answer.questionId },
    after: {
      questionnaireId: row.id,
      questionId: answer.questionId,
      type: input.type,
      verified: input.verified,
    },
  });
}

/** PUT /studies/{studyId}/questionnaires/{questionnaireId}/verification/{verificationType}: the form and every answer. */
export async function verifyQuestionnaire(ctx: UseCaseContext, input: VerificationInput): Promise<void> {
  const row = await requireVerifiable(ctx, input);
  const values = marks(ctx, input.type, input.verified);
  await updateQuestionnaire(ctx.tx, input.studyId, row.id, values);
  await setAllAnswersVerification(ctx.tx, input.studyId, row.id, values);
  await ctx.audit({
    action: 'QUESTIONNAIRE_VERIFIED',
    entityType: 'QUESTIONNAIRE',
    entityId: row.id,
    studyId: input.studyId,
    before: null,
    after: { type: input.type, verified: input.verified },
  });
}
