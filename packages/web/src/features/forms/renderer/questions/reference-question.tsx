import { Alert } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { isReferenceQuestionType, requiredModuleForQuestionType } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { UnsupportedCard } from '../../../../components/unsupported-card';
import type { QuestionInputProps } from '../question-props';
import { useReferenceSlot } from '../reference-slots';

type ReferenceQuestionProps = QuestionInputProps & { isAvailable: boolean };

/**
 * MEDICATION_REF, AE_REF, AE_2_REF, UNSCHEDULED_EVENT_REF: the unsupported card when the study
 * lacks the module (spec 000 §6, 001 §6), else the host's component for the type (reference-slots.tsx)
 * or a read-only note of what is linked at fill time.
 */
export function ReferenceQuestion({ isAvailable, ...props }: ReferenceQuestionProps) {
  const { question, labelId, describedBy } = props;
  const { t } = useTranslation();
  const Slot = useReferenceSlot(question.type);
  const module = requiredModuleForQuestionType(question.type);
  if (!isAvailable && module) return <UnsupportedCard module={module} />;
  // Issue 20 item 4: the host app's component for this type (the staff app's AE reference).
  if (Slot) return <Slot {...props} />;
  const type = isReferenceQuestionType(question.type) ? question.type : 'AE_REF';
  return (
    <Alert
      variant="light"
      color="gray"
      icon={<IconLink size={18} />}
      role="note"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
    >
      {t(`RENDERER.REFERENCE.${type}`)}
    </Alert>
  );
}
