import { Select } from '@mantine/core';
import type { Possibility } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';
import { inputAria, type QuestionInputProps } from '../question-props';
import { pickText, toPlainText } from '../text';

/** MULTIPLE_CHOICE as a dropdown (spec 001 §3); its own chunk, as few forms use it (issue 8 item 6). */
export function DropdownChoice(props: QuestionInputProps & { possibilities: readonly Possibility[] }) {
  const { t } = useTranslation();
  const { answer, language, possibilities } = props;
  return (
    <Select
      {...inputAria({ ...props, isRequired: props.question.required })}
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
