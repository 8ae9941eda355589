import { Badge, Text, Tooltip } from '@mantine/core';
import { IconClock, IconClockCheck, IconClockExclamation } from '@tabler/icons-react';
import type { AeClock } from '@trialbase/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AeDateFormatter, isolated } from './ae-dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of time as the largest two units ("2 d 3 h", "5 h 12 min", "7 min"). */
function useSpan() {
  const { t } = useTranslation();
  return (ms: number) => {
    const abs = Math.max(0, Math.abs(ms));
    const days = Math.floor(abs / DAY);
    const hours = Math.floor((abs % DAY) / HOUR);
    const minutes = Math.floor((abs % HOUR) / MINUTE);
    if (days > 0) return t('ADVERSE_EVENTS.CLOCK.SPAN_DAYS', { days, hours });
    if (hours > 0) return t('ADVERSE_EVENTS.CLOCK.SPAN_HOURS', { hours, minutes });
    return t('ADVERSE_EVENTS.CLOCK.SPAN_MINUTES', { count: minutes });
  };
}

/** Now, moving every 30 seconds, so a clock on screen counts down without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const COLORS = { RUNNING: 'blue', DUE_SOON: 'orange', OVERDUE: 'red', MET: 'green', MISSED: 'red' } as const;

/**
 * The serious-event clock (issue 20 item 5; ICH E2A: 24 hours for the initial SAE report, 7 or 15
 * days for a SUSAR): time left, overdue, or stopped in or past time by the sponsor's signature.
 */
export function AeClockBadge({
  clock,
  dates,
  size = 'md',
}: {
  clock: AeClock;
  dates: AeDateFormatter;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const span = useSpan();
  const now = useNow();
  const left = new Date(clock.deadline).getTime() - now;
  // The server's status, but a running clock turns overdue on screen at its deadline.
  const status = clock.stoppedAt === null && left < 0 ? 'OVERDUE' : clock.status;
  const label =
    status === 'MET' || status === 'MISSED'
      ? t(`ADVERSE_EVENTS.CLOCK.${status}`)
      : status === 'OVERDUE'
        ? t('ADVERSE_EVENTS.CLOCK.OVERDUE_BY', { span: span(left) })
        : t('ADVERSE_EVENTS.CLOCK.DUE_IN', { span: span(left) });
  const Icon =
    status === 'MET'
      ? IconClockCheck
      : status === 'OVERDUE' || status === 'MISSED'
        ? IconClockExclamation
        : IconClock;
  return (
    <Tooltip
      label={
        <Text size="xs">
          {t(`ADVERSE_EVENTS.CLOCK.KIND.${clock.kind}`)} ·{' '}
          {t('ADVERSE_EVENTS.CLOCK.DEADLINE', { time: isolated(dates.dateTime(clock.deadline)) })}
        </Text>
      }
      multiline
      maw={280}
    >
      <Badge
        color={COLORS[status]}
        variant={status === 'OVERDUE' ? 'filled' : 'light'}
        size={size}
        leftSection={<Icon size={14} aria-hidden />}
        data-testid="ae-clock"
        data-clock-status={status}
        styles={{ label: { overflow: 'visible' } }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
