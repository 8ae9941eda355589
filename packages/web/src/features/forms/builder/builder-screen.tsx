import { Alert, Box, Button, Grid, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconDeviceFloppy } from '@tabler/icons-react';
import {
  canAddFormQuestions,
  type FormLocks,
  type FormTemplate,
  type QuestionType,
  type StudyDetail,
} from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BlankFormButton } from '../../casebooks/blank-form-button';
import { QuestionEditor } from '../editor/question-editor';
import { pickText } from '../renderer/text';
import { AddQuestionMenu } from './add-question-menu';
import { ConflictPrompt } from './conflict-prompt';
import {
  BuilderContext,
  type BuilderContextValue,
  type BuilderSettings,
  BuilderSettingsContext,
} from './context';
import { GeneralInfoCard } from './general-info-card';
import { newQuestion } from './new-items';
import { PublishControl } from './publish-control';
import { QuestionList } from './question-list';
import { useBuilder } from './use-builder';
import { useLeaveGuard } from './use-leave-guard';

type BuilderScreenProps = {
  study: StudyDetail;
  initial: FormTemplate;
  locks: FormLocks;
  onCreated: (id: string) => void;
};

/** Spec 001 §2 form builder: general info, numbered question list, question editor, save and leave. */
export function BuilderScreen({ study, initial, locks, onCreated }: BuilderScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Spec 001 §2 param qId: the question shown first; from then on the selection is builder state.
  const builder = useBuilder(study.id, initial, onCreated, !locks.isReadOnly, params.get('qId'));
  const { form, selectedId, select } = builder;
  // Authors write in the study's primary language first; other languages are translations.
  const [language, setLanguage] = useState(study.primaryLanguage);
  const listPath = `/study/${study.id}/questionnaireTemplate`;
  const canAdd = !locks.isReadOnly && canAddFormQuestions(study.status);

  const blocker = useLeaveGuard(() => {
    const { id, isDirty } = builder.readStatus();
    return { hasUnsavedChanges: isDirty, ownPath: id ? `${listPath}/${id}/edit` : null };
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modals.openConfirmModal({
      title: t('FORMS.BUILDER.UNSAVED_TITLE'),
      children: <Text size="sm">{t('FORMS.BUILDER.UNSAVED_TEXT')}</Text>,
      labels: { confirm: t('FORMS.BUILDER.LEAVE_ANYWAY'), cancel: t('FORMS.BUILDER.STAY') },
      confirmProps: { color: 'red', 'data-testid': 'leave-anyway' } as Record<string, string>,
      onConfirm: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, t]);

  const handleAdd = (type: QuestionType) =>
    builder.addQuestion(
      newQuestion(type, form.questions.length + 1, language, {
        question: t(`FORMS.QUESTION_TYPES.${type}`),
        possibility: (n) => t('FORMS.EDITOR.POSSIBILITY_N', { n }),
        yes: t('FORMS.EDITOR.YES'),
        no: t('FORMS.EDITOR.NO'),
        row: t('FORMS.TABLE.ROW_NAME'),
        column: t('FORMS.TABLE.COLUMN_NAME'),
      }),
    );

  const settings = useMemo<BuilderSettings>(() => ({ study, language, locks }), [study, language, locks]);
  const context = useMemo<BuilderContextValue>(() => ({ builder, ...settings }), [builder, settings]);
  const title = pickText(form.title, language, study.primaryLanguage) || t('FORMS.BUILDER.NEW_FORM');

  return (
    <BuilderSettingsContext.Provider value={settings}>
      <BuilderContext.Provider value={context}>
        <PageHeader
          crumbs={[{ label: t('FORMS.LIST.TITLE'), to: listPath }, { label: title }]}
          actions={
            <Group gap="xs">
              {form.id !== '' && <BlankFormButton studyId={study.id} formId={form.id} language={language} />}
              {study.languages.length > 1 && (
                <Select
                  aria-label={t('FORMS.BUILDER.LANGUAGE')}
                  data={study.languages}
                  value={language}
                  allowDeselect={false}
                  onChange={(v) => v && setLanguage(v as typeof language)}
                  w={120}
                />
              )}
            </Group>
          }
        />
        <Stack gap="md" pb={96}>
          {locks.isReadOnly && <Alert color="yellow">{t('FORMS.BUILDER.READ_ONLY')}</Alert>}
          <ConflictPrompt />
          <PublishControl />
          <GeneralInfoCard />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="sm">
                {canAdd && <AddQuestionMenu onAdd={handleAdd} />}
                <QuestionList selectedId={selectedId} onSelect={select} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {selectedId && <QuestionEditor key={selectedId} questionId={selectedId} />}
            </Grid.Col>
          </Grid>
        </Stack>
        <Box
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)', zIndex: 5 }}
        >
          {builder.serverError && (
            <Text c="red" size="sm" mb={6} role="alert" data-testid="backend-error">
              {builder.serverError}
            </Text>
          )}
          <Group justify="space-between">
            <Group gap="xs" data-testid="save-status" aria-live="polite">
              {builder.saveState === 'saving' && <Loader size="xs" />}
              {builder.saveState === 'saving' && <Text size="sm">{t('FORMS.BUILDER.SAVING')}</Text>}
              {builder.saveState === 'saved' && !builder.isDirty && (
                <>
                  <IconCheck size={16} color="var(--mantine-color-green-7)" />
                  <Text size="sm">{t('FORMS.BUILDER.SAVED')}</Text>
                </>
              )}
              {!builder.isValid && (
                <Text size="sm" c="red">
                  {t('FORMS.BUILDER.FIX_ERRORS', { count: builder.issues.length })}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={() => void navigate(listPath)} data-testid="leave">
                {t('FORMS.BUILDER.LEAVE')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                disabled={!builder.isValid || !builder.isDirty || locks.isReadOnly}
                loading={builder.saveState === 'saving'}
                onClick={builder.save}
                data-testid="save-form"
              >
                {t('FORMS.ACTIONS.SAVE')}
              </Button>
            </Group>
          </Group>
        </Box>
      </BuilderContext.Provider>
    </BuilderSettingsContext.Provider>
  );
}
