/**
 * File and image answers of custom AE reports (spec 000 §7 `.../answerFiles/customaereports` and the
 * site/enrollment AE file upload): the question must be a FILE or IMAGE question of the AE form that
 * the caller may fill; the file passes the same checks and storage as every answer upload.
 */
import {
  type AnswerFileInfo,
  type AnswerFileUploadBody,
  type FormVersion,
  mayFillAeQuestion,
  type UploadKind,
} from '@trialbase/domain';
import { forbidden, notFound, validationError } from '../../../../platform/errors';
import type { UseCaseContext } from '../../../../platform/use-case';
import { storeAnswerFile } from '../../../files/api';
import { loadForm } from '../../../questionnaires/service/context';
import { assertStudyTakesAeWrites } from '../../service/study-status';
import { type AeReportCaller, involvementsAt } from './context';

export async function uploadAeReportFile(
  ctx: UseCaseContext,
  caller: AeReportCaller,
  input: {
    studyId: string;
    siteId: string;
    tokenId: string;
    form: { formId: string; version: FormVersion | undefined };
    formIdOfUrl: string;
    questionId: string;
    body: AnswerFileUploadBody;
  },
): Promise<AnswerFileInfo> {
  await assertStudyTakesAeWrites(ctx, input.studyId);
  if (input.form.formId !== input.formIdOfUrl) throw notFound('The question');
  const loaded = await loadForm(ctx.tx, input.studyId, input.form.formId, input.form.version, false);
  if (loaded?.type !== 'TYPE_AE') throw notFound('The AE form');
  const question = loaded.form.questions.find((q) => q.id === input.questionId);
  if (!question) throw notFound('The question');
  let kind: UploadKind;
  if (question.type === 'FILE') kind = 'ANSWER_FILE';
  else if (question.type === 'IMAGE') kind = 'ANSWER_IMAGE';
  else throw validationError([{ path: ['questionId'], message: 'This question does not take files.' }]);
  if (!mayFillAeQuestion(question, involvementsAt(caller, input.studyId, input.siteId))) throw forbidden();
  return storeAnswerFile(ctx, {
    studyId: input.studyId,
    tokenId: input.tokenId,
    target: { formId: input.form.formId, questionId: input.questionId },
    body: input.body,
    kind,
    uploader: { type: 'USER', id: caller.userId },
  });
}
