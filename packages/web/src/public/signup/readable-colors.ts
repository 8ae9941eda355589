import type { CSSProperties } from 'react';

/**
 * Mantine's default dimmed grey and error red fall under 4.5:1 on white (WCAG AA, axe
 * color-contrast); the sign-up and unsubscribe pages set darker shades through the variables
 * Mantine reads, the shared footer included.
 */
export const READABLE_COLORS = {
  '--mantine-color-error': 'var(--mantine-color-red-9)',
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
} as CSSProperties;
