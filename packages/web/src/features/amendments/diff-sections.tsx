import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { FormChange, ProcessChange, RuleChange } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { ChangeBadge, isolate, PropertyRow, SettingsLine, useLocalized } from './diff-parts';

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

/** Issue 23 item 2: each changed form, then its questions with what changed, before and after. */
export function FormsSection({ forms }: { forms: FormChange[] }) {
  const { t } = useTranslation(['amendments']);
  const localized = useLocalized();
  if (forms.length === 0) return null;
  return (
    <Section title={t('AMENDMENTS.IMPACT.FORMS_TITLE')} testId="impact-forms">
      {forms.map((form, i) => (
        <Stack key={form.formId} gap="xs" data-testid="impact-form" data-form-id={form.formId}>
          {i > 0 ? <Divider /> : null}
          <Group gap="sm">
            <Text fw={700}>
              <bdi>{localized(form.title)}</bdi>
            </Text>
            <ChangeBadge change={form.change} />
          </Group>
          <SettingsLine fields={form.settings} label="SETTINGS" />
          {form.questions.map((q) => (
            <Stack
              key={`${q.questionId}-${q.change}`}
              gap={4}
              data-testid="impact-question"
              data-question-id={q.questionId}
            >
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t('AMENDMENTS.IMPACT.QUESTION', { order: q.order })} <bdi>{localized(q.text)}</bdi>
                </Text>
                <ChangeBadge change={q.change} />
              </Group>
              {q.properties.map((p) => (
                <PropertyRow key={`${p.property}-${p.language ?? ''}`} change={p} kind="QUESTION" />
              ))}
              <SettingsLine fields={q.otherSettings} label="OTHER" />
            </Stack>
          ))}
        </Stack>
      ))}
    </Section>
  );
}

/** Issue 23 item 2: validation and show rules added, removed or changed, by their form and question. */
export function RulesSection({ rules }: { rules: RuleChange[] }) {
  const { t } = useTranslation(['amendments']);
  const localized = useLocalized();
  if (rules.length === 0) return null;
  return (
    <Section title={t('AMENDMENTS.IMPACT.RULES_TITLE')} testId="impact-rules">
      {rules.map((rule) => (
        <Stack key={`${rule.kind}-${rule.ruleId}`} gap={2} data-testid="impact-rule">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {t(`AMENDMENTS.IMPACT.RULE_KIND.${rule.kind}`)}
            </Text>
            <ChangeBadge change={rule.change} />
          </Group>
          <Text size="sm" ps="md">
            {t('AMENDMENTS.IMPACT.RULE_ON', {
              form: isolate(localized(rule.formTitle) || rule.formId || ''),
              question: isolate(localized(rule.questionText) || rule.questionId || ''),
            })}
          </Text>
          <SettingsLine fields={rule.properties} label="OTHER" />
        </Stack>
      ))}
    </Section>
  );
}

/** Issue 23 item 2: processes added, removed or changed, and their events with what changed. */
export function ProcessesSection({ processes }: { processes: ProcessChange[] }) {
  const { t } = useTranslation(['amendments']);
  const localized = useLocalized();
  if (processes.length === 0) return null;
  return (
    <Section title={t('AMENDMENTS.IMPACT.PROCESSES_TITLE')} testId="impact-processes">
      {processes.map((process, i) => (
        <Stack key={process.processId} gap="xs" data-testid="impact-process">
          {i > 0 ? <Divider /> : null}
          <Group gap="sm">
            <Text fw={700}>
              <bdi>{process.name}</bdi>
            </Text>
            <ChangeBadge change={process.change} />
          </Group>
          <SettingsLine fields={process.settings} label="SETTINGS" />
          {process.events.map((e) => (
            <Stack key={`${e.dataEventId}-${e.change}`} gap={4} data-testid="impact-event">
              <Group gap="sm" wrap="wrap">
                <Text size="sm" fw={600}>
                  <bdi>{localized(e.name) || e.dataEventId}</bdi>
                </Text>
                <ChangeBadge change={e.change} />
              </Group>
              {e.properties.map((p) => (
                <PropertyRow key={p.property} change={p} kind="EVENT" />
              ))}
              <SettingsLine fields={e.otherSettings} label="OTHER" />
            </Stack>
          ))}
        </Stack>
      ))}
    </Section>
  );
}
