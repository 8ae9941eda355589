import { Alert } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { isReferenceQuestionType, requiredModuleForQuestionType } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { UnsupportedCard } from '../../../../components/unsupported-card';
import type { QuestionInputProps } from '../question-props';

type ReferenceQuestionProps = QuestionInputProps & { isAvailable: boolean };

/**
 * MEDICATION_REF, AE_REF, AE_2_REF, UNSCHEDULED_EVENT_REF: the unsupported card when the study
 * lacks the module (spec 000 §6, 001 §6), else a read-only note of what is linked at fill time.
 */
export function ReferenceQuestion({ question, labelId, describedBy, isAvailable }: ReferenceQuestionProps) {
  const { t } = useTranslation();
  const module = requiredModuleForQuestionType(question.type);
  if (!isAvailable && module) return <UnsupportedCard module={module} />;
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
