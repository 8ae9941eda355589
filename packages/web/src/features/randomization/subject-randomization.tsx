import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowsShuffle, IconEyeOff, IconLockOpen } from '@tabler/icons-react';
import {
  BREAK_BLIND_MEANING,
  type EnrollmentRandomizationView,
  RANDOMIZATION_MEANING,
  type RandomizationAllocationView,
} from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudyAbilities } from '../../app/abilities';
import { serverErrorMessage } from '../../app/form-errors';
import { formatDateTime } from '../../app/format';
import { isHttpError } from '../../app/http';
import { showErrorToast, showSuccessToast } from '../../app/notify';
import { PasswordField } from '../../components/password-field';
import { displayText } from '../processes/localized';
import { PasswordPrompt } from '../studies/password-prompt';
import { useBreakBlind, useRandomize } from './api';

const ERROR_MESSAGES = {
  NO_RANDOMIZATION_RECORD: 'RANDOMIZATION.ERRORS.NO_RECORD',
  RANDOMIZATION_RECORD_ALREADY_ASSIGNED: 'RANDOMIZATION.ERRORS.ALREADY_ASSIGNED',
  NOT_RANDOMIZATION_EVENT: 'RANDOMIZATION.ERRORS.NOT_RANDOMIZATION_EVENT',
  NOT_CONFIGURED: 'RANDOMIZATION.ERRORS.NOT_CONFIGURED',
  INVALID_ENROLLMENT: 'RANDOMIZATION.ERRORS.INVALID_ENROLLMENT',
};

/** The password field's message for a refused signature, or null when the failure is something else. */
function passwordError(t: TFunction, error: unknown): string | null {
  if (!isHttpError(error)) return null;
  if (error.body?.type === 'EXTENDED_VALIDATION') return t('RANDOMIZATION.WRONG_PASSWORD');
  if (error.body?.type === 'EXCEED_NO_ATTEMPTS') return t('RANDOMIZATION.TOO_MANY_ATTEMPTS');
  return null;
}

/** The allocated group in the reader's language, or "Blinded" for those who may not see it. */
export function GroupValue({
  allocation,
  language,
}: {
  allocation: RandomizationAllocationView;
  language: string;
}) {
  const { t } = useTranslation(['common', 'randomization']);
  if (allocation.blinded || !allocation.trialGroup)
    return (
      <Badge
        variant="light"
        color="gray"
        leftSection={<IconEyeOff size={12} />}
        data-testid="allocation-blinded"
      >
        {t('RANDOMIZATION.BLINDED')}
      </Badge>
    );
  return (
    <Badge variant="light" color="teal" data-testid="allocation-group">
      <bdi>{displayText(allocation.trialGroup.title, language, language) || allocation.trialGroup.id}</bdi>
    </Badge>
  );
}

type RandomizeProps = {
  studyId: string;
  subjectId: string;
  enrollmentId: string;
  tokenId: string;
  /** False once the subject is allocated (or the enrollment ended): only the last result may show. */
  canRandomize: boolean;
};

/**
 * Spec 001 §7 startRandomizationDataEvent: the randomization event's action. It asks for the password
 * (the signature's meaning is said), allocates, then shows the random id and the group, or "blinded".
 */
