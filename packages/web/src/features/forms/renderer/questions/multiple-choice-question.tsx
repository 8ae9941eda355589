import { ChunkedInput, Deferred } from '../chunked-input';
import { type QuestionInputProps, visiblePossibilities } from '../question-props';
import { ChoiceList } from './choice-list';

/** MULTIPLE_CHOICE: one answer, as radio buttons or a dropdown; horizontal when allowed (spec 001 §3, §6). */
export function MultipleChoiceQuestion(props: QuestionInputProps) {
  const { question, answer, language } = props;
  const possibilities = visiblePossibilities(question, props.hiddenPossibilities);
  if (question.isDropdown) {
    return (
      // The dropdown pulls the combobox code: loaded only by forms that use it (issue 8 item 6).
      <Deferred>
        <ChunkedInput
          type="DROPDOWN"
          render={(chunk) => <chunk.DropdownChoice {...props} possibilities={possibilities} />}
        />
      </Deferred>
    );
  }
  return (
    <ChoiceList
      possibilities={possibilities}
      answer={answer}
      language={language}
      name={props.inputId}
      labelId={props.labelId}
      describedBy={props.describedBy}
      isInvalid={props.isInvalid}
      isMultiple={false}
      isRequired={question.required}
      isHorizontal={question.isHorizontal && props.isHorizontalAllowed}
      onChange={props.onChange}
      onBlur={props.onBlur}
    />
  );
}
