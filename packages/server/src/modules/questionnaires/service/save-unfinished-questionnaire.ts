/** Spec 001 §7 PUT .../{questionnaireId}/unfinished: staff save a draft of a form not submitted yet. */
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import type { ScheduleEnv } from '../../enrollments/tokens/service/send-link';
import {
  type AnswerPayload,
  assertFillable,
  assertVersion,
  checkSubmission,
  type KindOption,
  lockAndLoad,
  queryStatusesOf,
  requireForm,
  requireTokenQuestionnaire,
  type TokenRef,
} from './fill-checks';
import { persistAnswers, type SaveOutcome } from './persist-answers';

/**
 * Spec 001 §7 PUT .../{questionnaireId}/unfinished: saves a draft of a form not submitted yet (no reason
 * needed). The spec names no unscheduled draft call, so this one serves both kinds of token by default.
 */
export async function saveUnfinishedQuestionnaire(
  ctx: UseCaseContext,
  input: TokenRef & AnswerPayload & KindOption & { questionnaireId: string; version?: number | undefined },
  env: ScheduleEnv,
): Promise<SaveOutcome> {
  const fill = await lockAndLoad(ctx, input, input.eventKind ?? 'ANY');
  assertFillable(fill);
  const row = await requireTokenQuestionnaire(ctx, fill, input.questionnaireId);
  if (row.completedAt) {
    throw new AppError('CONFLICT', 'This form has been submitted already; update it with a reason.', {
      id: 'QUESTIONNAIRE_EXISTS',
    });
  }
  assertVersion(row, input.version);
  const form = requireForm(fill, row.formId);
  const queryStatuses = await queryStatusesOf(ctx, input.studyId, row.id);
  const check = await checkSubmission(ctx, fill, form, input.answers, {
    isFinal: false,
    queryStatuses,
    audience: 'staff',
  });
  return persistAnswers(ctx, fill, row, check, {
    queryStatuses,
    form,
    audience: 'staff',
    details: {
      imageChartMarkers: input.imageChartMarkers ?? [],
      imageChartAnswers: input.imageChartAnswers ?? [],
    },
    isFinal: false,
    action: 'QUESTIONNAIRE_SAVED',
    reason: null,
    env,
  });
}
