import { type QuestionInputProps, visiblePossibilities } from '../question-props';
import { ChoiceList } from './choice-list';

/** MULTIPLE_RESPONSE: check boxes; min/max answers are checked by the domain (spec 001 §5). */
export function MultipleResponseQuestion(props: QuestionInputProps) {
  return (
    <ChoiceList
      possibilities={visiblePossibilities(props.question, props.hiddenPossibilities)}
      answer={props.answer}
      language={props.language}
      name={props.inputId}
      labelId={props.labelId}
      describedBy={props.describedBy}
      isInvalid={props.isInvalid}
      isMultiple
      isHorizontal={props.question.isHorizontal && props.isHorizontalAllowed}
      onChange={props.onChange}
      onBlur={props.onBlur}
    />
  );
}
