import {
  type Answer,
  buildPath,
  type FormTemplate,
  type PublicProcess,
  type PublicSubmitResult,
  publicRoutes,
} from '@trialbase/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RendererUpload } from '../../features/forms/renderer/host';
import { isPublicHttpError } from '../app/api';
import { markQuestionnaireDone, tokenPagePath } from '../app/flow-store';
import { showErrorToast, showSuccessToast } from '../app/notify';
import { navigate } from '../app/router';
import { usePublicTranslation } from '../app/use-public-translation';
import { CompletionView } from './completion-view';
import { clearLocalDraft, readLocalDraft } from './draft-store';
import { answersToSend, newAttemptKey, stepBack, submitForm, toAnswer, uploadAnswerFile } from './fill-api';
import { COMPLETED_STATUS } from './fill-shared';
import { FillStep } from './fill-step';
import { useDraftSave } from './use-draft-save';

type Done = { isExcluded: boolean };

/** The answers to start a form with: the local copy when there is one (it is never older), else the saved ones. */
function initialAnswers(token: string, entry: PublicProcess['forms'][number]): Answer[] {
  if (entry.status !== COMPLETED_STATUS) {
    const local = readLocalDraft(token, entry.formId);
    if (local) return local;
  }
  return entry.answers.map(toAnswer);
}

/**
 * Spec 002 §2, §4, §8: one participant's way through the forms of a link. Forced order steps
 * form by form (Back and Continue call the server); from the index a single form is filled and
 * the participant goes back to the index. Submit errors follow spec 002 §8.
 */
