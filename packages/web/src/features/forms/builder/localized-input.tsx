import { Textarea, TextInput } from '@mantine/core';
import type { LocalizedText } from '@trialbase/domain';
import { textIn, useBuilderSettings, withText } from './context';

type LocalizedInputProps = {
  label: string;
  value: LocalizedText | null | undefined;
  onChange: (value: LocalizedText) => void;
  error?: string;
  isMultiline?: boolean;
  isRequired?: boolean;
  testId?: string;
  onEnter?: () => void;
};

/** A per-language text edited in the builder's current study language. */
export function LocalizedInput({
  label,
  value,
  onChange,
  error,
  isMultiline,
  isRequired,
  testId,
  onEnter,
}: LocalizedInputProps) {
  const { language } = useBuilderSettings();
  const common = {
    label,
    error,
    withAsterisk: isRequired,
    value: textIn(value, language),
    'data-testid': testId,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(withText(value, language, e.currentTarget.value)),
  };
  if (isMultiline) return <Textarea autosize minRows={2} {...common} />;
  return (
    <TextInput
      {...common}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && onEnter) {
          e.preventDefault();
          onEnter();
        }
      }}
    />
  );
}
