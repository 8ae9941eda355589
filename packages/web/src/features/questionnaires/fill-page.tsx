import { Alert, Anchor, Button, Text } from '@mantine/core';
import type { FillForm, QuestionnaireFill, QuestionnaireSaveResult } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorMessage } from '../../app/form-errors';
import { showAcknowledgeToast } from '../../app/notify';
import { ExtendedValidationDialog } from '../../components/extended-validation-dialog';
import { pickText } from '../forms/renderer/text';
import { useQuestionQueries } from '../queries/question-queries';
import { useStudy } from '../studies/api';
import { useQuestionnaireFill, useSaveForm } from './api';
import { CompletionView } from './completion-view';
import { ConflictDialog } from './conflict-dialog';
import { FillFooter } from './fill-footer';
import { FillHeader } from './fill-header';
import { FormTabs } from './form-tabs';
import { isVersionConflict, type QuestionErrors, questionErrorsFrom } from './server-errors';
import { StaffFormView } from './staff-form-view';
import { StatusLegend } from './status-icons';
import { isUnscheduledToken, tokenPagePath } from './token-links';
import { TokenPageFrame } from './token-page-frame';
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
} from './use-token-forms';

const isOpenForm = (f: FillForm) => f.answerSet?.isCompleted !== true;

/** The form after `formId` (wrapping) that still needs answers; none when all mandatory ones are done. */
function nextOpenForm(data: QuestionnaireFill, formId: string): string | undefined {
  const index = data.forms.findIndex((f) => f.formId === formId);
  const ordered = [...data.forms.slice(index + 1), ...data.forms.slice(0, index)];
  return ordered.find((f) => isOpenForm(f) && !f.isOptional)?.formId ?? ordered.find(isOpenForm)?.formId;
}

/**
 * Healthcare-professional fill (spec 001 §2 /study/{studyId}/patient/visit/...; issue 7 item 5): the
 * forms of one token in tabs, the shared renderer, Save draft and Submit in a sticky footer, server
 * errors on their questions, and the completion page (excluded variant) after the last form.
 */
