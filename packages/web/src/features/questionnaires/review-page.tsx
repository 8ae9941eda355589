import { Alert, Anchor, Button, Text, Tooltip } from '@mantine/core';
import type { FillForm, VerificationRound } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isExtendedValidationCancelled, useExtendedValidation } from '../../app/extended-validation';
import { serverErrorMessage } from '../../app/form-errors';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { pickText } from '../forms/renderer/text';
import { FhirResponseButton } from '../imports/fhir-response-button';
import { useQuestionQueries } from '../queries/question-queries';
import { useStudy } from '../studies/api';
import { useQuestionnaireReview, useUpdateForm, useVerify } from './api';
import { ChangeLogDialog } from './change-log-dialog';
import { ConflictDialog } from './conflict-dialog';
import { FillFooter } from './fill-footer';
import { FillHeader } from './fill-header';
import { FormTabs } from './form-tabs';
import { ReviewActions } from './review-parts';
import { isVersionConflict, type QuestionErrors, questionErrorsFrom } from './server-errors';
import { StaffFormView } from './staff-form-view';
import { StatusLegend } from './status-icons';
import { isUnscheduledToken, tokenPagePath } from './token-links';
import { TokenPageFrame } from './token-page-frame';
import { UpdateCommentDialog } from './update-comment-dialog';
import {
  buildTabs,
  formLanguagesOf,
  useActiveForm,
  useFocusQuestion,
  useFormDrafts,
  useFormLanguage,
  useStaffFormEngine,
  useTokenRouteParams,
  useUnscheduledRoute,
  verificationLevels,
  verificationRounds,
} from './use-token-forms';
import { AnswerVerification } from './verification-controls';

/**
 * Review and update (spec 001 §2 /study/{studyId}/patient/review/...; §4 edit locks; issue 7 items 5-6):
 * the filled forms read-only; Edit (when the server allows), Discard, Update with a reason (and the
 * Extended-Validation password when the study asks), the change log and source data verification.
 */
