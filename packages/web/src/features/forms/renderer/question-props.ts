import type { Answer, Possibility, Question } from '@trialbase/domain';

/** What every per-type question component receives from its question block. */
export type QuestionInputProps = {
  question: Question;
  answer: Answer;
  /** Content language of the form texts (one of the study languages). */
  language: string;
  /** Id of the element holding the question text: every input is labelled by it. */
  labelId: string;
  inputId: string;
  /** Ids of the help text and error lines, for aria-describedby. */
  describedBy: string | undefined;
  isInvalid: boolean;
  hiddenPossibilities: readonly string[];
  calculated: number | null;
  /** Spec 001 §6: horizontal possibilities need the HORIZONTAL_POSSIBILITIES module. */
  isHorizontalAllowed: boolean;
  onChange: (next: Answer) => void;
  onBlur: () => void;
};

/** The question's possibilities in their order, without those show rules hide (spec 001 §4). */
export function visiblePossibilities(question: Question, hidden: readonly string[]): Possibility[] {
  const list = question.possibilities.filter((p) => !hidden.includes(p.id));
  return list.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** The answer with its single text value set (scalar types keep it in answerStrings[0]). */
export function withText(answer: Answer, value: string): Answer {
  return { ...answer, answerStrings: value === '' ? [] : [value] };
}

export function textOf(answer: Answer): string {
  return answer.answerStrings[0] ?? '';
}

/**
 * Accessible wiring of a native field (issue 16 item 6: plain inputs, not Mantine wrappers): labelled by
 * the question text, described by its help and error lines, invalid and required as states of the field.
 */
export function fieldAria(
  p: Pick<QuestionInputProps, 'inputId' | 'labelId' | 'describedBy' | 'isInvalid'> & { isRequired?: boolean },
) {
  return {
    id: p.inputId,
    className: 'tb-input',
    'aria-labelledby': p.labelId,
    'aria-describedby': p.describedBy,
    'aria-invalid': p.isInvalid || undefined,
    // Issue 12: the requirement is a state of the input; the label's asterisk is hidden from readers.
    'aria-required': p.isRequired || undefined,
  };
}

/**
 * Accessible wiring of a Mantine text input: labelled by the question text, described by its help
 * and error lines. `withAria: false` keeps Mantine from replacing these with its own wrapper ids.
 */
export function inputAria(
  p: Pick<QuestionInputProps, 'inputId' | 'labelId' | 'describedBy' | 'isInvalid'> & { isRequired?: boolean },
) {
  return {
    id: p.inputId,
    withAria: false,
    error: p.isInvalid,
    'aria-labelledby': p.labelId,
    'aria-describedby': p.describedBy,
    'aria-invalid': p.isInvalid || undefined,
    // Issue 12: the requirement is a state of the input; the label's asterisk is hidden from readers.
    'aria-required': p.isRequired || undefined,
  };
}
