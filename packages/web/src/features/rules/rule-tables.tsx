import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { FormTemplate, Process, ShowRuleView, ValidationRuleView } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dataEventName } from './process-options';
import { findQuestion, formLabel, pickText, questionLabel } from './rule-text';

type RowActionsProps = {
  viewTo: string;
  editTo: string;
  name: string;
  canEdit: boolean;
  onDelete: () => void;
};

function RowActions({ viewTo, editTo, name, canEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('RULES.BUTTONS.VIEW')}>
        <ActionIcon
          variant="subtle"
          component={Link}
          to={viewTo}
          aria-label={`${t('RULES.BUTTONS.VIEW')}: ${name}`}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {canEdit && (
        <Tooltip label={t('RULES.BUTTONS.EDIT')}>
          <ActionIcon
            variant="subtle"
            component={Link}
            to={editTo}
            aria-label={`${t('RULES.BUTTONS.EDIT')}: ${name}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canEdit && (
        <Tooltip label={t('RULES.BUTTONS.DELETE')}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`${t('RULES.BUTTONS.DELETE')}: ${name}`}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

function StatusBadge({ isBroken }: { isBroken: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={isBroken ? 'orange' : 'teal'}>
      {t(isBroken ? 'RULES.STATUS_BROKEN' : 'RULES.STATUS_OK')}
    </Badge>
  );
}

/** Below the small breakpoint the status column is hidden; a broken rule still says so. */
function MobileBroken({ isBroken }: { isBroken: boolean }) {
  const { t } = useTranslation();
  if (!isBroken) return null;
  return (
    <Badge hiddenFrom="sm" display="block" mt={4} w="fit-content" variant="light" color="orange">
      {t('RULES.STATUS_BROKEN')}
    </Badge>
  );
}

/** Processes by id; a process that cannot be read (removed, or no permission) is shown by its id. */
export type ProcessLookup = ReadonlyMap<string, Process | undefined>;

/**
 * The process column (spec 001 §2 reference rules): the process name and the data event of the
 * rule, then the other operant's data event when it differs; same-form rules say so.
 */
function ProcessCell({
  processId,
  events,
  processes,
}: {
  processId: string | null;
  events: readonly (string | null | undefined)[];
  processes: ProcessLookup;
}) {
  const { t, i18n } = useTranslation();
  if (!processId) {
    return (
      <Text size="sm" c="dimmed">
        {t('RULES.SAME_FORM')}
      </Text>
    );
  }
  const process = processes.get(processId);
  const names = [...new Set(events.filter((e): e is string => Boolean(e)))].map(
    (id) => dataEventName(process, id, i18n.language, t) ?? id,
  );
  return (
    <div>
      <Text size="sm">{process?.pathwayName || processId}</Text>
      {names.length > 0 && (
        <Text size="xs" c="dimmed">
          {names.join(' → ')}
        </Text>
      )}
    </div>
  );
}

type TableProps<R> = {
  studyId: string;
  rules: readonly R[];
  forms: readonly FormTemplate[];
  processes: ProcessLookup;
  canEdit: boolean;
  onDelete: (rule: R, name: string) => void;
};

/** The validation rules tab: process and data events, form, question, operator and operand, action (spec 001 §2). */
export function ValidationRuleTable({
  studyId,
  rules,
  forms,
  processes,
  canEdit,
  onDelete,
}: TableProps<ValidationRuleView>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover data-testid="validation-rule-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('RULES.COLUMNS.PROCESS')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('RULES.COLUMNS.FORM')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.QUESTION')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.RULE')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.ACTION')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('RULES.COLUMNS.STATUS')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.ACTIONS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => {
            const form = forms.find((f) => f.id === rule.formId);
            const question = findQuestion(forms, rule.formId, rule.questionId);
            const name = question ? questionLabel(question, lang) : t('RULES.UNKNOWN_QUESTION');
            const right = rule.rightOperant;
            const operand =
              right.type === 'CONST_POS'
                ? right.possibilities
                    .map((p) => pickText(question?.possibilities[p - 1]?.possibility, lang) || `#${p}`)
                    .join(', ')
                : right.type === 'DATE_REF'
                  ? t(`RULES.REFERENCE_DATES.${right.referenceDate ?? 'fillout'}`)
                  : right.type === 'QUESTION' || right.type === 'QUESTION_REF'
                    ? (() => {
                        const other = findQuestion(forms, right.form, right.question);
                        const name = other ? questionLabel(other, lang) : t('RULES.UNKNOWN_QUESTION');
                        if (right.type === 'QUESTION') return name;
                        const otherForm = forms.find((f) => f.id === right.form);
                        const event = rule.processId
                          ? dataEventName(processes.get(rule.processId), right.dataEvent, lang, t)
                          : null;
                        return [event, formLabel(otherForm, lang, t('RULES.UNKNOWN_FORM')), name]
                          .filter(Boolean)
                          .join(' › ');
                      })()
                    : String(right.duration ?? right.value ?? '');
            return (
              <Table.Tr key={rule.id}>
                <Table.Td>
                  <ProcessCell
                    processId={rule.processId}
                    events={[rule.leftOperant.dataEvent ?? rule.dataEventId, right.dataEvent]}
                    processes={processes}
                  />
                </Table.Td>
                <Table.Td visibleFrom="sm">{formLabel(form, lang, t('RULES.UNKNOWN_FORM'))}</Table.Td>
                <Table.Td>
                  {name}
                  <MobileBroken isBroken={rule.issues.length > 0} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {rule.operator ? t(`RULES.OPERATORS.${rule.operator}`) : ''} {operand}
                  </Text>
                </Table.Td>
                <Table.Td>{rule.action.type ? t(`RULES.ACTIONS.${rule.action.type}`) : ''}</Table.Td>
                <Table.Td visibleFrom="sm">
                  <StatusBadge isBroken={rule.issues.length > 0} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    viewTo={`/study/${studyId}/validationRule/${rule.id}/view`}
                    editTo={`/study/${studyId}/validationRule/${rule.id}/edit`}
                    name={name}
                    canEdit={canEdit}
                    onDelete={() => onDelete(rule, name)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The show rules tab: form, what is shown, and when (spec 001 §2). */
export function ShowRuleTable({
  studyId,
  rules,
  forms,
  processes,
  canEdit,
  onDelete,
}: TableProps<ShowRuleView>) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped highlightOnHover data-testid="show-rule-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('RULES.COLUMNS.PROCESS')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('RULES.COLUMNS.FORM')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.TARGET')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.CONDITION')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('RULES.COLUMNS.STATUS')}</Table.Th>
            <Table.Th>{t('RULES.COLUMNS.ACTIONS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule) => {
            const form = forms.find((f) => f.id === rule.formId);
            const target = findQuestion(forms, rule.formId, rule.target.question);
            const source = findQuestion(forms, rule.formId, rule.question);
            const targetName = target ? questionLabel(target, lang) : t('RULES.UNKNOWN_QUESTION');
            const part = rule.target.possibility
              ? pickText(
                  target?.possibilities.find((p) => p.id === rule.target.possibility)?.possibility,
                  lang,
                )
              : '';
            const answers = rule.possibilities
              .map((id) => pickText(source?.possibilities.find((p) => p.id === id)?.possibility, lang) || '?')
              .join(', ');
            return (
              <Table.Tr key={rule.id}>
                <Table.Td>
                  <ProcessCell processId={rule.processId} events={[rule.dataEventId]} processes={processes} />
                </Table.Td>
                <Table.Td visibleFrom="sm">{formLabel(form, lang, t('RULES.UNKNOWN_FORM'))}</Table.Td>
                <Table.Td>
                  {part ? `${targetName} › ${part}` : targetName}
                  <MobileBroken isBroken={rule.issues.length > 0} />
                </Table.Td>
                <Table.Td>
                  {t('RULES.SHOW_SUMMARY', {
                    question: source ? questionLabel(source, lang) : t('RULES.UNKNOWN_QUESTION'),
                    answers,
                  })}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <StatusBadge isBroken={rule.issues.length > 0} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    viewTo={`/study/${studyId}/showRule/${rule.id}/view`}
                    editTo={`/study/${studyId}/showRule/${rule.id}/edit`}
                    name={targetName}
                    canEdit={canEdit}
                    onDelete={() => onDelete(rule, targetName)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
