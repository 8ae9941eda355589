import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceMobileRotated } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 000 §2: an unsupported screen size asks the user to rotate the device. Unsupported:
 * narrower than 320 px, or a touch screen in landscape lower than 400 px (a phone on its side).
 */
export const UNSUPPORTED_SCREEN_QUERY =
  '(max-width: 319px), (orientation: landscape) and (max-height: 399px) and (pointer: coarse)';

export function UnsupportedScreen() {
  const { t } = useTranslation();
  const isUnsupported = useMediaQuery(UNSUPPORTED_SCREEN_QUERY, false);
  if (!isUnsupported) return null;
  return (
    <Center
      className="tb-unsupported-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="tb-rotate"
    >
      <Stack align="center" gap="sm" p="md" ta="center" maw={360}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
          <IconDeviceMobileRotated size={32} />
        </ThemeIcon>
        <Title order={2} fz="h4" id="tb-rotate">
          {t('SCREEN.ROTATE_TITLE')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('SCREEN.ROTATE_TEXT')}
        </Text>
      </Stack>
    </Center>
  );
}
