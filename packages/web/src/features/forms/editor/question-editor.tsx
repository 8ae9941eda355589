import { Accordion, ActionIcon, Card, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import {
  findShowRulesReferencing,
  isQuestionStructureLocked,
  isQuestionTypeAvailable,
  QUESTION_TYPES,
  type Question,
  type QuestionType,
  requiredModuleForQuestionType,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { UnsupportedCard } from '../../../components/unsupported-card';
import { textIn, useBuilderContext, withText } from '../builder/context';
import { fieldError, issuesUnder } from '../builder/issues';
import { LocalizedInput } from '../builder/localized-input';
import { RichTextInput } from '../builder/rich-text-input';
import { AdvancedOptions } from './advanced-options';
import { CalculatedSection } from './calculated-section';
import { FilloutPermissions } from './fillout-permissions';
import { PossibilitiesSection } from './possibilities-section';
import { RangeSection } from './range-section';
import { sectionsFor } from './sections';
import { QuestionShowRules } from './show-rules-section';
import { SliderSection, SliderSettings } from './slider-section';
import { TableColumns, TableOptions, TableRows } from './table-section';
import { ValidationRulesSection } from './validation-rules-section';

export type SectionProps = {
  question: Question;
  update: (change: (q: Question) => Question) => void;
  issues: ReturnType<typeof issuesUnder>;
  /** Spec 001 §4: no possibilities, table rows or columns added, removed or retyped. */
  isStructureLocked: boolean;
};

/** Spec 001 §3: editor of one question, its sections shown per type. */
export function QuestionEditor({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const { builder, study, language, locks } = useBuilderContext();
  const index = builder.form.questions.findIndex((q) => q.id === questionId);
  const question = builder.form.questions[index];
  if (!question) return null;
  const issues = issuesUnder(builder.issues, ['questions', index]);
  const update = (change: (q: Question) => Question) => builder.updateQuestion(question.id, change);
  // The same rule the server applies on save (spec 001 §4), so nothing offered here fails there.
  const isStructureLocked = locks.isReadOnly || isQuestionStructureLocked(study.status, question);
  const props: SectionProps = { question, update, issues, isStructureLocked };
  const module = requiredModuleForQuestionType(question.type);
  // Authoring follows the study's modules only, as the server's save check does: a form serves
  // every filler (participants hold no permissions), so a caller's own permissions that open a
  // reference question for filling (000 §6) do not make it authorable without its module.
  const isAvailable = isQuestionTypeAvailable({ modules: study.modules }, question.type);
  const isTypeLocked = isStructureLocked || question.usedByStratification || !question.fullyEditable;

  const handleRemove = () => {
    const referencing = findShowRulesReferencing(builder.form, question.id);
    const remove = () => builder.removeQuestion(question.id);
    modals.openConfirmModal({
      title: t('FORMS.EDITOR.REMOVE_TITLE'),
      children: (
        <Text size="sm">
          {referencing.length > 0
            ? t('FORMS.EDITOR.REMOVE_REFERENCED', { count: referencing.length })
            : t('FORMS.EDITOR.REMOVE_TEXT')}
        </Text>
      ),
      labels: { confirm: t('FORMS.ACTIONS.REMOVE'), cancel: t('FORMS.ACTIONS.CANCEL') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as Record<string, string>,
      onConfirm: remove,
    });
  };

  const sections = sectionsFor(question.type);
  const has = (s: (typeof sections)[number]) => sections.includes(s);

  return (
    <Card withBorder padding="md" radius="md" data-testid="question-editor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <Select
            label={t('FORMS.EDITOR.TYPE')}
            data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`FORMS.QUESTION_TYPES.${type}`) }))}
            value={question.type}
            allowDeselect={false}
            disabled={isTypeLocked}
            onChange={(v) => v && update((q) => ({ ...q, type: v as QuestionType }))}
            style={{ flex: 1 }}
          />
          {!isStructureLocked && (
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              aria-label={t('FORMS.EDITOR.REMOVE_TITLE')}
              onClick={handleRemove}
              data-testid="remove-question"
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
        {module && !isAvailable && <UnsupportedCard module={module} />}
        {question.type === 'INFORMATION' ? (
          <RichTextInput
            label={t('FORMS.EDITOR.INFORMATION_TEXT')}
            value={textIn(question.question, language)}
            onChange={(html) => update((q) => ({ ...q, question: withText(q.question, language, html) }))}
            error={fieldError(t, issues, ['question'], true)}
          />
        ) : (
          <LocalizedInput
            label={t('FORMS.EDITOR.QUESTION_TEXT')}
            isRequired
            value={question.question}
            onChange={(v) => update((q) => ({ ...q, question: v }))}
            error={fieldError(t, issues, ['question'], true)}
            testId="question-text"
          />
        )}
        {question.type !== 'INFORMATION' && (
          <Switch
            label={t('FORMS.EDITOR.REQUIRED')}
            checked={question.required}
            onChange={(e) => update((q) => ({ ...q, required: e.currentTarget.checked }))}
          />
        )}
        {question.type === 'CALCULATED' && <CalculatedSection {...props} />}
        <Accordion
          multiple
          variant="separated"
          defaultValue={['POSSIBILITIES', 'VALIDATION', 'TABLE_COL', 'TABLE_ROW', 'SLIDER']}
        >
          {sections.map((section) => (
            <Accordion.Item key={section} value={section} data-section={section}>
              <Accordion.Control>{t(`FORMS.SECTIONS.${section}`)}</Accordion.Control>
              <Accordion.Panel>
                {section === 'ADVANCED_OPTIONS' && <AdvancedOptions {...props} />}
                {section === 'POSSIBILITIES' && <PossibilitiesSection {...props} />}
                {section === 'SHOW_RULES' && <QuestionShowRules {...props} />}
                {section === 'SLIDER' && <SliderSection {...props} />}
                {section === 'SLIDER_SETTINGS' && <SliderSettings {...props} />}
                {section === 'TABLE_COL' && <TableColumns {...props} />}
                {section === 'TABLE_ROW' && <TableRows {...props} />}
                {section === 'TABLE_OPTIONS' && <TableOptions {...props} />}
                {section === 'VALIDATION' && (
                  <Stack gap="sm">
                    <RangeSection {...props} />
                    {has('VALIDATION') && <ValidationRulesSection {...props} />}
                  </Stack>
                )}
                {section === 'FILLOUT_PERMISSIONS' && <FilloutPermissions {...props} />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Card>
  );
}
