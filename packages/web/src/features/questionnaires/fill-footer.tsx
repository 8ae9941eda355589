import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** Spec 001 §2 sticky footer: the page's actions stay in reach while scrolling long forms. */
export function FillFooter({ start, children }: { start?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="footer"
      pos="sticky"
      bottom={0}
      py="sm"
      px="xs"
      bg="var(--mantine-color-body)"
      style={{ borderBlockStart: '1px solid var(--mantine-color-default-border)', zIndex: 5 }}
      data-testid="fill-footer"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">{start}</Group>
        <Group gap="sm" wrap="wrap">
          {children}
        </Group>
      </Group>
    </Box>
  );
}