export function FillSession(props: {
  process: PublicProcess;
  token: string;
  language: string;
  startIndex: number;
  indexPath: string;
}) {
  const { process, token, language } = props;
  const { t } = usePublicTranslation();
  const isForced = process.dataEvent.forceFormOrder;
  const [index, setIndex] = useState(props.startIndex);
  const [statuses, setStatuses] = useState(() => new Map(process.forms.map((f) => [f.formId, f.status])));
  const [answersByForm, setAnswersByForm] = useState(
    () => new Map(process.forms.map((f) => [f.formId, initialAnswers(token, f)])),
  );
  const [externalErrors, setExternalErrors] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const [isBusy, setBusy] = useState(false);
  const [done, setDone] = useState<Done | null>(null);
  // Spec 002 §7: one idempotency key per submit attempt, reused when the same attempt is retried.
  const attempt = useRef<{ formId: string; answers: Answer[]; key: string } | null>(null);

  const entry = process.forms[index];
  const formId = entry?.formId ?? '';
  const isCompleted = statuses.get(formId) === COMPLETED_STATUS;
  const answers = answersByForm.get(formId) ?? [];
  const goToTokenPage = useCallback(
    () => navigate(tokenPagePath(process.studyId, token, language), { replace: true }),
    [process.studyId, token, language],
  );
  const drafts = useDraftSave({
    studyId: process.studyId,
    token,
    formId,
    form: (entry?.form ?? { questions: [] }) as FormTemplate,
    isEnabled: !isCompleted,
    onUnauthorized: goToTokenPage,
  });
  const upload = useMemo<RendererUpload>(
    () => async (input) => {
      const stored = await uploadAnswerFile({
        ...input,
        studyId: process.studyId,
        token,
        tokenId: process.tokenId,
        formId,
      });
      showSuccessToast(
        t(
          input.kind === 'IMAGE' ? 'QUESTIONNAIRE.UPLOAD_IMAGE_SUCCESS' : 'QUESTIONNAIRE.UPLOAD_FILE_SUCCESS',
        ),
      );
      return stored;
    },
    [process.studyId, process.tokenId, token, formId, t],
  );
  const imageUrl = useCallback(
    // The public image route the lead is asked for (report): the staff route needs a staff session.
    (imageId: string) => buildPath(publicRoutes.image, { studyId: process.studyId, imageId }),
    [process.studyId],
  );

  if (done) return <CompletionView isExcluded={done.isExcluded} />;
  if (!entry) return null;

  const handleAnswersChange = (next: Answer[]) => {
    setAnswersByForm((prev) => new Map(prev).set(formId, next));
    if (externalErrors.size > 0) setExternalErrors(new Map());
    drafts.record(next);
  };

  const handleResult = (result: PublicSubmitResult) => {
    clearLocalDraft(token, formId);
    attempt.current = null;
    setStatuses((prev) => new Map(prev).set(formId, COMPLETED_STATUS));
    if (result.isDone) {
      markQuestionnaireDone(true);
      setDone({ isExcluded: result.status === 'EXCLUDED' });
      window.scrollTo(0, 0);
      return;
    }
    if (!isForced) {
      navigate(props.indexPath);
      return;
    }
    const next = process.forms.findIndex((f) => f.formId === result.nextFormId);
    setIndex(next >= 0 ? next : Math.min(index + 1, process.forms.length - 1));
    window.scrollTo(0, 0);
  };

  const handleSubmitError = (error: unknown) => {
    if (!isPublicHttpError(error)) {
      showErrorToast(t('PUBLIC.ERRORS.500'));
      return;
    }
    const context = error.context;
    if (error.status === 401) {
      goToTokenPage();
      return;
    }
    if (error.status === 400 && context.isContextual === true && Array.isArray(context.questionIds)) {
      // Spec 002 §8: mark the questions, toast, scroll to the first.
      const ids = context.questionIds.map(String);
      const message = t('RENDERER.VALIDATION.VALID', { field: t('RENDERER.FIELDS.answer') });
      setExternalErrors(new Map(ids.map((id) => [id, [message]])));
      showErrorToast(t('QUESTIONNAIRE.ANSWERS_MISSING'));
      attempt.current = null;
      requestAnimationFrame(() =>
        document.querySelector(`[data-question-id="${ids[0]}"]`)?.scrollIntoView({ block: 'center' }),
      );
      return;
    }
    if (error.status === 400) {
      showErrorToast(t('QUESTIONNAIRE.ALREADY_FILL'));
      goToTokenPage();
      return;
    }
    if (error.status === 409 && context.reason === 'FORM_ORDER' && typeof context.currentForm === 'string') {
      // The server's place in a forced order differs from ours (e.g. Back, then a reload).
      showErrorToast(t('QUESTIONNAIRE.FORM_ORDER'));
      const at = process.forms.findIndex((f) => f.formId === context.currentForm);
      if (at >= 0) setIndex(at);
      attempt.current = null;
      return;
    }
    showErrorToast(t(error.status === 0 ? 'PUBLIC.ERRORS.OFFLINE' : 'PUBLIC.ERRORS.500'));
  };

  const handleContinue = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      await drafts.settle();
      // A completed form reached with Back is passed with no answers: it stays as it was saved.
      const sent = isCompleted ? [] : answersToSend(entry.form as FormTemplate, answers);
      const previous = attempt.current;
      const isRetry =
        previous !== null &&
        previous.formId === formId &&
        JSON.stringify(previous.answers) === JSON.stringify(sent);
      const key = isRetry && previous ? previous.key : newAttemptKey();
      attempt.current = { formId, answers: sent, key };
      const result = await submitForm(process.studyId, {
        token,
        formId,
        answers: sent,
        isFinal: true,
        idempotencyKey: key,
      });
      handleResult(result);
    } catch (error) {
      handleSubmitError(error);
    } finally {
      setBusy(false);
    }
  };

  const handleBack = async () => {
    if (isBusy) return;
    setBusy(true);
    try {
      await drafts.settle();
      const position = await stepBack(process.studyId, token);
      const at = process.forms.findIndex((f) => f.formId === position.currentForm);
      setIndex(at >= 0 ? at : Math.max(index - 1, 0));
      setExternalErrors(new Map());
      window.scrollTo(0, 0);
    } catch (error) {
      if (isPublicHttpError(error) && error.status === 401) goToTokenPage();
      else
        showErrorToast(
          t(isPublicHttpError(error) && error.status === 0 ? 'PUBLIC.ERRORS.OFFLINE' : 'PUBLIC.ERRORS.500'),
        );
    } finally {
      setBusy(false);
    }
  };

  const total = isForced ? process.forms.length : 1;
  return (
    <FillStep
      key={formId}
      process={process}
      entry={entry}
      current={isForced ? index + 1 : 1}
      total={total}
      language={language}
      answers={answers}
      onAnswersChange={handleAnswersChange}
      onContinue={() => void handleContinue()}
      onBack={isForced && index > 0 ? () => void handleBack() : null}
      isLast={!isForced || index === process.forms.length - 1}
      isBusy={isBusy}
      isCompleted={isCompleted}
      externalErrors={externalErrors}
      saveState={drafts.state}
      upload={upload}
      imageUrl={imageUrl}
    />
  );
}
