import { Alert, Anchor, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type StudyDetail, studyStateMachine } from '@trialbase/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorMessage } from '../../app/form-errors';
import { showSuccessToast } from '../../app/notify';
import { AmendmentImpactLink } from '../amendments/impact-link';
import { formatInStudyZone, parseInStudyZone, studyDateTimePattern } from './amendment-time';
import { type AmendmentStep, useAmendmentStep } from './api';
import { PasswordPrompt } from './password-prompt';
import { isBuildCheckRefusal, isWrongPassword } from './server-errors';

type StepButton = { step: AmendmentStep; label: string; color?: string; variant?: string };

/** The steps this user may take now: the state machine, the caller's abilities and the schedule decide. */
function availableSteps(study: StudyDetail): AmendmentStep[] {
  const scheduled = Boolean(study.amendment?.scheduledTime);
  const steps: AmendmentStep[] = [];
  const can = (step: AmendmentStep) => studyStateMachine.can(study.status, step);
  if (study.abilities.STUDY_AMENDMENT_FINISH) {
    if (!scheduled && can('scheduleAmendment')) steps.push('scheduleAmendment');
    if (scheduled && can('rescheduleAmendment')) steps.push('rescheduleAmendment');
    if (scheduled && can('cancelAmendmentSchedule')) steps.push('cancelAmendmentSchedule');
    if (can('finishAmendment')) steps.push('finishAmendment');
  }
  if (study.abilities.STUDY_AMENDMENT_DISCARD && can('discardAmendment')) steps.push('discardAmendment');
  return steps;
}

/**
 * Issue 23 (spec 001 §7): finish, discard, schedule, reschedule and cancel the schedule of the running
 * amendment from the overview, each asking why (and the password when the study enables extended
 * validation); the finish time is typed in the study's format and time zone. A refusal by the build
 * check says so and leads to it.
 */
export function AmendmentSteps({ study }: { study: StudyDetail }) {
  const { t } = useTranslation(['common', 'studies']);
  const mutation = useAmendmentStep(study.id);
  const [step, setStep] = useState<AmendmentStep | null>(null);
  const [signing, setSigning] = useState(false);
  const [reason, setReason] = useState('');
  const [timeText, setTimeText] = useState('');
  const [problem, setProblem] = useState<{ text: string; isBuild: boolean } | null>(null);
  const pattern = studyDateTimePattern(study.dateTimeFormat);
  const isTimed = step === 'scheduleAmendment' || step === 'rescheduleAmendment';
  const scheduledTime = isTimed ? parseInStudyZone(timeText, study.timeZone, study.dateTimeFormat) : null;
  const isTimeValid = !isTimed || (scheduledTime !== null && Date.parse(scheduledTime) > Date.now());

  const labels: Record<AmendmentStep, StepButton> = {
    scheduleAmendment: { step: 'scheduleAmendment', label: t('STUDY.AMENDMENT.SCHEDULE') },
    rescheduleAmendment: { step: 'rescheduleAmendment', label: t('STUDY.AMENDMENT.RESCHEDULE') },
    cancelAmendmentSchedule: { step: 'cancelAmendmentSchedule', label: t('STUDY.AMENDMENT.CANCEL_SCHEDULE') },
    finishAmendment: { step: 'finishAmendment', label: t('STUDY.ACTIONS.FINISH_AMENDMENT'), color: 'green' },
    discardAmendment: { step: 'discardAmendment', label: t('STUDY.ACTIONS.DISCARD_AMENDMENT'), color: 'red' },
  };
  const close = () => {
    setStep(null);
    setSigning(false);
  };
  const run = (password: string | null) => {
    if (!step) return;
    setProblem(null);
    mutation.mutate(
      { step, reason: reason.trim(), password, ...(scheduledTime ? { scheduledTime } : {}) },
      {
        onSuccess: () => {
          close();
          setReason('');
          setTimeText('');
          showSuccessToast(t('STUDY.AMENDMENT.DONE'));
        },
        onError: (error) => {
          if (isWrongPassword(error)) {
            setProblem({ text: t('STUDY.EV.WRONG'), isBuild: false });
            return;
          }
          close();
          setProblem({ text: serverErrorMessage(error), isBuild: isBuildCheckRefusal(error) });
        },
      },
    );
  };
  const steps = availableSteps(study);

  return (
    <Stack gap="sm">
      {problem && !signing && (
        <Alert color="red" role="alert" data-testid="amendment-problem">
          <Text size="sm">{problem.text}</Text>
          {problem.isBuild && (
            <Anchor component={Link} to={`/study/${study.id}/buildCheck`} size="sm">
              {t('STUDY.AMENDMENT.OPEN_BUILD_CHECK')}
            </Anchor>
          )}
        </Alert>
      )}
      <Group gap="sm">
        <AmendmentImpactLink studyId={study.id} />
        <Button component={Link} to={`/study/${study.id}/buildCheck`} variant="subtle">
          {t('STUDY.AMENDMENT.OPEN_BUILD_CHECK')}
        </Button>
        {steps.map((s) => (
          <Button
            key={s}
            variant="light"
            color={labels[s].color}
            onClick={() => {
              setProblem(null);
              setTimeText(
                s === 'rescheduleAmendment' && study.amendment?.scheduledTime
                  ? formatInStudyZone(study.amendment.scheduledTime, study.timeZone, study.dateTimeFormat)
                  : '',
              );
              setStep(s);
            }}
          >
            {labels[s].label}
          </Button>
        ))}
      </Group>
      <Modal opened={step !== null && !signing} onClose={close} title={step ? labels[step].label : ''}>
        <Stack gap="md">
          <Text>{step && t(`STUDY.AMENDMENT.CONFIRM_${step}`)}</Text>
          {isTimed && (
            <TextInput
              label={t('STUDY.AMENDMENT.FINISH_AT')}
              description={t('STUDY.AMENDMENT.TIME_ZONE', { zone: study.timeZone })}
              placeholder={pattern}
              dir="ltr"
              required
              value={timeText}
              onChange={(event) => setTimeText(event.currentTarget.value)}
              error={timeText !== '' && !isTimeValid ? t('STUDY.AMENDMENT.INVALID_TIME', { pattern }) : null}
            />
          )}
          <Textarea
            label={t('STUDY.ACTIONS.REASON')}
            required
            autosize
            minRows={2}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('STUDY.FORM.CANCEL')}
            </Button>
            <Button
              loading={mutation.isPending}
              disabled={reason.trim() === '' || !isTimeValid || (isTimed && timeText === '')}
              onClick={() => (study.extendedValidation ? setSigning(true) : run(null))}
            >
              {t('STUDY.ACTIONS.CONFIRM')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <PasswordPrompt
        opened={signing}
        error={signing ? (problem?.text ?? null) : null}
        pending={mutation.isPending}
        onClose={() => {
          close();
          setProblem(null);
        }}
        onConfirm={(password) => run(password)}
      />
    </Stack>
  );
}
