import {
  type CSSVariablesResolver,
  createTheme,
  DirectionProvider,
  MantineProvider,
  useDirection,
} from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { languageDirection as publicDirection } from '../../i18n/languages';
import { Toasts } from './notify';
import { useParticipantLanguage } from './use-participant-language';

// System fonts only: the CSP allows no font or style from elsewhere. The staff app's look, with
// darker shades so text and buttons reach 4.5:1 contrast (WCAG AA, checked by axe in the e2e suite).
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

/** Error, secondary and light-variant text darker than Mantine's defaults, for the same contrast (every page). */
const readableVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-primary-color-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});

/** Keeps Mantine's direction in step with the participant's language (ar, he-il, ur are RTL). */
function DirectionSync() {
  const language = useParticipantLanguage();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(publicDirection(language)), [language, setDirection]);
  return null;
}

export function PublicProviders({
  initialLanguage,
  children,
}: {
  initialLanguage: string;
  children: ReactNode;
}) {
  return (
    <DirectionProvider initialDirection={publicDirection(initialLanguage)} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={readableVariables}>
        <DirectionSync />
        <Toasts />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