export function StaffFillPage() {
  const { t } = useTranslation();
  const params = useTokenRouteParams();
  const { studyId } = params;
  const isUnscheduledRoute = useUnscheduledRoute();
  const fill = useQuestionnaireFill(params, isUnscheduledRoute);
  const study = useStudy(studyId);
  const save = useSaveForm(params);
  const drafts = useFormDrafts();
  const data = fill.data;
  const active = useActiveForm(data?.forms, (forms) => forms.find(isOpenForm)?.formId ?? forms[0]?.formId);
  const formLanguages = formLanguagesOf(
    data?.forms.find((f) => f.formId === active.activeFormId),
    study.data?.languages ?? [],
  );
  const { language, setLanguage } = useFormLanguage(formLanguages, study.data?.primaryLanguage);
  const [serverErrors, setServerErrors] = useState<{ formId: string; errors: QuestionErrors } | null>(null);
  const [checkedFormId, setCheckedFormId] = useState<string | null>(null);
  const [isJustCompleted, setJustCompleted] = useState(false);
  const [isConflict, setConflict] = useState(false);
  // Footer line instead of toasts: a toast would cover the sticky footer's buttons.
  const [notice, setNotice] = useState<{ isError: boolean; text: string } | null>(null);
  const form = data?.forms.find((f) => f.formId === active.activeFormId);
  const answers = form ? drafts.answersOf(form) : [];
  const engine = useStaffFormEngine(form, answers);
  const invalidCount = engine?.invalidCount ?? 0;
  useFocusQuestion(active.focusQuestionId, form !== undefined);
  // Issue 19 item 2: the query icon and dialog of each question of a saved form.
  const questionQueries = useQuestionQueries({
    token: params,
    form,
    language,
    study: study.data ?? { id: studyId, modules: [] },
  });

  const eventName = data ? pickText(data.dataEvent.name, language) || data.dataEvent.id : '';
  // Spec 001 §7: an unscheduled event's forms are saved with the `/unscheduled` calls.
  const isUnscheduled = isUnscheduledToken(data?.token.type) || isUnscheduledRoute;
  const tokenRef = { ...params, type: isUnscheduled ? (data?.token.type ?? 'UNEXPECTED') : null };
  const reviewUrl = tokenPagePath('review', tokenRef);
  const backUrl = data
    ? `/study/${studyId}/patient/${data.enrollment.subjectId}?selected=records`
    : `/study/${studyId}/patient`;
  const isTokenDone = data !== undefined && ['COMPLETED', 'EXCLUDED'].includes(data.token.status);
  const isExcluded = data?.enrollment.status === 'EXCLUDED' || data?.token.status === 'EXCLUDED';

  const handleSaved = (f: FillForm, result: QuestionnaireSaveResult, isFinal: boolean) => {
    drafts.discard(f.formId);
    setServerErrors(null);
    setCheckedFormId(null);
    const notes = result.firedRules.filter((r) => r.action !== 'BLOCK');
    if (notes.length > 0) {
      showAcknowledgeToast(notes.map((r) => pickText(r.message, language)).join('\n'));
    }
    if (!isFinal) return setNotice({ isError: false, text: t('QUESTIONNAIRES.MESSAGES.DRAFT_SAVED') });
    setNotice({ isError: false, text: t('QUESTIONNAIRES.MESSAGES.SUBMITTED') });
    const next = data ? nextOpenForm(data, f.formId) : undefined;
    if (result.tokenCompleted || !next) setJustCompleted(true);
    else active.select(next);
  };

  const handleSave = async (isFinal: boolean) => {
    if (!form) return;
    if (isFinal && invalidCount > 0) {
      setCheckedFormId(form.formId);
      return setNotice({ isError: true, text: t('QUESTIONNAIRES.MESSAGES.ANSWERS_MISSING') });
    }
    const set = form.answerSet;
    try {
      const result = await save.mutateAsync({
        formId: form.formId,
        answers,
        ...drafts.chartOf(form),
        isFinal,
        draft: set && !set.isCompleted ? { questionnaireId: set.id, version: set.version } : undefined,
        isUnscheduled,
      });
      handleSaved(form, result, isFinal);
    } catch (error) {
      const errors = questionErrorsFrom(t, error, form.form, language);
      if (errors) {
        setServerErrors({ formId: form.formId, errors });
        setCheckedFormId(form.formId);
        return setNotice({ isError: true, text: t('QUESTIONNAIRES.MESSAGES.SERVER_REJECTED') });
      }
      if (isVersionConflict(error)) return setConflict(true);
      setNotice({
        isError: true,
        text: serverErrorMessage(error, { fallback: 'QUESTIONNAIRES.MESSAGES.FAILED' }),
      });
    }
  };

  if (data && (isJustCompleted || isTokenDone)) {
    return (
      <TokenPageFrame studyId={studyId} title={eventName} isPending={false} isError={false}>
        <CompletionView isExcluded={isExcluded} reviewUrl={reviewUrl} backUrl={backUrl} />
      </TokenPageFrame>
    );
  }

  const isFormReadOnly = !form || !data?.abilities.canFill || !isOpenForm(form) || form.isRemoved;
  const isLastOpen =
    data !== undefined && form !== undefined && nextOpenForm(data, form.formId) === undefined;
  return (
    <TokenPageFrame
      studyId={studyId}
      title={eventName || t('QUESTIONNAIRES.FILL_TITLE')}
      isPending={fill.isPending || study.isPending}
      isError={fill.isError}
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
          />
          <FormTabs
            tabs={buildTabs(data, language, drafts.isDirty, true)}
            activeFormId={form.formId}
            onSelect={active.select}
          >
            {!isOpenForm(form) && (
              <Alert variant="light" color="teal" mb="md" data-testid="form-submitted">
                {t('QUESTIONNAIRES.MESSAGES.SUBMITTED')}{' '}
                <Anchor
                  component={Link}
                  to={tokenPagePath('review', tokenRef, { questionnaireTemplateId: form.formId })}
                >
                  {t('QUESTIONNAIRES.ACTIONS.REVIEW')}
                </Anchor>
              </Alert>
            )}
            <StaffFormView
              fillForm={form}
              answers={answers}
              engine={engine}
              chart={drafts.chartOf(form)}
              onChartChange={(next) => drafts.setChart(form.formId, next)}
              onChange={(next) => {
                drafts.setAnswers(form.formId, next);
                if (notice && !notice.isError) setNotice(null);
                // Server messages belong to the answers sent; new answers are checked live.
                if (serverErrors) setServerErrors(null);
              }}
              language={language}
              study={study.data}
              isReadOnly={isFormReadOnly}
              externalErrors={serverErrors?.formId === form.formId ? serverErrors.errors : undefined}
              isShowingAllIssues={checkedFormId === form.formId}
              renderQuestionAddon={questionQueries.renderIcon}
            />
          </FormTabs>
          <StatusLegend levels={verificationLevels(data)} />
          <FillFooter
            start={
              <>
                <Button component={Link} to={backUrl} variant="subtle">
                  {t('QUESTIONNAIRES.ACTIONS.BACK')}
                </Button>
                {notice && (
                  <Text
                    size="sm"
                    c={notice.isError ? 'red.8' : 'teal.8'}
                    role={notice.isError ? 'alert' : 'status'}
                    data-testid="fill-notice"
                  >
                    {notice.text}
                  </Text>
                )}
              </>
            }
          >
            <Button
              variant="default"
              onClick={() => void handleSave(false)}
              disabled={isFormReadOnly || !drafts.isDirty(form.formId)}
              loading={save.isPending && save.variables?.isFinal === false}
              data-testid="save-draft"
            >
              {t('QUESTIONNAIRES.ACTIONS.SAVE_DRAFT')}
            </Button>
            <Button
              onClick={() => void handleSave(true)}
              disabled={isFormReadOnly}
              loading={save.isPending && save.variables?.isFinal === true}
              data-testid="submit-form"
            >
              {t(isLastOpen ? 'QUESTIONNAIRES.ACTIONS.SUBMIT_LAST' : 'QUESTIONNAIRES.ACTIONS.SUBMIT')}
            </Button>
          </FillFooter>
        </>
      )}
      {questionQueries.dialog}
      <ExtendedValidationDialog />
      <ConflictDialog
        isOpen={isConflict}
        onClose={() => setConflict(false)}
        onReload={() => {
          if (form) drafts.discard(form.formId);
          setConflict(false);
          void fill.refetch();
        }}
      />
    </TokenPageFrame>
  );
}
