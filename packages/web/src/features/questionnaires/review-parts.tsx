import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import type { AnswerSetView, FillForm, QuestionnaireReviewData, VerificationRound } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { FormVerificationButtons, type RoundAccess } from './verification-controls';

/** Spec 001 §4 queries: the open and responded queries of a question, under it in review. */
export function QuestionQueries({
  data,
  form,
  questionId,
}: {
  data: QuestionnaireReviewData;
  form: FillForm;
  questionId: string;
}) {
  const { t } = useTranslation();
  const queries = data.queries.filter(
    (q) => q.questionnaireId === form.answerSet?.id && q.questionId === questionId && q.status !== 'CLOSED',
  );
  if (queries.length === 0) return null;
  return (
    <Stack gap={4} data-testid="question-queries">
      {queries.map((q) => (
        <Group key={q.id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="xs" variant="light" color="blue">
            {t('QUESTIONNAIRES.STATUS.STATUS_QUERY')}
          </Badge>
          <Text size="sm">{q.queryText}</Text>
        </Group>
      ))}
    </Stack>
  );
}

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
