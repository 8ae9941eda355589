import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { inputAria, type QuestionInputProps, visiblePossibilities } from '../question-props';
import { pickText, toPlainText } from '../text';
import { ChoiceList } from './choice-list';

/** MULTIPLE_CHOICE: one answer, as radio buttons or a dropdown; horizontal when allowed (spec 001 §3, §6). */
export function MultipleChoiceQuestion(props: QuestionInputProps) {
  const { t } = useTranslation();
  const { question, answer, language } = props;
  const possibilities = visiblePossibilities(question, props.hiddenPossibilities);
  if (question.isDropdown) {
    return (
      <Select
        {...inputAria(props)}
        placeholder={t('RENDERER.CHOOSE')}
        data={possibilities.map((p) => ({
          value: p.id,
          label: toPlainText(pickText(p.possibility, language)),
        }))}
        value={answer.possibilities[0] ?? null}
        onChange={(value) => props.onChange({ ...answer, possibilities: value ? [value] : [] })}
        onBlur={props.onBlur}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
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
      isHorizontal={question.isHorizontal && props.isHorizontalAllowed}
      onChange={props.onChange}
      onBlur={props.onBlur}
    />
  );
}
