import { Checkbox, Textarea, TextInput } from '@mantine/core';
import { FORM_LIMITS, type TableColumn } from '@trialbase/domain';
import { useTranslation } from 'react-i18next';

type TableCellInputProps = {
  column: TableColumn;
  value: string;
  label: string;
  describedBy: string | undefined;
  isInvalid: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/** One cell of a TABLE question, by its column type (spec 001 §5 TABLE column types). */
export function TableCellInput({
  column,
  value,
  label,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: TableCellInputProps) {
  const { t } = useTranslation();
  const common = {
    withAria: false,
    error: isInvalid,
    'aria-label': label,
    'aria-describedby': describedBy,
    'aria-invalid': isInvalid || undefined,
    onBlur,
    size: 'sm' as const,
  };
  switch (column.type) {
    case 'CHECKBOX':
      return (
        <Checkbox
          {...common}
          checked={value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
        />
      );
    case 'TEXT_FREE':
      return (
        <Textarea
          {...common}
          autosize
          minRows={1}
          maxLength={FORM_LIMITS.textLengthCap}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          min={FORM_LIMITS.earliestDate}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE_TIME':
      return (
        <TextInput
          {...common}
          type="datetime-local"
          min={`${FORM_LIMITS.earliestDate}T00:00`}
          value={value.slice(0, 16)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TIME':
      return (
        <TextInput
          {...common}
          dir="ltr"
          placeholder={t('RENDERER.TIME.PLACEHOLDER')}
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TIME_DURATION':
      return (
        <TextInput
          {...common}
          dir="ltr"
          placeholder="0-30"
          maxLength={12}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9-]/g, ''))}
        />
      );
    case 'NUMBER':
      return (
        <TextInput
          {...common}
          inputMode={column.floatingNumber ? 'decimal' : 'numeric'}
          value={value}
          onChange={(e) =>
            onChange(e.currentTarget.value.replace(column.floatingNumber ? /[^0-9.,-]/g : /[^0-9-]/g, ''))
          }
        />
      );
    case 'TEXT_SENTENCE':
      return (
        <TextInput
          {...common}
          maxLength={FORM_LIMITS.textLengthCap}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return null;
  }
}
