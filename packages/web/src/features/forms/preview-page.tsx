import { Alert, Badge, Button, Group, Loader, Select, Stack, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type Answer,
  collectEmbeddedRules,
  formEndpoints,
  isRightToLeft,
  ruleEndpoints,
  STUDY_LANGUAGES,
  truncateStudyName,
} from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../app/http';
import { PageHeader } from '../../components/page-header';
import { useStudy } from '../studies/api';
import { FORM_CONTENT_MAX_WIDTH, FormRenderer } from './renderer/form-renderer';
import { pickText } from './renderer/text';

function useFormForPreview(studyId: string, formId: string, isOldVersion: boolean) {
  return useQuery({
    queryKey: ['forms', studyId, 'preview', formId, isOldVersion],
    queryFn: ({ signal }) =>
      call(formEndpoints.get, {
        params: { studyId, formId },
        query: { isOldVersion },
        signal,
      }),
  });
}

/** Rules stored apart from the questions (reference rules page); the preview works without them. */
function useFormRules(studyId: string, formId: string) {
  return useQuery({
    queryKey: ['rules', studyId, 'validation', { formId }],
    queryFn: ({ signal }) =>
      call(ruleEndpoints.listValidation, { params: { studyId }, query: { formId }, signal }),
    retry: false,
    meta: { localErrors: true },
  });
}

/**
 * Form preview (issue 5 item 6, spec 001 §2): the form as a subject fills it, with live show rules,
 * validation and formulas; nothing is saved. Leave, Go to edit (disabled when the study is
 * completed or the form is read-only, spec 001 §4), and a switch among the study languages.
 */
export function FormPreviewPage() {
  const { t, i18n } = useTranslation(['common', 'renderer', 'studies']);
  const navigate = useNavigate();
  const { studyId = '', id = '' } = useParams();
  const [search] = useSearchParams();
  const isOldVersion = search.get('isOldVersion') === 'true';
  const focusId = search.get('qId');
  const study = useStudy(studyId);
  const form = useFormForPreview(studyId, id, isOldVersion);
  const rules = useFormRules(studyId, id);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [chosenLanguage, setChosenLanguage] = useState<string | null>(null);

  const languages = study.data?.languages ?? [];
  const language =
    chosenLanguage ??
    (languages.find((l) => l === i18n.language) ||
      study.data?.primaryLanguage ||
      form.data?.language ||
      'en');
  const extraRules = useMemo(() => {
    if (!form.data) return [];
    const embedded = new Set(collectEmbeddedRules(form.data).map((r) => r.id));
    return (rules.data?.validationRules ?? []).filter((r) => !r.id || !embedded.has(r.id));
  }, [form.data, rules.data]);

  useEffect(() => {
    if (!form.data || !focusId) return;
    document.getElementById(`question-${focusId}-label`)?.scrollIntoView({ block: 'center' });
  }, [form.data, focusId]);

  const listUrl = `/study/${studyId}/questionnaireTemplate`;
  const title = form.data ? pickText(form.data.title, language) : t('RENDERER.PREVIEW.TITLE');
  const isEditLocked = study.data?.status === 'COMPLETED' || form.data?.locks.isReadOnly === true;
  const languageOptions = languages.map((code) => ({
    value: code,
    label: STUDY_LANGUAGES.find((l) => l.code === code)?.nativeName ?? code,
  }));

  const editButton = (
    <Button
      component={Link}
      to={`${listUrl}/${id}/edit/`}
      disabled={isEditLocked}
      onClick={(event: React.MouseEvent) => isEditLocked && event.preventDefault()}
    >
      {t('RENDERER.PREVIEW.EDIT')}
    </Button>
  );
  return (
    <Stack gap="md" maw={FORM_CONTENT_MAX_WIDTH} mx="auto" w="100%">
      <PageHeader
        crumbs={[
          { label: t('STUDY.TITLE'), to: '/study' },
          ...(study.data
            ? [{ label: truncateStudyName(study.data.studyName), to: `/study/${studyId}` }]
            : []),
          { label: t('RENDERER.PREVIEW.FORMS'), to: listUrl },
          { label: `${t('RENDERER.PREVIEW.TITLE')}: ${title}` },
        ]}
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => void navigate(listUrl)}>
              {t('RENDERER.PREVIEW.LEAVE')}
            </Button>
            {isEditLocked ? (
              <Tooltip label={t('RENDERER.PREVIEW.EDIT_LOCKED')}>{editButton}</Tooltip>
            ) : (
              editButton
            )}
          </Group>
        }
      />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="xs">
          {isOldVersion && form.data && (
            <Badge variant="light" color="gray">
              {t('RENDERER.PREVIEW.OLD_VERSION', {
                version: `${form.data.version.major}.${form.data.version.minor}`,
              })}
            </Badge>
          )}
          <Button variant="subtle" size="xs" disabled={answers.length === 0} onClick={() => setAnswers([])}>
            {t('RENDERER.PREVIEW.RESET')}
          </Button>
        </Group>
        {languageOptions.length > 1 && (
          <Select
            label={t('RENDERER.PREVIEW.LANGUAGE')}
            data={languageOptions}
            value={language}
            onChange={(value) => value && setChosenLanguage(value)}
            allowDeselect={false}
            w={200}
          />
        )}
      </Group>
      <Alert variant="light" color="blue" p="xs">
        {t('RENDERER.PREVIEW.NOTICE')}
      </Alert>
      {form.isError && <Alert color="red">{t('RENDERER.PREVIEW.LOAD_ERROR')}</Alert>}
      {(form.isPending || study.isPending) && !form.isError && (
        <Loader aria-label={t('COMMON.LOADING')} mx="auto" />
      )}
      {form.data && study.data && (
        <div lang={language} dir={isRightToLeft(language) ? 'rtl' : 'ltr'}>
          <FormRenderer
            form={form.data}
            answers={answers}
            onChange={setAnswers}
            mode="preview"
            language={language}
            study={study.data}
            dateFormat={study.data.dateFormat}
            dateTimeFormat={study.data.dateTimeFormat}
            rules={extraRules}
          />
        </div>
      )}
    </Stack>
  );
}
