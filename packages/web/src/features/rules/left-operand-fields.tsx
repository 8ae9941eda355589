import { Select, SimpleGrid } from '@mantine/core';
import {
  type FieldIssue,
  type FormTemplate,
  listRuleOperators,
  type Process,
  type ProcessSummary,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { listDataEventOptions, listFormOptions } from './process-options';
import { errorAt, questionLabel } from './rule-text';
import { EMPTY_DRAFT, type RuleDraft } from './validation-draft';

/** The "no process" choice: a same-form rule (an option rather than a clear button, for keyboards). */
const NO_PROCESS = '__none__';

type LeftOperandProps = {
  draft: RuleDraft;
  forms: readonly FormTemplate[];
  /** null when the caller may not list processes (the editor keeps to same-form rules). */
  processes: readonly ProcessSummary[] | null;
  process: Process | undefined;
  issues: readonly FieldIssue[];
  isReadOnly: boolean;
  isEditing: boolean;
  onChange: (patch: Partial<RuleDraft>) => void;
  onQuestion: (questionId: string | null) => void;
};

/**
 * The rule's own side (spec 001 §3 operant): process, data event, form and question. Without a
 * process the rule stays within one form; with one, the form picker offers the event's forms only.
 */
export function LeftOperandFields(props: LeftOperandProps) {
  const { t, i18n } = useTranslation();
  const { draft, forms, processes, process, issues, isReadOnly, isEditing, onChange, onQuestion } = props;
  const lang = i18n.language;
  const form = forms.find((f) => f.id === draft.formId);
  const hasProcess = Boolean(draft.processId);
  const events = listDataEventOptions(process, lang, t);
  const processOptions = (processes ?? []).map((p) => ({ value: p.id, label: p.pathwayName || p.id }));
  if (draft.processId && !processOptions.some((o) => o.value === draft.processId)) {
    processOptions.push({ value: draft.processId, label: process?.pathwayName || draft.processId });
  }
  const keep = { messages: draft.messages, comment: draft.comment, actionType: draft.actionType };

  return (
    <>
      {((processes?.length ?? 0) > 0 || hasProcess) && (
        <Select
          label={t('RULES.FIELDS.PROCESS')}
          description={t('RULES.FIELDS.PROCESS_HINT')}
          data={[{ value: NO_PROCESS, label: t('RULES.FIELDS.NO_PROCESS') }, ...processOptions]}
          value={draft.processId ?? NO_PROCESS}
          onChange={(v) =>
            onChange({ processId: v === NO_PROCESS ? null : v, dataEventId: null, rightDataEventId: null })
          }
          error={
            errorAt(issues, 'process', t) ??
            errorAt(issues, 'leftOperant.pathway', t) ??
            errorAt(issues, 'rightOperant.pathway', t)
          }
          readOnly={isReadOnly}
          disabled={isEditing}
          allowDeselect={false}
          searchable
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: hasProcess ? 3 : 2 }}>
        {hasProcess && (
          <Select
            label={t('RULES.FIELDS.DATA_EVENT')}
            data={events}
            value={draft.dataEventId}
            onChange={(v) => onChange({ dataEventId: v })}
            error={errorAt(issues, 'leftOperant.dataEvent', t)}
            readOnly={isReadOnly}
            disabled={!process}
            searchable
            required
          />
        )}
        <Select
          label={t('RULES.FIELDS.FORM')}
          data={listFormOptions(forms, process, draft.dataEventId, draft.formId, lang, t)}
          value={draft.formId}
          onChange={(v) =>
            onChange({
              ...EMPTY_DRAFT,
              ...keep,
              processId: draft.processId,
              dataEventId: draft.dataEventId,
              formId: v,
            })
          }
          error={errorAt(issues, 'leftOperant.form', t)}
          readOnly={isReadOnly}
          disabled={isEditing || (hasProcess && !draft.dataEventId)}
          searchable
          required
        />
        <Select
          label={t('RULES.FIELDS.QUESTION')}
          data={(form?.questions ?? [])
            .filter((q) => listRuleOperators(q.type).length > 0)
            .map((q) => ({ value: q.id, label: questionLabel(q, lang) }))}
          value={draft.questionId}
          onChange={onQuestion}
          error={errorAt(issues, 'leftOperant.question', t)}
          readOnly={isReadOnly}
          disabled={!form}
          searchable
          required
        />
      </SimpleGrid>
    </>
  );
}
