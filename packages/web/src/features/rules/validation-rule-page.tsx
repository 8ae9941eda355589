import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type FieldIssue,
  listRightOperantTypes,
  listRuleOperators,
  type OperantType,
  RULE_ACTION_TYPES,
  type RuleActionType,
  type RuleOperator,
  VALIDATION_RULE_COMMENT_MAX,
} from '@trialbase/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStudyAbilities } from '../../app/abilities';
import { showSuccessToast } from '../../app/notify';
import { PageHeader } from '../../components/page-header';
import {
  useDeleteValidationRule,
  useRuleForms,
  useRuleProcess,
  useRuleProcesses,
  useSaveValidationRule,
  useStudyBasics,
  useValidationRule,
} from './api';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ruleCrumbs } from './crumbs';
import { LeftOperandFields } from './left-operand-fields';
import { OperandFields } from './operand-fields';
import { errorAt, generalError, issueText, questionLabel, serverIssues } from './rule-text';
import {
  draftIssues,
  EMPTY_DRAFT,
  fromRuleView,
  isConflict,
  type RuleDraft,
  ruleConditions,
  toRuleBody,
} from './validation-draft';
import { ValidityLine } from './validity-line';

type Mode = 'create' | 'edit' | 'view';
const modeOf = (value: string | undefined): Mode => (value === 'edit' || value === 'view' ? value : 'create');

