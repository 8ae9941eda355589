import { Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircle,
  IconCircleCheck,
  IconCircleDashed,
  IconMessageQuestion,
  IconRosetteDiscountCheck,
  IconShieldCheck,
} from '@tabler/icons-react';
import { assertNever, FORM_STATUSES, type FormStatus } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

const STATUS_LOOK = {
  STATUS_NOT_STARTED: { color: 'gray', Icon: IconCircle },
  STATUS_INCOMPLETE: { color: 'orange', Icon: IconCircleDashed },
  STATUS_COMPLETED: { color: 'teal', Icon: IconCircleCheck },
  STATUS_MISSING_DATA: { color: 'yellow', Icon: IconAlertTriangle },
  STATUS_QUERY: { color: 'blue', Icon: IconMessageQuestion },
} as const satisfies Record<FormStatus, { color: string; Icon: unknown }>;

export type VerificationLevel = 'primary' | 'secondary';

/** Spec 001 §2 "form status icons": one icon per stored form status, named for screen readers. */
export function FormStatusIcon({ status, size = 18 }: { status: FormStatus; size?: number }) {
  const { t } = useTranslation(['common', 'questionnaires']);
  const { color, Icon } = STATUS_LOOK[status];
  const label = t(`QUESTIONNAIRES.STATUS.${status}`);
  return (
    <Tooltip label={label} withinPortal>
      <ThemeIcon
        variant="transparent"
        color={color}
        size={size + 2}
        role="img"
        aria-label={label}
        data-status={status}
      >
        <Icon size={size} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}

/** Spec 001 §2 "verification icons": primary (shield) and secondary (rosette) verification. */
export function VerificationIcon({ level, size = 18 }: { level: VerificationLevel; size?: number }) {
  const { t } = useTranslation(['common', 'questionnaires']);
  const label = t(
    level === 'primary' ? 'QUESTIONNAIRES.STATUS.VERIFIED' : 'QUESTIONNAIRES.STATUS.SECONDARY_VERIFIED',
  );
  const Icon = verificationIconOf(level);
  return (
    <Tooltip label={label} withinPortal>
      <ThemeIcon
        variant="transparent"
        color={level === 'primary' ? 'green' : 'violet'}
        size={size + 2}
        role="img"
        aria-label={label}
        data-verification={level}
      >
        <Icon size={size} aria-hidden />
      </ThemeIcon>
    </Tooltip>
  );
}

function verificationIconOf(level: VerificationLevel) {
  switch (level) {
    case 'primary':
      return IconShieldCheck;
    case 'secondary':
      return IconRosetteDiscountCheck;
    default:
      return assertNever(level);
  }
}

/** Spec 001 §2 legend: what each status and verification icon means. */
export function StatusLegend({ levels }: { levels: readonly VerificationLevel[] }) {
  const { t } = useTranslation(['common', 'questionnaires']);
  return (
    <Paper withBorder p="xs" radius="md" component="section" aria-label={t('QUESTIONNAIRES.LEGEND.TITLE')}>
      <Group gap="md" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('QUESTIONNAIRES.LEGEND.TITLE')}
        </Text>
        {FORM_STATUSES.map((status) => (
          <Group key={status} gap={4} wrap="nowrap">
            <FormStatusIcon status={status} size={16} />
            <Text size="sm">{t(`QUESTIONNAIRES.STATUS.${status}`)}</Text>
          </Group>
        ))}
        {levels.map((level) => (
          <Group key={level} gap={4} wrap="nowrap">
            <VerificationIcon level={level} size={16} />
            <Text size="sm">
              {t(
                level === 'primary'
                  ? 'QUESTIONNAIRES.STATUS.VERIFIED'
                  : 'QUESTIONNAIRES.STATUS.SECONDARY_VERIFIED',
              )}
            </Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
