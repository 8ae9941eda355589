import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type FieldIssue,
  type FormTemplate,
  isRuleQuestionTypeCompatible,
  MAX_OFFSET_ELEMENTS,
  OFFSET_MATH_OPERATORS,
  type OffsetTimeUnit,
  offsetUnitsFor,
  type Process,
  type Question,
  RULE_REFERENCE_DATES,
  type RuleReferenceDate,
  ruleValueKind,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { listDataEventOptions, listFormOptions } from './process-options';
import { errorAt, pickText, questionLabel } from './rule-text';
import type { OffsetDraft, RuleDraft } from './validation-draft';

type OperandProps = {
  draft: RuleDraft;
  left: Question;
  forms: readonly FormTemplate[];
  /** The rule's process: a question in another form then sits in a chosen data event (spec 001 §5). */
  process?: Process;
  issues: readonly FieldIssue[];
  isReadOnly: boolean;
  onChange: (patch: Partial<RuleDraft>) => void;
};

function OffsetRows({ draft, left, issues, isReadOnly, onChange }: Omit<OperandProps, 'forms' | 'process'>) {
  const { t } = useTranslation();
  const units = offsetUnitsFor(ruleValueKind(left.type)).filter((u): u is OffsetTimeUnit => u != null);
  if (units.length === 0) return null;
  const setAt = (i: number, patch: Partial<OffsetDraft>) =>
    onChange({ offsets: draft.offsets.map((o, j) => (j === i ? { ...o, ...patch } : o)) });
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('RULES.FIELDS.OFFSETS')}
      </Text>
      {draft.offsets.map((offset, i) => {
        const at = `rightOperant.offsetElements.${i}`;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: offsets have no identity of their own
          <Group key={i} gap="xs" align="flex-start" wrap="wrap">
            <Select
              w={110}
              label={t('RULES.FIELDS.OFFSET_OPERATOR')}
              data={OFFSET_MATH_OPERATORS.map((op) => ({ value: op, label: op }))}
              value={offset.mathOperator}
              onChange={(v) => setAt(i, { mathOperator: v as OffsetDraft['mathOperator'] })}
              error={errorAt(issues, `${at}.mathOperator`, t)}
              readOnly={isReadOnly}
            />
            <NumberInput
              w={140}
              label={t('RULES.FIELDS.OFFSET_NUMBER')}
              min={0}
              max={999999999}
              allowDecimal={false}
              allowNegative={false}
              value={offset.offsetNumber ?? ''}
              onChange={(v) => setAt(i, { offsetNumber: typeof v === 'number' ? v : null })}
              error={errorAt(issues, `${at}.offsetNumber`, t)}
              readOnly={isReadOnly}
            />
            <Select
              w={140}
              label={t('RULES.FIELDS.OFFSET_UNIT')}
              data={units.map((u) => ({ value: u, label: t(`RULES.UNITS.${u}`) }))}
              value={offset.timeUnit}
              onChange={(v) => setAt(i, { timeUnit: v as OffsetTimeUnit | null })}
              error={errorAt(issues, `${at}.timeUnit`, t)}
              readOnly={isReadOnly}
            />
            {!isReadOnly && (
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t('RULES.BUTTONS.REMOVE_OFFSET', { n: i + 1 })}
                onClick={() => onChange({ offsets: draft.offsets.filter((_, j) => j !== i) })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {errorAt(issues, 'rightOperant.offsetElements', t) && draft.offsets.length > MAX_OFFSET_ELEMENTS && (
        <Text c="red" size="sm">
          {errorAt(issues, 'rightOperant.offsetElements', t)}
        </Text>
      )}
      {!isReadOnly && (
        <Button
          variant="light"
          size="xs"
          w="fit-content"
          leftSection={<IconPlus size={16} />}
          disabled={draft.offsets.length >= MAX_OFFSET_ELEMENTS}
          onClick={() =>
            onChange({
              offsets: [
                ...draft.offsets,
                { mathOperator: '+', offsetNumber: null, timeUnit: units[0] ?? null },
              ],
            })
          }
        >
          {t('RULES.BUTTONS.ADD_OFFSET')}
        </Button>
      )}
    </Stack>
  );
}

/** The right operand: value, answers, reference date or another question, plus offsets (spec 001 §3, §5). */
export function OperandFields(props: OperandProps) {
  const { t, i18n } = useTranslation();
  const { draft, left, forms, process, issues, isReadOnly, onChange } = props;
  const lang = i18n.language;
  const isOtherForm = draft.rightType === 'QUESTION_REF';
  const rightForm = forms.find((f) => f.id === (isOtherForm ? draft.rightFormId : draft.formId));
  const rightEvent = isOtherForm ? draft.rightDataEventId : draft.dataEventId;
  // The same question can be compared with itself in another data event (a later visit).
  const isSelf = (id: string) =>
    id === left.id && rightForm?.id === draft.formId && rightEvent === draft.dataEventId;
  const candidates = (rightForm?.questions ?? []).filter(
    (q) => !isSelf(q.id) && isRuleQuestionTypeCompatible(left.type, q.type),
  );
  const isDated =
    draft.rightType === 'DATE_REF' || draft.rightType === 'QUESTION' || draft.rightType === 'QUESTION_REF';
  return (
    <Stack gap="sm">
      {draft.rightType === 'CONST_VAL' && (
        <TextInput
          label={t(left.type === 'TIME_DURATION' ? 'RULES.FIELDS.DURATION' : 'RULES.FIELDS.VALUE')}
          value={draft.value}
          onChange={(e) => onChange({ value: e.currentTarget.value })}
          error={errorAt(issues, 'rightOperant.value', t) ?? errorAt(issues, 'rightOperant.duration', t)}
          readOnly={isReadOnly}
          required
        />
      )}
      {draft.rightType === 'CONST_POS' && (
        <MultiSelect
          label={t('RULES.FIELDS.POSSIBILITIES')}
          data={left.possibilities.map((p, i) => ({
            value: String(i + 1),
            label: pickText(p.possibility, lang) || `#${i + 1}`,
          }))}
          value={draft.possibilities}
          onChange={(v) => onChange({ possibilities: v })}
          error={errorAt(issues, 'rightOperant.possibilities', t)}
          readOnly={isReadOnly}
          required
        />
      )}
      {draft.rightType === 'DATE_REF' && (
        <Select
          label={t('RULES.FIELDS.REFERENCE_DATE')}
          data={RULE_REFERENCE_DATES.map((d) => ({ value: d, label: t(`RULES.REFERENCE_DATES.${d}`) }))}
          value={draft.referenceDate}
          onChange={(v) => onChange({ referenceDate: v as RuleReferenceDate | null })}
          error={errorAt(issues, 'rightOperant.referenceDate', t)}
          readOnly={isReadOnly}
          required
        />
      )}
      {(draft.rightType === 'QUESTION' || isOtherForm) && (
        <SimpleGrid cols={{ base: 1, sm: isOtherForm && process ? 3 : 2 }}>
          {isOtherForm && process && (
            <Select
              label={t('RULES.FIELDS.RIGHT_DATA_EVENT')}
              data={listDataEventOptions(process, lang, t)}
              value={draft.rightDataEventId}
              onChange={(v) => onChange({ rightDataEventId: v })}
              error={errorAt(issues, 'rightOperant.dataEvent', t)}
              readOnly={isReadOnly}
              searchable
              required
            />
          )}
          {isOtherForm && (
            <Select
              label={t('RULES.FIELDS.RIGHT_FORM')}
              data={listFormOptions(forms, process, draft.rightDataEventId, draft.rightFormId, lang, t)}
              value={draft.rightFormId}
              onChange={(v) => onChange({ rightFormId: v, rightQuestionId: null })}
              error={errorAt(issues, 'rightOperant.form', t)}
              readOnly={isReadOnly}
              disabled={Boolean(process) && !draft.rightDataEventId}
              searchable
              required
            />
          )}
          <Select
            label={t('RULES.FIELDS.RIGHT_QUESTION')}
            data={candidates.map((q) => ({ value: q.id, label: questionLabel(q, lang) }))}
            value={draft.rightQuestionId}
            onChange={(v) => onChange({ rightQuestionId: v })}
            error={errorAt(issues, 'rightOperant.question', t)}
            readOnly={isReadOnly}
            required
          />
        </SimpleGrid>
      )}
      {isDated && (
        <OffsetRows draft={draft} left={left} issues={issues} isReadOnly={isReadOnly} onChange={onChange} />
      )}
    </Stack>
  );
}
