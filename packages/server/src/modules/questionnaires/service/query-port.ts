/**
 * The questionnaires side of the queries module's port (issue 19, queries/port.ts): reading a filled
 * form for a query action, re-deriving its stored status when queries change, and the staff update
 * of one answer while a site responds to a query.
 */
import { deriveFormStatus, evaluateFormVisibility, type FormStatus } from '@trialbase/domain';
import type { Config } from '../../../platform/config';
import { OUTBOX_QUEUE } from '../../../platform/outbox/outbox';
import type { UseCaseContext } from '../../../platform/use-case';
import { SCHEDULE_QUEUE } from '../../enrollments/tokens/service/run-due-schedule';
import { scheduleEnvOf } from '../../enrollments/tokens/service/send-link';
import { answerValues, type FilledFormRef, type QuestionnairePort } from '../../queries/port';
import { answerOfRow } from '../presenters';
import { listAnswerRows, updateQuestionnaire } from '../repo';
import { lockAndLoad, queryStatusesOf, requireForm, requireTokenQuestionnaire } from './fill-checks';
import { updateFilledQuestionnaire } from './update-filled-questionnaire';

async function load(ctx: UseCaseContext, ref: FilledFormRef) {
  const fill = await lockAndLoad(ctx, ref, 'ANY');
  const row = await requireTokenQuestionnaire(ctx, fill, ref.questionnaireId);
  const form = requireForm(fill, row.formId);
  const answerRows = await listAnswerRows(ctx.tx, ref.studyId, [row.id]);
  const answers = answerRows.map(answerOfRow);
  return { fill, row, form, answerRows, answers };
}

export function questionnairePortOf(config: Pick<Config, 'publicUrl' | 'port'>): QuestionnairePort {
  return {
    queuesAfterUpdate: [OUTBOX_QUEUE, SCHEDULE_QUEUE],
    async loadFilledForm(ctx, ref) {
      const { fill, row, form, answerRows, answers } = await load(ctx, ref);
      const visibility = evaluateFormVisibility(form.form, answers);
      return {
        questionnaireId: row.id,
        siteId: row.siteId,
        enrollmentId: fill.enrollment.id,
        tokenId: fill.token.id,
        dataEventId: fill.token.dataEventId,
        formId: row.formId,
        questionIds: form.form.questions.map((q) => q.id),
        hiddenQuestionIds: visibility.hiddenQuestions,
        answers: new Map(
          answerRows.map((r, i) => [r.questionId, { answerId: r.id, values: answerValues(answers[i]) }]),
        ),
        status: row.status as FormStatus,
        version: row.version,
        isCompleted: row.completedAt !== null,
      };
    },

    async refreshFormStatus(ctx, ref) {
      const { fill, row, form, answers } = await load(ctx, ref);
      const status = deriveFormStatus({
        form: form.form,
        answers,
        queryStatuses: await queryStatusesOf(ctx, ref.studyId, row.id),
        isTokenMissingData: fill.token.missingData,
        audience: 'staff',
      });
      if (status !== row.status) {
        await updateQuestionnaire(ctx.tx, ref.studyId, row.id, { status, updatedAt: ctx.now });
      }
      return { status, version: row.version };
    },

    async updateAnswer(ctx, input) {
      const { row, answers } = await load(ctx, input);
      const before = answers.find((a) => a.question === input.answer.question);
      const next = answers.filter((a) => a.question !== input.answer.question);
      next.push({ ...input.answer, ...(before?.id ? { id: before.id } : {}) });
      const outcome = await updateFilledQuestionnaire(
        ctx,
        {
          studyId: input.studyId,
          enrollmentId: input.enrollmentId,
          tokenId: input.tokenId,
          questionnaireId: input.questionnaireId,
          answers: next,
          comment: input.reason,
          version: input.version ?? row.version,
          signature: input.signature,
          eventKind: 'ANY',
        },
        scheduleEnvOf(config),
      );
      const saved = outcome.answers.find((a) => a.questionId === input.answer.question);
      return {
        oldValues: answerValues(before),
        newValues: answerValues(saved ? answerOfRow(saved) : undefined),
        status: outcome.questionnaire.status as FormStatus,
        version: outcome.questionnaire.version,
        answerId: saved?.id ?? null,
      };
    },
  };
}
