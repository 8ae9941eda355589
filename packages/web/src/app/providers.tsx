import { createTheme, DirectionProvider, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { type ReactNode, useState } from 'react';
import { languageDirection } from '../i18n/languages';
import { TOAST_DELAY_MS } from './notify';
import { createQueryClient } from './query-client';

// System fonts only: the CSP allows no font or style from elsewhere.
const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", Arial, sans-serif',
  headings: { fontWeight: '700' },
});

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <DirectionProvider initialDirection={languageDirection(i18next.language)} detectDirection={false}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="bottom-right" autoClose={TOAST_DELAY_MS} zIndex={1000} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
