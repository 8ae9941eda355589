import { createTheme, DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { publicDirection } from './languages';
import { TOAST_DELAY_MS } from './notify';
import { useParticipantLanguage } from './use-participant-language';

// System fonts only: the CSP allows no font or style from elsewhere. Same look as the staff app.
const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", Arial, sans-serif',
  headings: { fontWeight: '700' },
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
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DirectionSync />
        <Notifications position="bottom-right" autoClose={TOAST_DELAY_MS} zIndex={1000} />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
