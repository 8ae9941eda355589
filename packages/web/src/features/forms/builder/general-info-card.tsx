import {
  Alert,
  Card,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import {
  AE_FORM_TEMPLATES,
  FORM_TYPES,
  type FormTemplate,
  type FormType,
  SPONSOR_INVOLVEMENTS,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn, useBuilderContext, withText } from './context';
import { ImageChartCard } from './image-chart-card';
import { fieldError } from './issues';
import { LocalizedInput } from './localized-input';
import { RichTextInput } from './rich-text-input';

/** Spec 001 §4: the type is locked in production, in amendment when not fully editable, or by stratification. */
export function isFormTypeLocked(form: FormTemplate, status: string): boolean {
  if (status === 'PRODUCTION') return true;
  if (status === 'AMENDMENT' && !form.fullyEditable) return true;
  return form.questions.some((q) => q.usedByStratification);
}

/** Spec 001 §2: the collapsible general-info card of the form builder. */
export function GeneralInfoCard() {
  const { t } = useTranslation();
  const { builder, study, language, locks } = useBuilderContext();
  const { form, setForm, issues } = builder;
  const [isOpen, setOpen] = useState(true);
  const set = <K extends keyof FormTemplate>(key: K, value: FormTemplate[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const isTypeLocked = locks.isTypeLocked || isFormTypeLocked(form, study.status);
  const typeOptions = FORM_TYPES.map((type) => ({
    value: type,
    label: t(`FORMS.FORM_TYPES.${type}`),
    // Spec 001 §4: the AE type cannot be switched on or off while a process uses the form.
    disabled:
      (locks.isAeTypeLocked || form.isUsedInProcess) && (type === 'TYPE_AE') !== (form.type === 'TYPE_AE'),
  }));
  const err = (path: (string | number)[]) => fieldError(t, issues, path, true);

  return (
    <Card withBorder padding="md" radius="md" data-testid="general-info">
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={isOpen} w="100%">
        <Group justify="space-between">
          <Text fw={600}>{t('FORMS.GENERAL.TITLE')}</Text>
          {isOpen ? <IconChevronUp size={18} aria-hidden /> : <IconChevronDown size={18} aria-hidden />}
        </Group>
      </UnstyledButton>
      <Collapse expanded={isOpen}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <LocalizedInput
            label={t('FORMS.GENERAL.NAME')}
            isRequired
            value={form.title}
            onChange={(v) => set('title', v)}
            error={err(['title'])}
            testId="form-title"
          />
          <Select
            label={t('FORMS.GENERAL.TYPE')}
            data={typeOptions}
            value={form.type}
            allowDeselect={false}
            disabled={isTypeLocked}
            description={isTypeLocked ? t('FORMS.GENERAL.TYPE_LOCKED') : undefined}
            onChange={(v) => v && set('type', v as FormType)}
            data-testid="form-type"
          />
        </SimpleGrid>
        <Group mt="md" gap="lg">
          <Switch
            label={t('FORMS.GENERAL.SHOW_INFO')}
            checked={form.showInfoText}
            onChange={(e) => set('showInfoText', e.currentTarget.checked)}
          />
          <Switch
            label={t('FORMS.GENERAL.INCLUSION')}
            checked={form.inclusion}
            onChange={(e) => set('inclusion', e.currentTarget.checked)}
          />
          <Switch
            label={t('FORMS.GENERAL.SCORE')}
            checked={form.score}
            onChange={(e) => set('score', e.currentTarget.checked)}
          />
          {form.score && (
            // Issue 18 item 7: off by default, a score shown to the patient can bias later answers.
            <Switch
              label={t('FORMS.GENERAL.SHOW_SCORE')}
              checked={form.showScoreToParticipant}
              onChange={(e) => set('showScoreToParticipant', e.currentTarget.checked)}
              data-testid="form-show-score"
            />
          )}
          <Switch
            label={t('FORMS.GENERAL.SINGLE_QUESTION')}
            checked={form.singleQuestionFillout}
            onChange={(e) => set('singleQuestionFillout', e.currentTarget.checked)}
          />
        </Group>
        {form.showInfoText && (
          <RichTextInput
            label={t('FORMS.GENERAL.INFO_TEXT')}
            value={textIn(form.infoText, language)}
            onChange={(html) => set('infoText', withText(form.infoText, language, html))}
            error={err(['infoText'])}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <LocalizedInput
            label={t('FORMS.GENERAL.FOOTER')}
            isMultiline
            value={form.customFooter}
            onChange={(v) => set('customFooter', v)}
            error={err(['customFooter'])}
          />
          <TextInput
            label={t('FORMS.GENERAL.EXPORT_LABEL')}
            value={form.exportLabel ?? ''}
            onChange={(e) => set('exportLabel', e.currentTarget.value)}
            error={err(['exportLabel'])}
          />
        </SimpleGrid>
        {!form.labelUnique && <Alert color="yellow" mt="sm" title={t('FORMS.GENERAL.LABEL_NOT_UNIQUE')} />}
        {form.type === 'TYPE_AE' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
            <Select
              label={t('FORMS.GENERAL.AE_TEMPLATE')}
              data={AE_FORM_TEMPLATES.map((v) => ({ value: v, label: t(`FORMS.AE_TEMPLATES.${v}`) }))}
              value={form.aeFormTemplate ?? null}
              onChange={(v) => set('aeFormTemplate', (v ?? undefined) as FormTemplate['aeFormTemplate'])}
            />
            <Select
              label={t('FORMS.GENERAL.SPONSOR')}
              data={SPONSOR_INVOLVEMENTS.map((v) => ({ value: v, label: t(`FORMS.SPONSOR.${v}`) }))}
              value={form.sponsorInvolvement ?? null}
              onChange={(v) =>
                set('sponsorInvolvement', (v ?? undefined) as FormTemplate['sponsorInvolvement'])
              }
            />
          </SimpleGrid>
        )}
        {form.type === 'TYPE_IMAGE_CHART' && <ImageChartCard />}
      </Collapse>
    </Card>
  );
}
