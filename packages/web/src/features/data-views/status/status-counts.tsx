import { Group, Text } from '@mantine/core';
import { FORM_STATUSES, type StatusCounts } from '@trialbase/domain';
import { FormStatusIcon } from '../../questionnaires/status-icons';
import { useNumberFormat } from '../format';

/** Counts per form status, only the statuses that occur, as icon and number. */
export function StatusCountsLine({ counts, testId }: { counts: StatusCounts; testId: string }) {
  const format = useNumberFormat();
  const present = FORM_STATUSES.filter((status) => counts[status] > 0);
  return (
    <Group gap={6} wrap="wrap" data-testid={testId}>
      {present.map((status) => (
        <Group key={status} gap={2} wrap="nowrap" data-testid={`${testId}-${status}`}>
          <FormStatusIcon status={status} size={14} />
          <Text size="xs" fw={600}>
            {format.number(counts[status])}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
