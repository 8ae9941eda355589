import { ActionIcon, Button, Card, ColorInput, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useBuilderContext } from './context';
import { ImageUpload } from './image-upload';
import { fieldError } from './issues';
import { LocalizedInput } from './localized-input';

/** Spec 001 §2/§3 image chart: the chart image (required) and its colour labels. */
export function ImageChartCard() {
  const { t } = useTranslation();
  const { builder, study, language } = useBuilderContext();
  const { form, setForm, issues } = builder;
  const labels = form.colorLabels;
  const setLabels = (next: typeof labels) => setForm((f) => ({ ...f, colorLabels: next }));
  return (
    <Card withBorder mt="md" padding="sm" data-testid="image-chart">
      <Text fw={600} mb="xs">
        {t('FORMS.CHART.TITLE')}
      </Text>
      <ImageUpload
        studyId={study.id}
        label={t('FORMS.CHART.UPLOAD')}
        value={form.imageChart}
        onChange={(id) => setForm((f) => ({ ...f, imageChart: id }))}
        error={fieldError(t, issues, ['imageChart'])}
      />
      <Stack gap="xs" mt="sm">
        {labels.map((label, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: colour labels are positional rows
          <Group key={`label-${i}`} align="flex-end" wrap="nowrap">
            <ColorInput
              label={t('FORMS.CHART.COLOR')}
              value={label.color}
              w={140}
              onChange={(color) => setLabels(labels.map((l, j) => (j === i ? { ...l, color } : l)))}
            />
            <LocalizedInput
              label={t('FORMS.CHART.LABEL')}
              value={label.label}
              onChange={(v) => setLabels(labels.map((l, j) => (j === i ? { ...l, label: v } : l)))}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={t('FORMS.ACTIONS.REMOVE')}
              onClick={() => setLabels(labels.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => setLabels([...labels, { color: '#e03131', label: { [language]: '' } }])}
          w="fit-content"
        >
          {t('FORMS.CHART.ADD_LABEL')}
        </Button>
      </Stack>
    </Card>
  );
}
