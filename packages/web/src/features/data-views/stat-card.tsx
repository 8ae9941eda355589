import { Paper, Text } from '@mantine/core';

/** One figure of a data view: its name above, its value large. */
export function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lineClamp={2}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}
