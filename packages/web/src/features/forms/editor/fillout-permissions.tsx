import { MultiSelect, Select, Stack, Switch } from '@mantine/core';
import { AE_MANDATORY_WHEN, INVOLVEMENT_PERMISSIONS, type Question } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { useBuilderContext } from '../builder/context';
import type { SectionProps } from './question-editor';

/** Spec 001 §3 FILLOUT_PERMISSIONS: who sees and fills the question; AE forms say when it is mandatory. */
export function FilloutPermissions({ question, update }: SectionProps) {
  const { t } = useTranslation(['common', 'ae-reports']);
  const { builder } = useBuilderContext();
  return (
    <Stack gap="sm">
      <Switch
        label={t('FORMS.EDITOR.HIDE_FROM_SUBJECTS')}
        checked={question.hideFromSubjects}
        onChange={(e) => update((q) => ({ ...q, hideFromSubjects: e.currentTarget.checked }))}
      />
      <Switch
        label={t('FORMS.EDITOR.VISIBLE_IN_PUBLIC')}
        checked={question.visibleInPublic}
        onChange={(e) => update((q) => ({ ...q, visibleInPublic: e.currentTarget.checked }))}
      />
      {builder.form.type === 'TYPE_AE' && (
        <Select
          label={t('FORMS.EDITOR.MANDATORY_WHEN')}
          data={AE_MANDATORY_WHEN.map((v) => ({ value: v, label: t(`FORMS.MANDATORY_WHEN.${v}`) }))}
          value={question.mandatoryWhen ?? null}
          onChange={(v) =>
            update((q) => ({ ...q, mandatoryWhen: (v ?? undefined) as Question['mandatoryWhen'] }))
          }
        />
      )}
      {builder.form.type === 'TYPE_AE' && (
        // Spec 001 §3 fill-out permissions of AE forms: who fills the question (issue 20 item 3).
        <MultiSelect
          label={t('AE_REPORTS.FILL_OUT.LABEL')}
          description={t('AE_REPORTS.FILL_OUT.HINT')}
          data={INVOLVEMENT_PERMISSIONS.map((v) => ({
            value: v,
            label: t(`AE_REPORTS.FILL_OUT.INVOLVEMENT.${v}`),
          }))}
          value={question.fillOutPermissions ?? []}
          onChange={(v) =>
            update((q) => ({
              ...q,
              fillOutPermissions:
                v.length > 0 ? (v as NonNullable<Question['fillOutPermissions']>) : undefined,
            }))
          }
          data-testid="question-fill-out-permissions"
        />
      )}
    </Stack>
  );
}
