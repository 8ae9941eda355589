import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { PaidModule } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

/** Spec 000 §6: shown where a feature needs a paid module the study does not have. */
export function UnsupportedCard({ module }: { module: PaidModule }) {
  const { t } = useTranslation(['common', 'studies']);
  const name = t(`STUDY.MODULES.NAMES.${module}`);
  return (
    <Card withBorder padding="sm" radius="md" bg="gray.0" data-unsupported={module}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="gray" aria-hidden>
          <IconLock size={16} />
        </ThemeIcon>
        <div>
          <Text fw={600} size="sm">
            {t('STUDY.UNSUPPORTED.TITLE', { module: name })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('STUDY.UNSUPPORTED.TEXT', { module: name })}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
