import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  checkPaperSignedDate,
  ECONSENT_REASON_MAX,
  ECONSENT_WITNESS_MAX,
  type PaperEConsentBody,
} from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorMessage } from '../../app/form-errors';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { type EConsentRef, fileToBase64, useRecordPaperConsent } from './api';

type Errors = Partial<Record<'signedDate' | 'witness' | 'reason' | 'scan' | 'password', string>>;

/** Today as YYYY-MM-DD in the browser's time zone (the server checks in the site's). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Spec 001 §7 setEconsentSigned by staff (issue 24): records that the participant signed the consent
 * on paper: the date, the witness, the reason and optionally the scanned paper (PDF), signed with
 * the password (21 CFR 11.50: the dialog states what the signature means).
 */
export function PaperConsentDialog({
  opened,
  onClose,
  consent,
}: {
  opened: boolean;
  onClose: () => void;
  consent: EConsentRef;
}) {
  const { t } = useTranslation(['common', 'econsent']);
  const record = useRecordPaperConsent(consent.studyId);
  const [signedDate, setSignedDate] = useState(today());
  const [witness, setWitness] = useState('');
  const [reason, setReason] = useState('');
  const [scan, setScan] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function validate(): Errors {
    const found: Errors = {};
    if (!signedDate) found.signedDate = t('ECONSENT.PAPER.REQUIRED');
    else if (checkPaperSignedDate(signedDate, today()).length > 0)
      found.signedDate = t('ECONSENT.PAPER.DATE_FUTURE');
    if (!witness.trim()) found.witness = t('ECONSENT.PAPER.REQUIRED');
    if (!reason.trim()) found.reason = t('ECONSENT.PAPER.REQUIRED');
    if (scan && !/\.pdf$/i.test(scan.name)) found.scan = t('ECONSENT.DOCUMENTS.ERRORS.NOT_PDF');
    if (!password) found.password = t('ECONSENT.PAPER.REQUIRED');
    return found;
  }

  function serverErrors(error: unknown): Errors | null {
    if (!isHttpError(error)) return null;
    const body = error.body;
    if (body?.type === 'EXTENDED_VALIDATION') return { password: t('ECONSENT.WRONG_PASSWORD') };
    if (body?.type === 'EXCEED_NO_ATTEMPTS') return { password: t('ECONSENT.TOO_MANY_ATTEMPTS') };
    if (body?.id === 'INVALID_PDF') return { scan: t('ECONSENT.DOCUMENTS.ERRORS.NOT_PDF') };
    if (body?.id === 'INVALID_FILENAME_DOTS') return { scan: t('ECONSENT.DOCUMENTS.ERRORS.DOTS') };
    const issues = (
      body?.context as { issues?: { path: (string | number)[]; message: string }[] } | undefined
    )?.issues;
    if (issues?.some((i) => i.message === 'ECONSENT.PAPER_DATE_FUTURE'))
      return { signedDate: t('ECONSENT.PAPER.DATE_FUTURE') };
    return null;
  }

  async function handleSubmit() {
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const paper: PaperEConsentBody = { signedDate, witness: witness.trim(), reason: reason.trim() };
    try {
      if (scan) paper.scan = { fileName: scan.name, dataBase64: await fileToBase64(scan) };
      await record.mutateAsync({ ref: consent, password, paper });
      showSuccessToast(t('ECONSENT.PAPER.RECORDED'));
      onClose();
    } catch (failure) {
      const mapped = serverErrors(failure);
      if (mapped) {
        setErrors(mapped);
        return;
      }
      onClose();
      const id = isHttpError(failure) ? failure.body?.id : undefined;
      showErrorToast(
        id === 'ECONSENT_ALREADY_SIGNED' ? t('ECONSENT.PAPER.ALREADY_SIGNED') : serverErrorMessage(failure),
      );
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('ECONSENT.PAPER.TITLE')} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit();
        }}
        noValidate
      >
        <Stack gap="sm" data-testid="econsent-paper-dialog">
          <Text size="sm">{t('ECONSENT.PAPER.INTRO')}</Text>
          <TextInput
            type="date"
            label={t('ECONSENT.PAPER.SIGNED_DATE')}
            value={signedDate}
            max={today()}
            onChange={(event) => setSignedDate(event.currentTarget.value)}
            error={errors.signedDate}
            required
            data-testid="econsent-paper-date"
          />
          <TextInput
            label={t('ECONSENT.PAPER.WITNESS')}
            description={t('ECONSENT.PAPER.WITNESS_HINT')}
            value={witness}
            maxLength={ECONSENT_WITNESS_MAX}
            onChange={(event) => setWitness(event.currentTarget.value)}
            error={errors.witness}
            required
            data-testid="econsent-paper-witness"
          />
          <Textarea
            label={t('ECONSENT.PAPER.REASON')}
            description={t('ECONSENT.PAPER.REASON_HINT')}
            value={reason}
            maxLength={ECONSENT_REASON_MAX}
            autosize
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
            required
            data-testid="econsent-paper-reason"
          />
          <FileInput
            label={t('ECONSENT.PAPER.SCAN')}
            description={t('ECONSENT.PAPER.SCAN_HINT')}
            accept="application/pdf,.pdf"
            value={scan}
            onChange={setScan}
            clearable
            leftSection={<IconFileTypePdf size={16} />}
            error={errors.scan}
            data-testid="econsent-paper-scan"
          />
          <Alert color="blue" variant="light">
            {t('ECONSENT.PAPER.MEANING')}
          </Alert>
          <PasswordInput
            label={t('ECONSENT.PAPER.PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            autoComplete="current-password"
            required
            data-testid="econsent-paper-password"
          />
          <Group justify="flex-end" wrap="wrap">
            <Button variant="default" onClick={onClose}>
              {t('ECONSENT.PAPER.CANCEL')}
            </Button>
            <Button type="submit" loading={record.isPending} data-testid="econsent-paper-submit">
              {t('ECONSENT.PAPER.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
