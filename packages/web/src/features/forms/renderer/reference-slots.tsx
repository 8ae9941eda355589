import { type ComponentType, createContext, useContext } from 'react';
import type { QuestionInputProps } from './question-props';

/** The reference question types a host app may fill with its own component. */
export type ReferenceSlotType = 'MEDICATION_REF' | 'AE_REF' | 'AE_2_REF' | 'UNSCHEDULED_EVENT_REF';

/**
 * Components the staff app puts in place of a reference question's note (issue 20 item 4: AE_REF
 * links an answer to the subject's AEs). The renderer imports no staff feature, so the participant
 * bundle stays small and never calls staff routes; without a slot the read-only note shows.
 */
export type ReferenceSlots = Partial<Record<ReferenceSlotType, ComponentType<QuestionInputProps>>>;

const ReferenceSlotsContext = createContext<ReferenceSlots>({});

export const ReferenceSlotsProvider = ReferenceSlotsContext.Provider;

export function useReferenceSlot(type: string): ComponentType<QuestionInputProps> | undefined {
  const slots = useContext(ReferenceSlotsContext);
  return (slots as Partial<Record<string, ComponentType<QuestionInputProps>>>)[type];
}

/**
 * True where the renderer shows a queried question's answer in the query dialog (spec 000 §2 AE
 * create state isQuery): a reference question there reports a new AE for the query's response and
 * comes back to the question's query dialog, not to the form.
 */
const QueryAnswerContext = createContext(false);

export const QueryAnswerProvider = QueryAnswerContext.Provider;

export function useIsQueryAnswer(): boolean {
  return useContext(QueryAnswerContext);
}
