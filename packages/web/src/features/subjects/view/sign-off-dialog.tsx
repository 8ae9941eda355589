import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import {
  canSignOffEnrollment,
  type EnrollmentDetail,
  type EnrollmentStatus,
  type Permission,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../../app/abilities';
import { formatDateTime } from '../../../app/format';
import { isHttpError } from '../../../app/http';
import { showSuccessToast } from '../../../app/notify';
import { PasswordField } from '../../../components/password-field';
import { useSession } from '../../auth/api';
import { useSignOffEnrollment } from '../api';
import { generalError } from '../display';

type SignOffProps = { studyId: string; subjectId: string; enrollment: EnrollmentDetail };

/** What went wrong, in the reader's language: the password field's error or one for the dialog. */
function signOffErrors(t: TFunction, error: unknown): { password: string | null; dialog: string | null } {
  if (!error) return { password: null, dialog: null };
  if (isHttpError(error) && error.body?.type === 'EXTENDED_VALIDATION')
    return { password: t('SUBJECTS.SIGN_OFF.WRONG_PASSWORD'), dialog: null };
  if (isHttpError(error) && error.body?.type === 'EXCEED_NO_ATTEMPTS')
    return { password: null, dialog: t('SUBJECTS.SIGN_OFF.TOO_MANY') };
  if (isHttpError(error) && error.status === 409)
    return { password: null, dialog: t('SUBJECTS.SIGN_OFF.NOT_POSSIBLE') };
  return { password: null, dialog: generalError(t, error) };
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        <bdi>{value}</bdi>
      </Text>
    </div>
  );
}

/**
 * Spec 001 §4 / §7 `PUT .../signOff`, 000 §6 extended validation, 21 CFR 11.50: the dialog names what
 * is signed (subject, process, site), who signs and what the signature means, and takes the password.
 * A wrong password keeps the dialog open with its error; the meaning is the one the server stores.
 */
export function SignOffDialog({
  studyId,
  subjectId,
  enrollment,
  opened,
  onClose,
}: SignOffProps & { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const signOff = useSignOffEnrollment(studyId, subjectId);
  const [password, setPassword] = useState('');
  const [isEmpty, setIsEmpty] = useState(false);
  const user = session.data?.user;
  const signer = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const errors = signOffErrors(t, signOff.error);

  const handleClose = () => {
    if (signOff.isPending) return;
    signOff.reset();
    setPassword('');
    setIsEmpty(false);
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsEmpty(!password);
    if (!password) return;
    signOff.mutate(
      { enrollmentId: enrollment.id, password },
      {
        onSuccess: () => {
          showSuccessToast(t('SUBJECTS.SIGN_OFF.DONE'));
          signOff.reset();
          setPassword('');
          onClose();
        },
        onError: () => setPassword(''),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('SUBJECTS.SIGN_OFF.TITLE')} centered>
      <form onSubmit={handleSubmit} noValidate data-testid="sign-off-dialog">
        <Stack gap="md">
          <Text size="sm">{t('SUBJECTS.SIGN_OFF.INTRO')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Fact
              label={t('SUBJECTS.SIGN_OFF.SUBJECT')}
              value={enrollment.subject.patientId}
              testId="sign-off-subject"
            />
            <Fact
              label={t('SUBJECTS.SIGN_OFF.PROCESS')}
              value={enrollment.process.name}
              testId="sign-off-process"
            />
            <Fact label={t('SUBJECTS.SIGN_OFF.SITE')} value={enrollment.site.name} testId="sign-off-site" />
            <Fact
              label={t('SUBJECTS.SIGN_OFF.STATUS')}
              value={t(`SUBJECTS.ENROLLMENT_STATUS.${enrollment.status}`)}
              testId="sign-off-status"
            />
            <Fact label={t('SUBJECTS.SIGN_OFF.SIGNER')} value={signer} testId="sign-off-signer" />
          </SimpleGrid>
          <Alert
            variant="light"
            color="blue"
            icon={<IconSignature size={18} />}
            title={t('SUBJECTS.SIGN_OFF.MEANING_TITLE')}
          >
            <Text size="sm" data-testid="sign-off-meaning">
              {t('SUBJECTS.SIGN_OFF.MEANING')}
            </Text>
          </Alert>
          <PasswordField
            label={t('SUBJECTS.SIGN_OFF.PASSWORD')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={isEmpty ? t('SUBJECTS.SIGN_OFF.PASSWORD_REQUIRED') : errors.password}
            autoComplete="current-password"
            data-autofocus
            required
            data-testid="sign-off-password"
          />
          {errors.dialog && (
            <Alert color="red" variant="light" role="alert" data-testid="sign-off-error">
              {errors.dialog}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose} disabled={signOff.isPending}>
              {t('SUBJECTS.SIGN_OFF.CANCEL')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconSignature size={16} />}
              loading={signOff.isPending}
              data-testid="sign-off-submit"
            >
              {t('SUBJECTS.SIGN_OFF.SIGN')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Spec 001 §4 / §7: an ended, unsigned enrollment, and a caller with STUDY_SIGN_OFF (docs/ROLES.md). */
export function isSignOffOffered(
  can: (permission: Permission) => boolean,
  enrollment: Pick<EnrollmentDetail, 'status' | 'signOff'>,
): boolean {
  return (
    can('STUDY_SIGN_OFF') &&
    canSignOffEnrollment(enrollment.status as EnrollmentStatus) &&
    enrollment.signOff === null
  );
}

/** "Sign off" on the enrollment card, with its dialog. */
export function SignOffAction({ studyId, subjectId, enrollment }: SignOffProps) {
  const { t } = useTranslation();
  const abilities = useStudyAbilities(studyId);
  const [isOpen, setOpen] = useState(false);
  const isAllowed = isSignOffOffered(abilities.can, enrollment);
  if (!isAllowed && !isOpen) return null;
  return (
    <>
      {isAllowed && (
        <Button
          size="compact-sm"
          leftSection={<IconSignature size={14} />}
          onClick={() => setOpen(true)}
          data-testid="sign-off"
        >
          {t('SUBJECTS.SIGN_OFF.OPEN')}
        </Button>
      )}
      <SignOffDialog
        studyId={studyId}
        subjectId={subjectId}
        enrollment={enrollment}
        opened={isOpen}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Spec 001 §3: the enrollment's sign-off, as the card shows it once signed. */
export function SignedOffNote({ enrollment }: { enrollment: EnrollmentDetail }) {
  const { t } = useTranslation();
  const signature = enrollment.signOff;
  if (!signature) return null;
  return (
    <Group gap={4} wrap="nowrap" c="green.8" data-testid="enrollment-signed-off">
      <IconSignature size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="inherit">
        {t('SUBJECTS.SIGN_OFF.SIGNED', {
          name: signature.signedByName,
          date: formatDateTime(signature.signedTime),
        })}
      </Text>
    </Group>
  );
}
