import { Button, Checkbox, Group } from '@mantine/core';
import type { AnswerView, VerificationRound } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { VerificationIcon } from './status-icons';

/** One verification round as the study configures it and whether the caller may set it. */
export type RoundAccess = { round: VerificationRound; canVerify: boolean };

const isRoundSet = (
  target: { verification: boolean; secondaryVerification: boolean },
  round: VerificationRound,
) => (round === 'primary' ? target.verification : target.secondaryVerification);

type AnswerVerificationProps = {
  answer: AnswerView | undefined;
  rounds: readonly RoundAccess[];
  /** While editing, verification waits: the answers on screen are not the saved ones. */
  isDisabled: boolean;
  onToggle: (answerId: string, round: VerificationRound, verified: boolean) => void;
};

/**
 * Spec 001 §2, issue 7 item 6: per-answer source data verification (study verification type QUESTION).
 * A checkbox for each round the caller may set, an icon where they may only see it.
 */
export function AnswerVerification({ answer, rounds, isDisabled, onToggle }: AnswerVerificationProps) {
  const { t } = useTranslation();
  if (!answer || rounds.length === 0) return null;
  return (
    <Group
      gap="md"
      pt="xs"
      style={{ borderBlockStart: '1px dashed var(--mantine-color-default-border)' }}
      data-testid="answer-verification"
    >
      {rounds.map(({ round, canVerify }) => {
        const isSet = answer.verification !== undefined && isRoundSet(answer, round);
        const label = t(
          round === 'primary'
            ? 'QUESTIONNAIRES.VERIFICATION.PRIMARY'
            : 'QUESTIONNAIRES.VERIFICATION.SECONDARY',
        );
        return canVerify ? (
          <Checkbox
            key={round}
            size="sm"
            color={round === 'primary' ? 'green' : 'violet'}
            label={label}
            checked={isSet}
            disabled={isDisabled || (round === 'secondary' && !answer.verification)}
            onChange={(e) => onToggle(answer.id, round, e.currentTarget.checked)}
            data-testid={`verify-answer-${round}`}
            data-verified={isSet}
          />
        ) : (
          isSet && <VerificationIcon key={round} level={round} size={16} />
        );
      })}
    </Group>
  );
}

type FormVerificationProps = {
  verified: boolean;
  secondaryVerified: boolean;
  rounds: readonly RoundAccess[];
  isDisabled: boolean;
  isPending: boolean;
  onToggle: (round: VerificationRound, verified: boolean) => void;
};

/** Spec 001 §2 primary and secondary verification buttons of the header (per form). */
export function FormVerificationButtons(props: FormVerificationProps) {
  const { t } = useTranslation();
  return props.rounds
    .filter((r) => r.canVerify)
    .map(({ round }) => {
      const isSet = round === 'primary' ? props.verified : props.secondaryVerified;
      const label = isSet
        ? round === 'primary'
          ? t('QUESTIONNAIRES.VERIFICATION.UNVERIFY_FORM')
          : t('QUESTIONNAIRES.VERIFICATION.UNSECONDARY_VERIFY_FORM')
        : round === 'primary'
          ? t('QUESTIONNAIRES.VERIFICATION.VERIFY_FORM')
          : t('QUESTIONNAIRES.VERIFICATION.SECONDARY_VERIFY_FORM');
      return (
        <Button
          key={round}
          size="xs"
          variant={isSet ? 'light' : 'outline'}
          color={round === 'primary' ? 'green' : 'violet'}
          disabled={props.isDisabled || (round === 'secondary' && !props.verified)}
          loading={props.isPending}
          onClick={() => props.onToggle(round, !isSet)}
          data-testid={`verify-form-${round}`}
          data-verified={isSet}
        >
          {label}
        </Button>
      );
    });
}
