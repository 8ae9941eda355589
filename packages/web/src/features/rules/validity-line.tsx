import { Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Live validity of the rule being edited, from the domain check (spec 001 §2: add disabled while invalid). */
export function ValidityLine({ count }: { count: number }) {
  const { t } = useTranslation();
  const isValid = count === 0;
  return (
    <Group gap={6} data-testid="rule-validity">
      {isValid ? (
        <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" />
      ) : (
        <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" />
      )}
      <Text size="sm" c={isValid ? 'teal' : 'orange'}>
        {isValid ? t('RULES.VALIDITY.VALID') : t('RULES.VALIDITY.INVALID', { count })}
      </Text>
    </Group>
  );
}
