import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { QuestionInputProps } from '../../forms/renderer/question-props';

const LazyMedicationReference = lazy(async () => ({
  default: (await import('./medication-reference-question')).MedicationReferenceQuestion,
}));

/** The staff app's MEDICATION_REF component (issue 21 item 4), loaded when a form has one. */
export function MedicationReferenceSlot(props: QuestionInputProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <LazyMedicationReference {...props} />
    </Suspense>
  );
}
