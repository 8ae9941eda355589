import '@mantine/core/styles/ThemeIcon.css';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { showErrorToast } from '../app/notify';
import { usePublicTranslation } from '../app/use-public-translation';
import { formatParticipantTime } from './format-time';

/**
 * Spec 002 §2, §4: a signed consent shows the download of the signed PDF (its name ends in
 * `_signed`), or, when there is no file to give (no session), the thank-you page.
 */
export function DoneView({
  signed,
  language,
  onDownload,
}: {
  signed: { fileName: string; signedTime: string } | null;
  language: string;
  onDownload: (() => Promise<void>) | null;
}) {
  const { t } = usePublicTranslation();
  const [isDownloading, setIsDownloading] = useState(false);

  async function handleDownload() {
    if (!onDownload) return;
    setIsDownloading(true);
    try {
      await onDownload();
    } catch {
      // Spec 002 §8 e-consent: a download failure is a toast.
      showErrorToast(t('ECONSENT.DONE.DOWNLOAD_FAILED'));
    } finally {
      setIsDownloading(false);
    }
  }

  return (
    <Stack align="center" gap="md" py="xl" ta="center" data-testid="econsent-done">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden="true">
        <IconCircleCheck size={40} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {t('ECONSENT.DONE.TITLE')}
      </Title>
      {signed ? (
        <>
          <Text size="lg">{t('ECONSENT.DONE.SIGNED')}</Text>
          <Text c="gray.7" data-testid="econsent-signed-time">
            {t('ECONSENT.DONE.SIGNED_AT', { time: formatParticipantTime(signed.signedTime, language) })}
          </Text>
          {onDownload && (
            <Stack gap="xs" align="center" mt="md" maw={420} w="100%">
              <Text>{t('ECONSENT.DONE.DOWNLOAD_TEXT')}</Text>
              <Button
                size="lg"
                mih={48}
                h="auto"
                py="xs"
                fullWidth
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
                leftSection={<IconDownload size={20} aria-hidden="true" />}
                loading={isDownloading}
                onClick={() => void handleDownload()}
                data-testid="econsent-download"
              >
                {t('ECONSENT.DONE.DOWNLOAD')}
              </Button>
              <Text size="sm" c="gray.7" dir="ltr" style={{ wordBreak: 'break-all' }}>
                {signed.fileName}
              </Text>
            </Stack>
          )}
        </>
      ) : (
        <Text size="lg" maw={520}>
          {t('ECONSENT.DONE.THANKS')}
        </Text>
      )}
    </Stack>
  );
}
