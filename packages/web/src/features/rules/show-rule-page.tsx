import { Alert, Button, Card, Group, Loader, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { checkShowRule, type FieldIssue, isChoiceQuestionType, type ShowRuleInput } from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import {
  useDeleteShowRule,
  useRuleForms,
  useRuleProcess,
  useRuleProcesses,
  useSaveShowRule,
  useShowRule,
  useStudyBasics,
} from './api';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ruleCrumbs } from './crumbs';
import { checkShowRuleProcess, listDataEventOptions, listFormOptions } from './process-options';
import { errorAt, generalError, issueText, pickText, questionLabel, serverIssues } from './rule-text';
import { ValidityLine } from './validity-line';

type Mode = 'create' | 'edit' | 'view';
const modeOf = (value: string | undefined): Mode => (value === 'edit' || value === 'view' ? value : 'create');
const WHOLE = '__whole__';
const NO_PROCESS = '__none__';
type Draft = {
  processId: string | null;
  dataEventId: string | null;
  formId: string | null;
  target: string | null;
  possibility: string;
  question: string | null;
  possibilities: string[];
};
const EMPTY: Draft = {
  processId: null,
  dataEventId: null,
  formId: null,
  target: null,
  possibility: WHOLE,
  question: null,
  possibilities: [],
};