/** /study/:studyId/validationRule[/:validationRuleId]/:mode: create, edit or view a validation rule (spec 001 §2, §5). */
export function ValidationRulePage() {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const studyId = params.studyId ?? '';
  const ruleId = params.validationRuleId;
  const abilities = useStudyAbilities(studyId);
  const canEdit = abilities.can('QUESTIONNAIRE_TEMPLATE_UPDATE');
  const mode = modeOf(params.mode);
  const isReadOnly = mode === 'view' || !canEdit;
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const study = useStudyBasics(studyId);
  const forms = useRuleForms(studyId);
  const stored = useValidationRule(studyId, ruleId);
  const save = useSaveValidationRule(studyId, ruleId);
  const remove = useDeleteValidationRule(studyId);
  const [draft, setDraft] = useState<RuleDraft>(() => ({
    ...EMPTY_DRAFT,
    processId: search.get('processId') || null,
  }));
  const processes = useRuleProcesses(studyId, abilities.can('PATHWAY_LIST'));
  const process = useRuleProcess(studyId, draft.processId);
  const [isTouched, setIsTouched] = useState(false);
  const [serverProblems, setServerProblems] = useState<FieldIssue[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const processList = processes.isSuccess ? processes.data : null;
  const formList = forms.data?.forms ?? [];
  const lang = i18n.language;
  const listProcessId = search.get('processId') ?? draft.processId;

  useEffect(() => {
    if (stored.data) setDraft(fromRuleView(stored.data));
  }, [stored.data]);

  const body = useMemo(() => toRuleBody(draft, formList), [draft, formList]);
  const issues = useMemo(() => draftIssues(body, formList, process.data), [body, formList, process.data]);
  const conditions = useMemo(
    () => ruleConditions(issues, Boolean(draft.processId)),
    [issues, draft.processId],
  );
  const shown = [...(isTouched ? issues : issues.filter(isConflict)), ...serverProblems];
  const form = formList.find((f) => f.id === draft.formId);
  const left = form?.questions.find((q) => q.id === draft.questionId);
  const listTo = `/study/${studyId}/referenceRules?tab=validation${listProcessId ? `&processId=${encodeURIComponent(listProcessId)}` : ''}`;
  const change = (patch: Partial<RuleDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerProblems([]);
  };

  const handleQuestion = (questionId: string | null) => {
    const q = form?.questions.find((x) => x.id === questionId);
    const rightTypes = q ? listRightOperantTypes(q.type) : [];
    change({
      questionId,
      operator: null,
      rightType: rightTypes.length === 1 ? (rightTypes[0] ?? null) : null,
      value: '',
      possibilities: [],
      offsets: [],
      rightDataEventId: null,
      rightFormId: null,
      rightQuestionId: null,
    });
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

  const title = t(
    `RULES.VALIDATION_TITLE.${mode === 'create' ? 'CREATE' : mode === 'edit' ? 'EDIT' : 'VIEW'}`,
  );
  if (forms.isPending || (ruleId && stored.isPending)) return <Loader aria-label={t('COMMON.LOADING')} />;
  if (ruleId && stored.isError) return <Alert color="red">{generalError(stored.error, t)}</Alert>;

  return (
    <>
      <PageHeader
        crumbs={ruleCrumbs(t, { studyId, studyName: study.name, page: title })}
        actions={
          mode === 'view' && canEdit && ruleId ? (
            <Button component={Link} to={`/study/${studyId}/validationRule/${ruleId}/edit`}>
              {t('RULES.BUTTONS.EDIT')}
            </Button>
          ) : undefined
        }
      />
      <Card withBorder radius="md" padding="lg" maw={900}>
        <Stack gap="md">
          <LeftOperandFields
            draft={draft}
            forms={formList}
            processes={processList}
            process={process.data}
            issues={shown}
            isReadOnly={isReadOnly}
            isEditing={mode === 'edit'}
            onChange={change}
            onQuestion={handleQuestion}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('RULES.FIELDS.OPERATOR')}
              data={(left ? listRuleOperators(left.type) : []).map((op) => ({
                value: op,
                label: t(`RULES.OPERATORS.${op}`),
              }))}
              value={draft.operator}
              onChange={(v) => change({ operator: v as RuleOperator | null })}
              error={errorAt(shown, 'operator', t)}
              readOnly={isReadOnly}
              disabled={!left}
              required
            />
            <Select
              label={t('RULES.FIELDS.RIGHT_TYPE')}
              data={(left ? listRightOperantTypes(left.type) : []).map((type) => ({
                value: type,
                label: t(`RULES.OPERANT_TYPES.${type}`),
              }))}
              value={draft.rightType}
              onChange={(v) =>
                change({
                  rightType: v as OperantType | null,
                  rightDataEventId: v === 'QUESTION_REF' ? draft.dataEventId : null,
                  rightFormId: null,
                  rightQuestionId: null,
                })
              }
              error={errorAt(shown, 'rightOperant.type', t)}
              readOnly={isReadOnly}
              disabled={!left}
              required
            />
          </SimpleGrid>
          {left && (
            <OperandFields
              draft={draft}
              left={left}
              forms={formList}
              process={draft.processId ? process.data : undefined}
              issues={shown}
              isReadOnly={isReadOnly}
              onChange={change}
            />
          )}
          <Select
            label={t('RULES.FIELDS.ACTION')}
            data={RULE_ACTION_TYPES.map((a) => ({ value: a, label: t(`RULES.ACTIONS.${a}`) }))}
            value={draft.actionType}
            onChange={(v) => change({ actionType: v as RuleActionType | null })}
            error={errorAt(shown, 'action.type', t)}
            readOnly={isReadOnly}
            maw={320}
            required
          />
          <Stack gap="xs">
            {study.languages.map((language, i) => (
              <TextInput
                key={language}
                label={t('RULES.FIELDS.MESSAGE', { language })}
                description={i === 0 ? t('RULES.FIELDS.MESSAGE_HINT') : undefined}
                value={draft.messages[language] ?? ''}
                onChange={(e) =>
                  change({ messages: { ...draft.messages, [language]: e.currentTarget.value } })
                }
                error={
                  errorAt(shown, `action.message.${language}`, t) ??
                  (i === 0 ? errorAt(shown, 'action.message', t) : undefined)
                }
                readOnly={isReadOnly}
                required={i === 0}
              />
            ))}
          </Stack>
          <Textarea
            label={t('RULES.FIELDS.COMMENT')}
            value={draft.comment}
            onChange={(e) => change({ comment: e.currentTarget.value })}
            error={errorAt(shown, 'comment', t)}
            readOnly={isReadOnly}
            autosize
            minRows={2}
            maxLength={VALIDATION_RULE_COMMENT_MAX + 1}
          />
          {stored.data && stored.data.issues.length > 0 && mode === 'view' && (
            <Alert color="orange">{stored.data.issues.map((i) => issueText(i, t)).join(' ')}</Alert>
          )}
          {!isReadOnly && (
            <ValidityLine
              count={issues.length}
              conditions={conditions}
              hasProcess={Boolean(draft.processId)}
            />
          )}
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
          {isTouched && issues.length > 0 && (
            <Text size="sm" c="red" role="status">
              {t('RULES.ERRORS.INVALID')}
            </Text>
          )}
        </Stack>
      </Card>
      {isDeleting && ruleId && (
        <ConfirmDeleteModal
          name={left ? questionLabel(left, lang) : t('RULES.UNKNOWN_QUESTION')}
          onConfirm={() => remove.mutateAsync(ruleId)}
          onClose={() => setIsDeleting(false)}
          onDeleted={() => void navigate(listTo)}
        />
      )}
    </>
  );
}
