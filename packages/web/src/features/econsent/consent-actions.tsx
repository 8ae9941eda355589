import { Button, Group } from '@mantine/core';
import { IconDownload, IconFileCheck, IconSignature } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { PasswordPrompt } from '../studies/password-prompt';
import { downloadSignedConsent, type EConsentRef, type SignedEConsentInfo, useCountersign } from './api';
import { PaperConsentDialog } from './paper-dialog';

/** The password field's message for a refused signature, or null when the failure is something else. */
function passwordError(t: TFunction, error: unknown): string | null {
  if (!isHttpError(error)) return null;
  if (error.body?.type === 'EXTENDED_VALIDATION') return t('ECONSENT.WRONG_PASSWORD');
  if (error.body?.type === 'EXCEED_NO_ATTEMPTS') return t('ECONSENT.TOO_MANY_ATTEMPTS');
  return null;
}

/** E-consent failures people can act on, by the contract's error ids; others through server-errors. */
function consentErrorMessage(t: TFunction, error: unknown): string {
  const id = isHttpError(error) ? error.body?.id : undefined;
  if (id === 'ECONSENT_SIGNED_FILE_TAMPERED') return t('ECONSENT.ERRORS.TAMPERED');
  if (id === 'ECONSENT_NOT_SIGNED') return t('ECONSENT.ERRORS.NOT_SIGNED');
  if (id === 'ECONSENT_ALREADY_SIGNED') return t('ECONSENT.ERRORS.ALREADY_SIGNED');
  return serverErrorMessage(error);
}

type Action = 'countersign' | 'download';

/**
 * Issue 24 item 5: the investigator countersigns a consent the participant signed, and staff with
 * the right download the signed PDF; both are signed with the password (spec 000 §6 extended
 * validation, 21 CFR 11.50: the prompt says what the signature means).
 */
export function ConsentActions({ info, studyId }: { info: SignedEConsentInfo; studyId: string }) {
  const { t } = useTranslation(['common', 'econsent']);
  const abilities = useStudyAbilities(studyId);
  const countersign = useCountersign(studyId);
  // The action stays set while the prompt closes, so its text does not change during the fade.
  const [action, setAction] = useState<Action>('countersign');
  const [isOpen, setIsOpen] = useState(false);
  // A new prompt each time: a password typed for one signature is never offered for the next.
  const [promptKey, setPromptKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [isPaperOpen, setIsPaperOpen] = useState(false);
  const ref: EConsentRef = { studyId, enrollmentId: info.enrollmentId, tokenId: info.tokenId };
  const canCountersign = abilities.can('ECONSENT_COUNTERSIGN') && info.state === 'SIGNED_BY_PARTICIPANT';
  const canDownload =
    abilities.can('ECONSENT_DOWNLOAD_SIGNED') && (info.signedFile !== null || info.paper?.scan != null);
  // Spec 001 §7 setEconsentSigned by staff: a consent not yet signed can be recorded as signed on paper.
  const canRecordPaper =
    abilities.can('ECONSENT_COUNTERSIGN') &&
    info.state === 'PENDING' &&
    (info.tokenStatus === 'UNUSED' || info.tokenStatus === 'IN_USE');
  const downloadName = info.signedFile?.fileName ?? info.paper?.scan?.fileName ?? 'consent_signed.pdf';
  if (!canCountersign && !canDownload && !canRecordPaper) return null;

  function open(next: Action) {
    setAction(next);
    setError(null);
    setPromptKey((key) => key + 1);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    setError(null);
  }

  async function handleConfirm(password: string) {
    setIsPending(true);
    setError(null);
    try {
      if (action === 'countersign') {
        await countersign.mutateAsync({ ref, password });
        showSuccessToast(t('ECONSENT.COUNTERSIGNED'));
      } else {
        await downloadSignedConsent(ref, password, downloadName);
      }
      close();
    } catch (failure) {
      const shown = passwordError(t, failure);
      if (shown) setError(shown);
      else {
        close();
        showErrorToast(consentErrorMessage(t, failure));
      }
    } finally {
      setIsPending(false);
    }
  }

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {canRecordPaper && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileCheck size={14} />}
            onClick={() => setIsPaperOpen(true)}
            data-testid="econsent-record-paper"
          >
            {t('ECONSENT.PAPER.BUTTON')}
          </Button>
        )}
        {canCountersign && (
          <Button
            size="xs"
            leftSection={<IconSignature size={14} />}
            onClick={() => open('countersign')}
            data-testid="econsent-countersign"
          >
            {t('ECONSENT.COUNTERSIGN')}
          </Button>
        )}
        {canDownload && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={14} />}
            onClick={() => open('download')}
            data-testid="econsent-download-signed"
          >
            {t(info.paper ? 'ECONSENT.PAPER.DOWNLOAD_SCAN' : 'ECONSENT.DOWNLOAD_SIGNED')}
          </Button>
        )}
      </Group>
      {canRecordPaper && (
        <PaperConsentDialog opened={isPaperOpen} onClose={() => setIsPaperOpen(false)} consent={ref} />
      )}
      <PasswordPrompt
        key={promptKey}
        opened={isOpen}
        error={error}
        pending={isPending}
        onConfirm={(password) => void handleConfirm(password)}
        onClose={close}
        meaning={t(action === 'countersign' ? 'ECONSENT.COUNTERSIGN_MEANING' : 'ECONSENT.DOWNLOAD_MEANING')}
      />
    </>
  );
}
