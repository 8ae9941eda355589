import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { QuestionInputProps } from '../forms/renderer/question-props';
import type { ReferenceSlots } from '../forms/renderer/reference-slots';
import { MedicationReferenceSlot } from '../medication/ref/reference-slot';

const LazyAeReference = lazy(async () => ({
  default: (await import('./ae-reference-question')).AeReferenceQuestion,
}));

function AeReferenceSlot(props: QuestionInputProps) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <LazyAeReference {...props} />
    </Suspense>
  );
}

/** The staff app's reference question components (issues 20 and 21 item 4), loaded when a form has one. */
export const STAFF_REFERENCE_SLOTS: ReferenceSlots = {
  AE_REF: AeReferenceSlot,
  MEDICATION_REF: MedicationReferenceSlot,
};