/** /study/:studyId/showRule[/:showRuleId]/:mode: create, edit or view a show rule (spec 001 §2, §5). */
export function ShowRulePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const studyId = params.studyId ?? '';
  const ruleId = params.showRuleId;
  const abilities = useStudyAbilities(studyId);
  const canEdit = abilities.can('QUESTIONNAIRE_TEMPLATE_UPDATE');
  const mode = modeOf(params.mode);
  const isReadOnly = mode === 'view' || !canEdit;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const study = useStudyBasics(studyId);
  const forms = useRuleForms(studyId);
  const stored = useShowRule(studyId, ruleId);
  const save = useSaveShowRule(studyId, ruleId);
  const remove = useDeleteShowRule(studyId);
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, processId: search.get('processId') || null }));
  const processes = useRuleProcesses(studyId, abilities.can('PATHWAY_LIST'));
  const process = useRuleProcess(studyId, draft.processId);
  const [isTouched, setIsTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const formList = forms.data?.forms ?? [];
  const lang = i18n.language;
  const listProcessId = search.get('processId') ?? draft.processId;
  const listTo = `/study/${studyId}/referenceRules?tab=show${listProcessId ? `&processId=${encodeURIComponent(listProcessId)}` : ''}`;

  useEffect(() => {
    const rule = stored.data;
    if (!rule) return;
    setDraft({
      processId: rule.processId,
      dataEventId: rule.dataEventId,
      formId: rule.formId,
      target: rule.target.question,
      possibility: rule.target.possibility ?? WHOLE,
      question: rule.question,
      possibilities: rule.possibilities,
    });
  }, [stored.data]);

  const body: ShowRuleInput = useMemo(
    () => ({
      processId: draft.processId,
      dataEventId: draft.processId ? draft.dataEventId : null,
      formId: draft.formId ?? '',
      target: {
        question: draft.target ?? '',
        ...(draft.possibility === WHOLE ? {} : { possibility: draft.possibility }),
      },
      question: draft.question ?? '',
      possibilities: draft.possibilities,
    }),
    [draft],
  );
  const issues = useMemo(
    () => [
      ...checkShowRuleProcess(body, process.data),
      ...(draft.formId ? checkShowRule(body, formList) : [{ path: ['formId'], message: 'REQUIRED' }]),
    ],
    [body, draft.formId, formList, process.data],
  );
  const shown = [
    ...(isTouched ? issues : issues.filter((i) => i.message === 'NOT_IN_DATA_EVENT')),
    ...serverProblems,
  ];
  const processOptions = (processes.data ?? []).map((p) => ({ value: p.id, label: p.pathwayName || p.id }));
  if (draft.processId && !processOptions.some((o) => o.value === draft.processId)) {
    processOptions.push({ value: draft.processId, label: process.data?.pathwayName || draft.processId });
  }
  const form = formList.find((f) => f.id === draft.formId);
  const target = form?.questions.find((q) => q.id === draft.target);
  const source = form?.questions.find((q) => q.id === draft.question);
  const earlier = (form?.questions ?? []).filter(
    (q) => isChoiceQuestionType(q.type) && (!target || q.order < target.order),
  );
  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerProblems([]);
  };

  const handleSave = async () => {
    setIsTouched(true);
    setProblem(null);
    if (issues.length > 0) return;
    try {
      await save.mutateAsync(body);
      showSuccessToast(t('RULES.SAVED'));
      await navigate(listTo);
    } catch (error) {
      const fromServer = serverIssues(error);
      if (fromServer) setServerProblems(fromServer);
      setProblem(generalError(error, t));
    }
  };

  const title = t(`RULES.SHOW_TITLE.${mode === 'create' ? 'CREATE' : mode === 'edit' ? 'EDIT' : 'VIEW'}`);
  if (forms.isPending || (ruleId && stored.isPending)) return <Loader aria-label={t('COMMON.LOADING')} />;
  if (ruleId && stored.isError) return <Alert color="red">{generalError(stored.error, t)}</Alert>;
  const sourceOptions = (source?.possibilities ?? []).map((p) => ({
    value: p.id,
    label: pickText(p.possibility, lang) || p.id,
  }));

  return (
    <>
      <PageHeader
        crumbs={ruleCrumbs(t, { studyId, studyName: study.name, page: title })}
        actions={
          mode === 'view' && canEdit && ruleId ? (
            <Button component={Link} to={`/study/${studyId}/showRule/${ruleId}/edit`}>
              {t('RULES.BUTTONS.EDIT')}
            </Button>
          ) : undefined
        }
      />
      <Card withBorder radius="md" padding="lg" maw={900}>
        <Stack gap="md">
          {((processes.data?.length ?? 0) > 0 || draft.processId) && (
            <Select
              label={t('RULES.FIELDS.PROCESS')}
              description={t('RULES.FIELDS.PROCESS_HINT')}
              data={[{ value: NO_PROCESS, label: t('RULES.FIELDS.NO_PROCESS') }, ...processOptions]}
              value={draft.processId ?? NO_PROCESS}
              onChange={(v) => change({ processId: v === NO_PROCESS ? null : v, dataEventId: null })}
              error={errorAt(shown, 'processId', t)}
              readOnly={isReadOnly}
              disabled={mode === 'edit'}
              allowDeselect={false}
              searchable
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {draft.processId && (
              <Select
                label={t('RULES.FIELDS.DATA_EVENT')}
                data={listDataEventOptions(process.data, lang, t)}
                value={draft.dataEventId}
                onChange={(v) => change({ dataEventId: v })}
                error={errorAt(shown, 'dataEventId', t)}
                readOnly={isReadOnly}
                disabled={!process.data}
                searchable
                required
              />
            )}
            <Select
              label={t('RULES.FIELDS.FORM')}
              data={listFormOptions(
                formList,
                draft.processId ? process.data : undefined,
                draft.dataEventId,
                draft.formId,
                lang,
                t,
              )}
              value={draft.formId}
              onChange={(v) =>
                change({ ...EMPTY, processId: draft.processId, dataEventId: draft.dataEventId, formId: v })
              }
              error={errorAt(shown, 'formId', t)}
              readOnly={isReadOnly}
              disabled={mode === 'edit' || (Boolean(draft.processId) && !draft.dataEventId)}
              searchable
              required
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('RULES.FIELDS.TARGET_QUESTION')}
              data={(form?.questions ?? [])
                .filter((q) => q.order > 1)
                .map((q) => ({ value: q.id, label: questionLabel(q, lang) }))}
              value={draft.target}
              onChange={(v) => change({ target: v, possibility: WHOLE })}
              error={errorAt(shown, 'target.question', t)}
              readOnly={isReadOnly}
              disabled={!form}
              searchable
              required
            />
            <Select
              label={t('RULES.FIELDS.TARGET_POSSIBILITY')}
              data={[
                { value: WHOLE, label: t('RULES.WHOLE_QUESTION') },
                ...(target?.possibilities ?? []).map((p) => ({
                  value: p.id,
                  label: pickText(p.possibility, lang) || p.id,
                })),
              ]}
              value={draft.possibility}
              onChange={(v) => change({ possibility: v ?? WHOLE })}
              error={errorAt(shown, 'target.possibility', t)}
              readOnly={isReadOnly}
              disabled={!target}
              allowDeselect={false}
            />
            <Select
              label={t('RULES.FIELDS.SOURCE_QUESTION')}
              data={earlier.map((q) => ({ value: q.id, label: questionLabel(q, lang) }))}
              value={draft.question}
              onChange={(v) => change({ question: v, possibilities: [] })}
              error={errorAt(shown, 'question', t)}
              readOnly={isReadOnly}
              disabled={!target}
              searchable
              required
            />
            <Stack gap={4}>
              <MultiSelect
                label={t('RULES.FIELDS.SOURCE_ANSWERS')}
                data={sourceOptions}
                value={draft.possibilities}
                onChange={(v) => change({ possibilities: v })}
                error={errorAt(shown, 'possibilities', t)}
                readOnly={isReadOnly}
                disabled={!source}
                required
              />
              {!isReadOnly && source && (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  w="fit-content"
                  onClick={() => change({ possibilities: sourceOptions.map((o) => o.value) })}
                >
                  {t('RULES.FIELDS.SELECT_ALL')}
                </Button>
              )}
            </Stack>
          </SimpleGrid>
          {stored.data && stored.data.issues.length > 0 && mode === 'view' && (
            <Alert color="orange">{stored.data.issues.map((i) => issueText(i, t)).join(' ')}</Alert>
          )}
          {!isReadOnly && <ValidityLine count={issues.length} />}
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="sm">
              {!isReadOnly && (
                <Button loading={save.isPending} onClick={() => void handleSave()}>
                  {t('RULES.BUTTONS.SAVE')}
                </Button>
              )}
              <Button variant="default" component={Link} to={listTo}>
                {isReadOnly ? t('RULES.BUTTONS.BACK') : t('RULES.BUTTONS.CANCEL')}
              </Button>
            </Group>
            {canEdit && ruleId && (
              <Button color="red" variant="light" onClick={() => setIsDeleting(true)}>
                {t('RULES.BUTTONS.DELETE')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
      {isDeleting && ruleId && (
        <ConfirmDeleteModal
          name={target ? questionLabel(target, lang) : t('RULES.UNKNOWN_QUESTION')}
          onConfirm={() => remove.mutateAsync(ruleId)}
          onClose={() => setIsDeleting(false)}
          onDeleted={() => void navigate(listTo)}
        />
      )}
    </>
  );
}