export function RandomizeAction({ studyId, subjectId, enrollmentId, tokenId, canRandomize }: RandomizeProps) {
  const { t, i18n } = useTranslation(['common', 'randomization']);
  const abilities = useStudyAbilities(studyId);
  const randomize = useRandomize(studyId, subjectId);
  const [isAsking, setAsking] = useState(false);
  const [result, setResult] = useState<RandomizationAllocationView | null>(null);
  if (!abilities.can('TOKEN_START') || (!canRandomize && result === null)) return null;
  const handleConfirm = (password: string) =>
    randomize.mutate(
      { enrollmentId, tokenId, password },
      {
        onSuccess: (allocation) => {
          setAsking(false);
          setResult(allocation);
          showSuccessToast(t('RANDOMIZATION.RANDOMIZE.DONE', { randomId: allocation.randomId }));
        },
        onError: (error) => {
          if (passwordError(t, error)) return;
          setAsking(false);
          showErrorToast(serverErrorMessage(error, { messages: ERROR_MESSAGES }));
        },
      },
    );
  return (
    <>
      {canRandomize && (
        <Button
          size="compact-sm"
          color="grape"
          leftSection={<IconArrowsShuffle size={14} />}
          onClick={() => {
            randomize.reset();
            setAsking(true);
          }}
          data-testid="randomize"
        >
          {t('RANDOMIZATION.RANDOMIZE.ACTION')}
        </Button>
      )}
      {isAsking && (
        <PasswordPrompt
          opened
          error={passwordError(t, randomize.error)}
          pending={randomize.isPending}
          onConfirm={handleConfirm}
          onClose={() => setAsking(false)}
          meaning={t('RANDOMIZATION.RANDOMIZE.SIGN_TEXT', { meaning: RANDOMIZATION_MEANING })}
        />
      )}
      <Modal
        opened={result !== null}
        onClose={() => setResult(null)}
        title={t('RANDOMIZATION.RANDOMIZE.RESULT_TITLE')}
        data-testid="randomization-result"
      >
        {result && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('RANDOMIZATION.RANDOMIZE.MEANING', { meaning: RANDOMIZATION_MEANING })}
            </Text>
            <Group gap="xs">
              <Text size="sm">{t('RANDOMIZATION.RANDOM_ID')}</Text>
              <Text fw={700} data-testid="result-random-id">
                <bdi>{result.randomId}</bdi>
              </Text>
            </Group>
            <Group gap="xs">
              <Text size="sm">{t('RANDOMIZATION.GROUP')}</Text>
              <GroupValue allocation={result} language={i18n.language} />
            </Group>
            <Group justify="flex-end">
              <Button onClick={() => setResult(null)} data-testid="result-close">
                {t('RANDOMIZATION.CLOSE')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

type BreakBlindProps = { studyId: string; subjectId: string; enrollmentId: string; onClose: () => void };

/** Spec 001 §4/§7 breakBlind: the reason and the password, signed with its meaning; audited, admins told. */
function BreakBlindDialog({ studyId, subjectId, enrollmentId, onClose }: BreakBlindProps) {
  const { t } = useTranslation(['common', 'randomization']);
  const breakBlind = useBreakBlind(studyId, subjectId);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [isSubmitted, setSubmitted] = useState(false);
  const wrongPassword = passwordError(t, breakBlind.error);
  const otherError =
    breakBlind.error && !wrongPassword
      ? serverErrorMessage(breakBlind.error, { messages: ERROR_MESSAGES })
      : null;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!reason.trim() || !password) return;
    breakBlind.mutate(
      { enrollmentId, reason: reason.trim(), password },
      {
        onSuccess: () => {
          showSuccessToast(t('RANDOMIZATION.BREAK_BLIND.DONE'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('RANDOMIZATION.BREAK_BLIND.TITLE')}
      data-testid="break-blind-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Alert color="orange" variant="light">
            {t('RANDOMIZATION.BREAK_BLIND.WARNING')}
          </Alert>
          <Textarea
            label={t('RANDOMIZATION.BREAK_BLIND.REASON')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={1024}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={isSubmitted && !reason.trim() ? t('RANDOMIZATION.BREAK_BLIND.REASON_REQUIRED') : undefined}
            data-testid="break-blind-reason"
            data-autofocus
          />
          <Text size="sm" c="dimmed">
            {t('RANDOMIZATION.BREAK_BLIND.MEANING', { meaning: BREAK_BLIND_MEANING })}
          </Text>
          <PasswordField
            label={t('RANDOMIZATION.PASSWORD')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={
              wrongPassword ?? (isSubmitted && !password ? t('RANDOMIZATION.PASSWORD_REQUIRED') : undefined)
            }
            autoComplete="current-password"
            data-testid="break-blind-password"
          />
          {otherError && (
            <Alert color="red" data-testid="break-blind-error">
              {otherError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('RANDOMIZATION.CANCEL')}
            </Button>
            <Button
              type="submit"
              color="orange"
              loading={breakBlind.isPending}
              data-testid="break-blind-submit"
            >
              {t('RANDOMIZATION.BREAK_BLIND.SUBMIT')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type SummaryProps = {
  studyId: string;
  subjectId: string;
  randomization: EnrollmentRandomizationView;
  /** Shown when the enrollment has no token of the randomization event to carry the action. */
  fallbackAction?: React.ReactNode;
};

/**
 * The enrollment's randomization on the subject's records: the random id and the group (or
 * "blinded"), the blind breaks with who, when and why, and the break-blind action for those allowed.
 */
export function EnrollmentRandomizationSummary({
  studyId,
  subjectId,
  randomization,
  fallbackAction,
}: SummaryProps) {
  const { t, i18n } = useTranslation(['common', 'randomization']);
  const abilities = useStudyAbilities(studyId);
  const [isBreaking, setBreaking] = useState(false);
  const { allocation } = randomization;
  if (!randomization.isRandomizationEnabled) return null;
  return (
    <Stack gap={6} mb="sm" data-testid="enrollment-randomization">
      {allocation ? (
        <Group gap="md" wrap="wrap">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('RANDOMIZATION.RANDOM_ID')}
            </Text>
            <Text size="sm" fw={700} data-testid="allocation-random-id">
              <bdi>{allocation.randomId}</bdi>
            </Text>
          </Group>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('RANDOMIZATION.GROUP')}
            </Text>
            <GroupValue allocation={allocation} language={i18n.language} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('RANDOMIZATION.ALLOCATED_BY', {
              name: allocation.allocatedBy.name,
              date: formatDateTime(allocation.allocatedAt),
            })}
          </Text>
          {abilities.can('BREAK_BLIND') && (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              leftSection={<IconLockOpen size={14} />}
              onClick={() => setBreaking(true)}
              data-testid="break-blind"
            >
              {t('RANDOMIZATION.BREAK_BLIND.ACTION')}
            </Button>
          )}
        </Group>
      ) : (
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid="not-randomized">
            {t('RANDOMIZATION.NOT_RANDOMIZED')}
          </Text>
          {fallbackAction}
        </Group>
      )}
      {randomization.blindBreaks.map((b) => (
        <Text key={`${b.signedBy}-${b.signedTime}`} size="xs" c="orange.8" data-testid="blind-break">
          {t('RANDOMIZATION.BREAK_BLIND.RECORD', {
            name: b.signedByName,
            date: formatDateTime(b.signedTime),
            reason: b.reason,
          })}
        </Text>
      ))}
      {isBreaking && allocation && (
        <BreakBlindDialog
          studyId={studyId}
          subjectId={subjectId}
          enrollmentId={randomization.enrollmentId}
          onClose={() => setBreaking(false)}
        />
      )}
    </Stack>
  );
}
