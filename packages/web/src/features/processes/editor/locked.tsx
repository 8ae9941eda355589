import { Box, Tooltip } from '@mantine/core';

type LockedProps = { reason: string | null; children: React.ReactNode };

/**
 * Spec 001 §4: a locked control says why. Disabled inputs fire no pointer events, so the tooltip
 * sits on a wrapper.
 */
export function Locked({ reason, children }: LockedProps) {
  if (!reason) return <>{children}</>;
  return (
    <Tooltip label={reason} multiline maw={320} withArrow>
      <Box data-locked-reason={reason}>{children}</Box>
    </Tooltip>
  );
}
