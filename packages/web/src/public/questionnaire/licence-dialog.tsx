import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePublicTranslation } from '../app/use-public-translation';

/**
 * Spec 002 §2, §8: the EQ-5D licence does not cover this device class. Its own chunk, loaded only
 * when a form is opened on a device its licence leaves out: the modal (portal, focus trap, scroll
 * lock, scroll area) is no part of the fill page's download (issue 16 item 5).
 */
export default function LicenceDialog(props: { onClose: () => void; children: ReactNode }) {
  const { t } = usePublicTranslation();
  return (
    <Modal opened onClose={props.onClose} title={t('QUESTIONNAIRE.LICENCE_TITLE')} centered>
      <Stack gap="md">
        {props.children}
        <Group justify="flex-end">
          <Button size="md" onClick={props.onClose}>
            {t('QUESTIONNAIRE.LICENCE_OK')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