export function StaffReviewPage() {
  const { t } = useTranslation();
  const params = useTokenRouteParams();
  const { studyId } = params;
  const isUnscheduledRoute = useUnscheduledRoute();
  const review = useQuestionnaireReview(params);
  const study = useStudy(studyId);
  const update = useUpdateForm(params);
  const verify = useVerify(params);
  const { withExtendedValidation } = useExtendedValidation();
  const drafts = useFormDrafts();
  const data = review.data;
  const active = useActiveForm(
    data?.forms,
    (forms) => forms.find((f) => f.answerSet)?.formId ?? forms[0]?.formId,
  );
  const formLanguages = formLanguagesOf(
    data?.forms.find((f) => f.formId === active.activeFormId),
    study.data?.languages ?? [],
  );
  const { language, setLanguage } = useFormLanguage(formLanguages, study.data?.primaryLanguage);
  const [editingFormId, setEditingFormId] = useState<string | null>(null);
  const [isCommentOpen, setCommentOpen] = useState(false);
  const [changeLogId, setChangeLogId] = useState<string | null>(null);
  const [isConflict, setConflict] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ formId: string; errors: QuestionErrors } | null>(null);
  const form = data?.forms.find((f) => f.formId === active.activeFormId);
  const answers = form ? drafts.answersOf(form) : [];
  const engine = useStaffFormEngine(form, answers);
  const invalidCount = engine?.invalidCount ?? 0;
  useFocusQuestion(active.focusQuestionId, form !== undefined);

  const eventName = data ? pickText(data.dataEvent.name, language) || data.dataEvent.id : '';
  // Spec 001 §7: an unscheduled event's forms are updated with PUT .../{questionnaireId}/unscheduled.
  const isUnscheduled = isUnscheduledToken(data?.token.type) || isUnscheduledRoute;
  const tokenRef = { ...params, type: isUnscheduled ? (data?.token.type ?? 'UNEXPECTED') : null };
  const isEditing = form !== undefined && editingFormId === form.formId;
  const isDirty = form !== undefined && drafts.isDirty(form.formId);
  const canEdit =
    data?.abilities.canEdit === true && form?.answerSet?.isCompleted === true && !form.isRemoved;
  const canUpdate = isEditing && isDirty && invalidCount === 0;

  const stopEditing = (f: FillForm) => {
    drafts.discard(f.formId);
    setEditingFormId(null);
    setServerErrors(null);
  };

  const handleUpdate = async (comment: string) => {
    const set = form?.answerSet;
    if (!form || !set || !data) return;
    try {
      await withExtendedValidation(
        data.extendedValidation,
        t('QUESTIONNAIRES.COMMENT.SIGNATURE'),
        (password) =>
          update.mutateAsync({
            questionnaireId: set.id,
            answers,
            ...drafts.chartOf(form),
            comment,
            version: set.version,
            password,
            isUnscheduled,
          }),
      );
      setCommentOpen(false);
      stopEditing(form);
      showSuccessToast(t('QUESTIONNAIRES.MESSAGES.UPDATED'));
    } catch (error) {
      setCommentOpen(false);
      if (isExtendedValidationCancelled(error)) return;
      const errors = questionErrorsFrom(t, error, form.form, language);
      if (errors) {
        setServerErrors({ formId: form.formId, errors });
        return showErrorToast(t('QUESTIONNAIRES.MESSAGES.SERVER_REJECTED'));
      }
      if (isVersionConflict(error)) return setConflict(true);
      showErrorToast(serverErrorMessage(error, { fallback: 'QUESTIONNAIRES.MESSAGES.FAILED' }));
    }
  };

  const handleVerify = (round: VerificationRound, verified: boolean, answerId?: string) => {
    const set = form?.answerSet;
    if (!set) return;
    verify.mutate(
      { questionnaireId: set.id, round, verified, ...(answerId ? { answerId } : {}) },
      {
        onSuccess: () => showSuccessToast(t('QUESTIONNAIRES.MESSAGES.VERIFIED')),
        onError: (error) =>
          showErrorToast(serverErrorMessage(error, { fallback: 'QUESTIONNAIRES.MESSAGES.FAILED' })),
      },
    );
  };

  // Issue 19 item 2: the query icon and dialog of each question.
  const questionQueries = useQuestionQueries({
    token: params,
    form,
    language,
    study: study.data ?? { id: studyId, modules: [] },
  });
  const answerRounds = data ? verificationRounds(data, 'ANSWER') : [];
  const formRounds = data ? verificationRounds(data, 'FORM') : [];
  const renderAddon = (questionId: string) =>
    data && form ? (
      <>
        {questionQueries.renderIcon(questionId)}
        <AnswerVerification
          answer={form.answerSet?.answers.find((a) => a.question === questionId)}
          rounds={answerRounds}
          isDisabled={isEditing || verify.isPending}
          onToggle={(answerId, round, verified) => handleVerify(round, verified, answerId)}
        />
      </>
    ) : null;

  const headerActions = form?.answerSet && (
    <>
      <ReviewActions
        answerSet={form.answerSet}
        canEdit={canEdit && !isEditing}
        formRounds={formRounds}
        isEditing={isEditing}
        isVerifying={verify.isPending}
        onEdit={() => setEditingFormId(form.formId)}
        onChangeLog={setChangeLogId}
        onVerify={(round, verified) => handleVerify(round, verified)}
      />
      <FhirResponseButton studyId={studyId} questionnaireId={form.answerSet.id} />
    </>
  );

  return (
    <TokenPageFrame
      studyId={studyId}
      title={eventName || t('QUESTIONNAIRES.REVIEW_TITLE')}
      isPending={review.isPending || study.isPending}
      isError={review.isError}
    >
      {data && data.forms.length === 0 && <Text c="dimmed">{t('QUESTIONNAIRES.NO_FORMS')}</Text>}
      {data && form && study.data && (
        <>
          <FillHeader
            patientId={data.enrollment.patientId}
            dataEventName={eventName}
            answerSet={form.answerSet}
            taggedVersion={form.taggedVersion}
            currentVersion={form.currentVersion}
            languages={formLanguages}
            language={language}
            onLanguageChange={setLanguage}
            verificationLevels={verificationLevels(data)}
            actions={headerActions}
          />
          <FormTabs
            tabs={buildTabs(data, language, drafts.isDirty, false)}
            activeFormId={form.formId}
            onSelect={active.select}
          >
            {!form.answerSet && (
              <Alert variant="light" color="gray" mb="md" data-testid="form-not-filled">
                {t('QUESTIONNAIRES.HINTS.NOT_FILLED')}{' '}
                {data.abilities.canFill && (
                  <Anchor
                    component={Link}
                    to={tokenPagePath('fill', tokenRef, { questionnaireTemplateId: form.formId })}
                  >
                    {t('QUESTIONNAIRES.ACTIONS.FILL')}
                  </Anchor>
                )}
              </Alert>
            )}
            {!data.abilities.canEdit && data.abilities.editBlockedReason && form.answerSet?.isCompleted && (
              <Text size="sm" c="dimmed" mb="sm" data-testid="edit-blocked">
                {t('QUESTIONNAIRES.HINTS.EDIT_LOCKED')}
              </Text>
            )}
            <StaffFormView
              fillForm={form}
              answers={answers}
              engine={engine}
              chart={drafts.chartOf(form)}
              onChartChange={(next) => drafts.setChart(form.formId, next)}
              onChange={(next) => {
                drafts.setAnswers(form.formId, next);
                if (serverErrors) setServerErrors(null);
              }}
              language={language}
              study={study.data}
              isReadOnly={!isEditing}
              externalErrors={serverErrors?.formId === form.formId ? serverErrors.errors : undefined}
              isShowingAllIssues={isEditing && isDirty}
              renderQuestionAddon={renderAddon}
            />
          </FormTabs>
          <StatusLegend levels={verificationLevels(data)} />
          {isEditing && (
            <FillFooter
              start={
                isDirty && (
                  <Text size="sm" c="orange.8">
                    {t('QUESTIONNAIRES.HINTS.UNSAVED')}
                  </Text>
                )
              }
            >
              <Button variant="default" onClick={() => stopEditing(form)} data-testid="discard-form">
                {t('QUESTIONNAIRES.ACTIONS.DISCARD')}
              </Button>
              <Tooltip label={t('QUESTIONNAIRES.HINTS.UPDATE_DISABLED')} disabled={canUpdate}>
                <Button onClick={() => setCommentOpen(true)} disabled={!canUpdate} data-testid="update-form">
                  {t('QUESTIONNAIRES.ACTIONS.UPDATE')}
                </Button>
              </Tooltip>
            </FillFooter>
          )}
          <UpdateCommentDialog
            isOpen={isCommentOpen}
            isSubmitting={update.isPending}
            onCancel={() => setCommentOpen(false)}
            onConfirm={(comment) => void handleUpdate(comment)}
          />
          <ChangeLogDialog
            studyId={studyId}
            questionnaireId={changeLogId}
            form={form.form}
            language={language}
            onClose={() => setChangeLogId(null)}
          />
        </>
      )}
      <ConflictDialog
        isOpen={isConflict}
        onClose={() => setConflict(false)}
        onReload={() => {
          if (form) stopEditing(form);
          setConflict(false);
          void review.refetch();
        }}
      />
      {questionQueries.dialog}
      <ExtendedValidationDialog />
    </TokenPageFrame>
  );
}
