import { Textarea, TextInput } from '@mantine/core';
import type { LocalizedText } from '@trialbase/domain';
import { textIn, withText } from '../localized';
import { useEditorContext } from './context';

type LocalizedFieldProps = {
  label: string;
  value: LocalizedText | null | undefined;
  onChange: (value: LocalizedText) => void;
  error?: string;
  description?: string;
  isMultiline?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  testId?: string;
};

/** A per-language text, edited in the editor's current study language. */
export function LocalizedField({
  label,
  value,
  onChange,
  error,
  description,
  isMultiline,
  isRequired,
  isDisabled,
  testId,
}: LocalizedFieldProps) {
  const { language } = useEditorContext();
  const common = {
    label,
    error,
    description,
    withAsterisk: isRequired,
    disabled: isDisabled,
    value: textIn(value, language),
    'data-testid': testId,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(withText(value, language, e.currentTarget.value)),
  };
  if (isMultiline) return <Textarea autosize minRows={2} maxRows={8} {...common} />;
  return <TextInput {...common} />;
}
