import { TextInput } from '@mantine/core';
import { formatStudyDate, parseStudyDate, type StudyDateFormat } from '@trialbase/domain';
import { useEffect, useState } from 'react';

type AeDateFieldProps = {
  label: string;
  /** ISO `YYYY-MM-DD` or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  format: StudyDateFormat;
  error?: string | null;
  invalidText: string;
  disabled?: boolean;
  testId?: string;
};

/**
 * A date in the study's format (spec 000 §9), stored ISO. Typed left to right on every page, as
 * dates are written; text that is not a real date yet stays in the field with its error.
 */
export function AeDateField({
  label,
  value,
  onChange,
  format,
  error,
  invalidText,
  disabled,
  testId,
}: AeDateFieldProps) {
  const [text, setText] = useState(value ? formatStudyDate(value, format) : '');
  useEffect(() => {
    setText((current) => {
      const parsed = parseStudyDate(current, format);
      return parsed === value
        ? current
        : value
          ? formatStudyDate(value, format)
          : current === ''
            ? ''
            : current;
    });
  }, [value, format]);
  const isInvalid = text.trim() !== '' && parseStudyDate(text, format) === null;
  return (
    <TextInput
      label={label}
      value={text}
      placeholder={format}
      dir="ltr"
      inputMode="numeric"
      disabled={disabled}
      data-testid={testId}
      error={isInvalid ? invalidText : error}
      styles={{ input: { textAlign: 'start' } }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        if (next.trim() === '') onChange(null);
        else {
          const parsed = parseStudyDate(next, format);
          if (parsed) onChange(parsed);
        }
      }}
    />
  );
}
