import { Button } from '@mantine/core';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import type { AnswerSetView, VerificationRound } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { FormVerificationButtons, type RoundAccess } from './verification-controls';

type ReviewActionsProps = {
  answerSet: AnswerSetView;
  /** Edit shows only where the server allows it (spec 001 §4: hidden in amendments). */
  canEdit: boolean;
  formRounds: readonly RoundAccess[];
  isEditing: boolean;
  isVerifying: boolean;
  onEdit: () => void;
  onChangeLog: (questionnaireId: string) => void;
  onVerify: (round: VerificationRound, verified: boolean) => void;
};

/** Spec 001 §2 header actions of the review: edit, change log, primary and secondary verification. */
export function ReviewActions(props: ReviewActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      {props.canEdit && (
        <Button size="xs" leftSection={<IconEdit size={16} />} onClick={props.onEdit} data-testid="edit-form">
          {t('QUESTIONNAIRES.ACTIONS.EDIT')}
        </Button>
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconHistory size={16} />}
        onClick={() => props.onChangeLog(props.answerSet.id)}
        data-testid="open-change-log"
      >
        {t('QUESTIONNAIRES.ACTIONS.CHANGE_LOG')}
      </Button>
      <FormVerificationButtons
        verified={props.answerSet.verified}
        secondaryVerified={props.answerSet.secondaryVerified}
        rounds={props.formRounds}
        isDisabled={props.isEditing}
        isPending={props.isVerifying}
        onToggle={props.onVerify}
      />
    </>
  );
}
