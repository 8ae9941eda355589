import { Group, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RuleCondition } from './validation-draft';

type ValidityLineProps = {
  count: number;
  /** The spec 001 §5 conditions, each shown as met or not (validation rules). */
  conditions?: readonly RuleCondition[];
  hasProcess?: boolean;
};

/** Live validity of the rule being edited, from the domain check (spec 001 §2: add disabled while invalid). */
export function ValidityLine({ count, conditions = [], hasProcess = false }: ValidityLineProps) {
  const { t } = useTranslation();
  const isValid = count === 0;
  return (
    <Stack gap={4} data-testid="rule-validity">
      <Group gap={6}>
        {isValid ? (
          <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
        ) : (
          <IconAlertTriangle size={18} color="var(--mantine-color-orange-6)" aria-hidden />
        )}
        <Text size="sm" c={isValid ? 'teal' : 'orange'}>
          {isValid ? t('RULES.VALIDITY.VALID') : t('RULES.VALIDITY.INVALID', { count })}
        </Text>
      </Group>
      {conditions.length > 0 && (
        <List size="sm" spacing={2} ps="lg" listStyleType="none" aria-label={t('RULES.VALIDITY.CONDITIONS')}>
          {conditions.map((c) => (
            <List.Item
              key={c.key}
              data-testid={`rule-condition-${c.key}`}
              data-met={c.isMet}
              icon={
                c.isMet ? (
                  <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
                ) : (
                  <IconCircleDashed size={16} color="var(--mantine-color-gray-6)" aria-hidden />
                )
              }
            >
              <Text size="sm" c={c.isMet ? undefined : 'dimmed'}>
                {t(
                  c.key === 'COORDINATES' && !hasProcess
                    ? 'RULES.CONDITIONS.COORDINATES_FORM'
                    : `RULES.CONDITIONS.${c.key}`,
                )}
                <VisuallyHidden>
                  {' '}
                  {c.isMet ? t('RULES.CONDITIONS.MET') : t('RULES.CONDITIONS.NOT_MET')}
                </VisuallyHidden>
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
