/**
 * TABLE question limits (spec 001 §5): rows and columns, column types and titles,
 * row titles, export labels of letters and digits only, unique across rows and columns.
 */
import type { FieldIssue } from '../common/errors';
import { type Question, TABLE_COLUMN_TYPES } from '../forms/model';
import { authoringIssue, checkLocalizedText, type IssuePath } from './issues';
import { EXPORT_LABEL_MAX, EXPORT_LABEL_PATTERN, TABLE_TITLE_MAX } from './limits';

/** Spec 001 §5 TABLE: at least one row (unless dynamic) and one column, titled, typed, labelled uniquely. */
export function validateTable(
  question: Pick<Question, 'tableRow' | 'tableCol' | 'dynamicTable'>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!question.dynamicTable && question.tableRow.length === 0) {
    issues.push(authoringIssue(['tableRow'], 'TOO_FEW', { min: 1 }));
  }
  if (question.tableCol.length === 0) issues.push(authoringIssue(['tableCol'], 'TOO_FEW', { min: 1 }));
  const labels = new Map<string, IssuePath>();
  const checkLabel = (path: IssuePath, label: string | undefined) => {
    const value = label?.trim() ?? '';
    if (value === '') return;
    if (!EXPORT_LABEL_PATTERN.test(value)) issues.push(authoringIssue(path, 'PATTERN'));
    else if (value.length > EXPORT_LABEL_MAX)
      issues.push(authoringIssue(path, 'MAX_LENGTH', { max: EXPORT_LABEL_MAX }));
    const key = value.toLowerCase();
    if (labels.has(key)) issues.push(authoringIssue(path, 'DUPLICATE'));
    else labels.set(key, path);
  };
  question.tableRow.forEach((row, i) => {
    issues.push(
      ...checkLocalizedText(['tableRow', i, 'title'], row.title, { isRequired: true, max: TABLE_TITLE_MAX }),
    );
    checkLabel(['tableRow', i, 'exportLabel'], row.exportLabel);
  });
  question.tableCol.forEach((col, i) => {
    issues.push(
      ...checkLocalizedText(['tableCol', i, 'title'], col.title, { isRequired: true, max: TABLE_TITLE_MAX }),
    );
    if (!(TABLE_COLUMN_TYPES as readonly string[]).includes(col.type)) {
      issues.push(authoringIssue(['tableCol', i, 'type'], 'REQUIRED'));
    }
    checkLabel(['tableCol', i, 'exportLabel'], col.exportLabel);
  });
  return issues;
}
