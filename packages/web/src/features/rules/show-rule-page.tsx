import { Alert, Button, Card, Group, Loader, MultiSelect, Select, SimpleGrid, Stack } from '@mantine/core';
import { checkShowRule, type FieldIssue, isChoiceQuestionType, type ShowRuleInput } from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import { useDeleteShowRule, useRuleForms, useSaveShowRule, useShowRule, useStudyBasics } from './api';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ruleCrumbs } from './crumbs';
import { errorAt, generalError, issueText, pickText, questionLabel, serverIssues } from './rule-text';
import { ValidityLine } from './validity-line';

type Mode = 'create' | 'edit' | 'view';
const modeOf = (value: string | undefined): Mode => (value === 'edit' || value === 'view' ? value : 'create');
const WHOLE = '__whole__';
type Draft = {
  formId: string | null;
  target: string | null;
  possibility: string;
  question: string | null;
  possibilities: string[];
};
const EMPTY: Draft = { formId: null, target: null, possibility: WHOLE, question: null, possibilities: [] };

/** /study/:studyId/showRule[/:showRuleId]/:mode: create, edit or view a show rule (spec 001 §2, §5). */
export function ShowRulePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const studyId = params.studyId ?? '';
  const ruleId = params.showRuleId;
  const canEdit = useStudyAbilities(studyId).can('QUESTIONNAIRE_TEMPLATE_UPDATE');
  const mode = modeOf(params.mode);
  const isReadOnly = mode === 'view' || !canEdit;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const study = useStudyBasics(studyId);
  const forms = useRuleForms(studyId);
  const stored = useShowRule(studyId, ruleId);
  const save = useSaveShowRule(studyId, ruleId);
  const remove = useDeleteShowRule(studyId);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [isTouched, setIsTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const processId = search.get('processId') ?? stored.data?.processId ?? undefined;
  const formList = forms.data?.forms ?? [];
  const lang = i18n.language;
  const listTo = `/study/${studyId}/referenceRules?tab=show${processId ? `&processId=${processId}` : ''}`;

  useEffect(() => {
    const rule = stored.data;
    if (!rule) return;
    setDraft({
      formId: rule.formId,
      target: rule.target.question,
      possibility: rule.target.possibility ?? WHOLE,
      question: rule.question,
      possibilities: rule.possibilities,
    });
  }, [stored.data]);

  const body: ShowRuleInput = useMemo(
    () => ({
      processId: processId ?? null,
      dataEventId: stored.data?.dataEventId ?? null,
      formId: draft.formId ?? '',
      target: {
        question: draft.target ?? '',
        ...(draft.possibility === WHOLE ? {} : { possibility: draft.possibility }),
      },
      question: draft.question ?? '',
      possibilities: draft.possibilities,
    }),
    [draft, processId, stored.data?.dataEventId],
  );
  const issues = useMemo(
    () => (draft.formId ? checkShowRule(body, formList) : [{ path: ['formId'], message: 'REQUIRED' }]),
    [body, draft.formId, formList],
  );
  const shown = isTouched ? [...issues, ...serverProblems] : serverProblems;
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
          <Select
            label={t('RULES.FIELDS.FORM')}
            data={formList.map((f) => ({ value: f.id, label: pickText(f.title, lang) || f.id }))}
            value={draft.formId}
            onChange={(v) => change({ ...EMPTY, formId: v })}
            error={errorAt(shown, 'formId', t)}
            readOnly={isReadOnly}
            disabled={mode === 'edit'}
            searchable
            required
          />
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
