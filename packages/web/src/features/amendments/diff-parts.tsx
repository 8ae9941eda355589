import { Badge, Group, Stack, Text } from '@mantine/core';
import type {
  AmendmentChangeKind,
  EventPropertyChange,
  LocalizedText,
  QuestionPropertyChange,
} from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

const CHANGE_COLOURS: Record<AmendmentChangeKind, string> = {
  ADDED: 'green',
  REMOVED: 'red',
  CHANGED: 'blue',
};

/** Keeps an author's text (another script, brackets) in its own direction inside a translated sentence. */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A text in the UI language, else the first one there is. */
export function useLocalized() {
  const { i18n } = useTranslation();
  return (text: LocalizedText | undefined | null): string => {
    if (!text) return '';
    const own = (text as Record<string, string | undefined>)[i18n.language];
    return own || Object.values(text).find((v) => !!v) || '';
  };
}

export function ChangeBadge({ change }: { change: AmendmentChangeKind }) {
  const { t } = useTranslation(['amendments']);
  return (
    <Badge color={CHANGE_COLOURS[change]} variant="light" data-change={change}>
      {t(`AMENDMENTS.IMPACT.CHANGE.${change}`)}
    </Badge>
  );
}

type PropertyChange = QuestionPropertyChange | EventPropertyChange;
type Kind = 'QUESTION' | 'EVENT';

/** A value as a person reads it: types and send-outs by their names, required as yes or no. */
function useValueText(kind: Kind) {
  const { t } = useTranslation(['amendments', 'forms', 'processes']);
  return (change: PropertyChange, value: string | null): string => {
    if (value === null || value === '') return t('AMENDMENTS.IMPACT.EMPTY_VALUE');
    if (change.property === 'REQUIRED')
      return t(value === 'true' ? 'AMENDMENTS.IMPACT.YES' : 'AMENDMENTS.IMPACT.NO');
    if (change.property === 'TYPE') {
      return kind === 'QUESTION'
        ? t(`forms:FORMS.QUESTION_TYPES.${value}` as never, { defaultValue: value })
        : t(`processes:PROCESSES.EVENT_TYPES.${value}` as never, { defaultValue: value });
    }
    if (change.property === 'SEND_OUT') {
      return t(`processes:PROCESSES.SEND_AS.${value}` as never, { defaultValue: value });
    }
    return value;
  };
}

/** One changed property: its name, then before and after, each labelled (reads the same either direction). */
export function PropertyRow({ change, kind }: { change: PropertyChange; kind: Kind }) {
  const { t } = useTranslation(['amendments']);
  const valueText = useValueText(kind);
  const label =
    change.property === 'TEXT'
      ? t('AMENDMENTS.IMPACT.PROPERTY.TEXT', { language: change.language ?? '' })
      : t(`AMENDMENTS.IMPACT.PROPERTY.${change.property}`);
  return (
    <Stack gap={2} data-testid="impact-property" data-property={change.property} ps="md">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text size="sm" c="dimmed">
          {t('AMENDMENTS.IMPACT.BEFORE')}:
        </Text>
        <Text size="sm" td="line-through" c="red.8" data-testid="impact-before" dir="auto">
          {valueText(change, change.before)}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap" align="baseline">
        <Text size="sm" c="dimmed">
          {t('AMENDMENTS.IMPACT.AFTER')}:
        </Text>
        <Text size="sm" c="green.9" data-testid="impact-after" dir="auto">
          {valueText(change, change.after)}
        </Text>
      </Group>
    </Stack>
  );
}

/** Settings changed by field name, when there are any. */
export function SettingsLine({ fields, label }: { fields: string[]; label: 'SETTINGS' | 'OTHER' }) {
  const { t } = useTranslation(['amendments']);
  if (fields.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" ps="md">
      {t(`AMENDMENTS.IMPACT.${label}`, { list: fields.join(', ') })}
    </Text>
  );
}
