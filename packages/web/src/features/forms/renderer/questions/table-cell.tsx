import { FORM_LIMITS, type TableColumn } from '@trialbase/domain';
import { useRendererText } from '../renderer-text';
import { StudyDateInput } from './study-date-input';

type TableCellInputProps = {
  column: TableColumn;
  value: string;
  label: string;
  describedBy: string | undefined;
  isInvalid: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
};

/**
 * One cell of a TABLE question, by its column type (spec 001 §5 TABLE column types). Native fields
 * (issue 16 item 6): a table of three rows held six Mantine inputs with an autosizing textarea.
 */
export function TableCellInput({
  column,
  value,
  label,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: TableCellInputProps) {
  const t = useRendererText();
  const common = {
    className: 'tb-input',
    'aria-label': label,
    'aria-describedby': describedBy,
    'aria-invalid': isInvalid || undefined,
    onBlur,
  };
  switch (column.type) {
    case 'CHECKBOX':
      return (
        <input
          {...common}
          type="checkbox"
          className="tb-cell-checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : '')}
        />
      );
    case 'TEXT_FREE':
      return (
        <textarea
          {...common}
          className="tb-input tb-textarea-cell"
          rows={1}
          dir="auto"
          maxLength={FORM_LIMITS.textLengthCap}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return <StudyDateInput {...common} kind="date" value={value} onChange={onChange} />;
    case 'DATE_TIME':
      return <StudyDateInput {...common} kind="date-time" value={value} onChange={onChange} />;
    case 'TIME':
      return (
        <input
          {...common}
          type="text"
          dir="ltr"
          placeholder={t('RENDERER.TIME.PLACEHOLDER')}
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'TIME_DURATION':
      return (
        <input
          {...common}
          type="text"
          dir="ltr"
          placeholder="0-30"
          maxLength={12}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9-]/g, ''))}
        />
      );
    case 'NUMBER':
      return (
        <input
          {...common}
          type="text"
          inputMode={column.floatingNumber ? 'decimal' : 'numeric'}
          dir="ltr"
          value={value}
          onChange={(e) =>
            onChange(e.currentTarget.value.replace(column.floatingNumber ? /[^0-9.,-]/g : /[^0-9-]/g, ''))
          }
        />
      );
    case 'TEXT_SENTENCE':
      return (
        <input
          {...common}
          type="text"
          dir="auto"
          maxLength={FORM_LIMITS.textLengthCap}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return null;
  }
}
