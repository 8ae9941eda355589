import { type QuestionInputProps, visiblePossibilities } from '../question-props';
import { ChoiceList } from './choice-list';

/** YES_NO: its two possibilities side by side (spec 001 §3). */
export function YesNoQuestion(props: QuestionInputProps) {
  return (
    <ChoiceList
      possibilities={visiblePossibilities(props.question, props.hiddenPossibilities)}
      answer={props.answer}
      language={props.language}
      name={props.inputId}
      labelId={props.labelId}
      describedBy={props.describedBy}
      isInvalid={props.isInvalid}
      isMultiple={false}
      isRequired={props.question.required}
      isHorizontal
      onChange={props.onChange}
      onBlur={props.onBlur}
    />
  );
}
