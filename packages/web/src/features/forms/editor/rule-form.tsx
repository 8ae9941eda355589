import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  checkEmbeddedRule,
  listRightOperantTypes,
  listRuleOperators,
  type Question,
  RULE_ACTION_TYPES,
  RULE_REFERENCE_DATES,
  type RuleOperant,
  type ValidationRule,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext } from '../builder/context';
import { fieldError } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';

type RuleFormProps = {
  question: Question;
  rule: ValidationRule;
  onChange: (rule: ValidationRule) => void;
  onAdd: (rule: ValidationRule) => void;
  onCancel: () => void;
};

const IN_FORM_RIGHT_TYPES = ['CONST_VAL', 'CONST_POS', 'DATE_REF'];

/** Spec 001 §2: operator, optional date reference, value, action, message and comment; add disabled while invalid. */
export function RuleForm({ question, rule, onChange, onAdd, onCancel }: RuleFormProps) {
  const { t } = useTranslation();
  const { builder, language } = useBuilderContext();
  const rightTypes = listRightOperantTypes(question.type).filter((type) =>
    IN_FORM_RIGHT_TYPES.includes(type),
  );
  const right = rule.rightOperant;
  const rightType = right.type ?? rightTypes[0] ?? null;
  const setRight = (patch: Partial<RuleOperant>) =>
    onChange({ ...rule, rightOperant: { ...right, type: rightType, ...patch } });
  const issues = checkEmbeddedRule(builder.form, { ...rule, rightOperant: { ...right, type: rightType } });
  const err = (path: (string | number)[]) => fieldError(t, issues, path, true);
  const isDuration = question.type === 'TIME_DURATION';

  return (
    <Paper withBorder p="sm" data-testid="rule-form">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('FORMS.RULES.OPERATOR')}
            data={listRuleOperators(question.type).map((op) => ({
              value: op,
              label: t(`FORMS.RULES.OPERATORS.${op}`),
            }))}
            value={rule.operator ?? null}
            onChange={(v) => onChange({ ...rule, operator: v as ValidationRule['operator'] })}
            error={err(['operator'])}
            data-testid="rule-operator"
          />
          {rightTypes.length > 1 && (
            <Select
              label={t('FORMS.RULES.COMPARE_WITH')}
              data={rightTypes.map((type) => ({ value: type, label: t(`FORMS.RULES.OPERANTS.${type}`) }))}
              value={rightType}
              allowDeselect={false}
              onChange={(v) =>
                v && onChange({ ...rule, rightOperant: { ...right, type: v as RuleOperant['type'] } })
              }
            />
          )}
          {rightType === 'CONST_VAL' && (
            <TextInput
              label={t('FORMS.RULES.VALUE')}
              placeholder={isDuration ? 'h-mm' : undefined}
              value={String((isDuration ? right.duration : right.value) ?? '')}
              onChange={(e) =>
                setRight(isDuration ? { duration: e.currentTarget.value } : { value: e.currentTarget.value })
              }
              error={err(['rightOperant', isDuration ? 'duration' : 'value'])}
              data-testid="rule-value"
            />
          )}
          {rightType === 'DATE_REF' && (
            <Select
              label={t('FORMS.RULES.REFERENCE_DATE')}
              data={RULE_REFERENCE_DATES.map((d) => ({ value: d, label: t(`FORMS.RULES.DATES.${d}`) }))}
              value={right.referenceDate ?? null}
              onChange={(v) => setRight({ referenceDate: v as RuleOperant['referenceDate'] })}
              error={err(['rightOperant', 'referenceDate'])}
            />
          )}
          {rightType === 'CONST_POS' && (
            <MultiSelect
              label={t('FORMS.RULES.POSSIBILITIES')}
              data={question.possibilities.map((p, i) => ({
                value: String(i + 1),
                label: `${i + 1}. ${textIn(p.possibility, language)}`,
              }))}
              value={right.possibilities.map(String)}
              onChange={(v) => setRight({ possibilities: v.map(Number) })}
              error={err(['rightOperant', 'possibilities'])}
            />
          )}
          <Select
            label={t('FORMS.RULES.ACTION')}
            data={RULE_ACTION_TYPES.map((a) => ({ value: a, label: t(`FORMS.RULES.ACTIONS.${a}`) }))}
            value={rule.action.type ?? null}
            onChange={(v) =>
              onChange({ ...rule, action: { ...rule.action, type: v as ValidationRule['action']['type'] } })
            }
            error={err(['action', 'type'])}
            data-testid="rule-action"
          />
        </SimpleGrid>
        <LocalizedInput
          label={t('FORMS.RULES.MESSAGE')}
          isRequired
          value={rule.action.message}
          onChange={(message) => onChange({ ...rule, action: { ...rule.action, message } })}
          error={err(['action', 'message'])}
          testId="rule-message"
        />
        <Textarea
          label={t('FORMS.RULES.COMMENT')}
          autosize
          value={rule.comment ?? ''}
          onChange={(e) => onChange({ ...rule, comment: e.currentTarget.value })}
          error={err(['comment'])}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('FORMS.ACTIONS.CANCEL')}
          </Button>
          <Button
            disabled={issues.length > 0}
            onClick={() => onAdd({ ...rule, rightOperant: { ...right, type: rightType } })}
            data-testid="add-validation-rule"
          >
            {t('FORMS.RULES.ADD')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
