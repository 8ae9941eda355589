import { List, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { findQuestionByOrder, listFormulaReferences, parseFormula } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext } from '../builder/context';
import { fieldError } from '../builder/issues';
import type { SectionProps } from './question-editor';

/** Spec 001 §5 CALCULATED: formula with Q{n}/QMAX{n}; names the referenced questions, flags bad ones live. */
export function CalculatedSection({ question, update, issues }: SectionProps) {
  const { t } = useTranslation();
  const { builder, language } = useBuilderContext();
  const parsed = parseFormula(question.calculationFormula ?? '');
  const refs = parsed.ok ? listFormulaReferences(parsed.ast) : [];
  const unique = [...new Map(refs.map((r) => [`${r.ref}${r.order}`, r])).values()];
  return (
    <Stack gap="xs" data-testid="formula-editor">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('FORMS.FORMULA.LABEL')}
          description={t('FORMS.FORMULA.HINT')}
          value={question.calculationFormula ?? ''}
          onChange={(e) => update((q) => ({ ...q, calculationFormula: e.currentTarget.value }))}
          error={fieldError(t, issues, ['calculationFormula'])}
          dir="ltr"
          data-testid="formula-input"
        />
        <NumberInput
          label={t('FORMS.FORMULA.DECIMALS')}
          min={0}
          max={20}
          allowDecimal={false}
          value={question.calculationDecimals}
          onChange={(v) => update((q) => ({ ...q, calculationDecimals: v === '' ? 0 : Number(v) }))}
          error={fieldError(t, issues, ['calculationDecimals'])}
        />
      </SimpleGrid>
      {unique.length > 0 && (
        <List size="sm" data-testid="formula-references">
          {unique.map((ref) => {
            const target = findQuestionByOrder(builder.form, ref.order);
            return (
              <List.Item key={`${ref.ref}${ref.order}`}>
                <Text span size="sm" c={target ? undefined : 'red'}>
                  {ref.ref}
                  {ref.order}:{' '}
                  {target
                    ? textIn(target.question, language).replace(/<[^>]*>/g, '')
                    : t('FORMS.FORMULA.MISSING')}
                </Text>
              </List.Item>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
