import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';

type Path = readonly (string | number)[];

/**
 * The translated message of an authoring issue code (domain `AUTHORING_ISSUE_CODES`); any other
 * message (plain text from a schema or the server) reads "invalid", never as sent (issue 14 item 7).
 */
export function issueText(t: TFunction, issue: FieldIssue): string {
  return t(`PROCESSES.ISSUES.${issue.message}`, {
    min: 0,
    ...(issue.params ?? {}),
    defaultValue: t('PROCESSES.ISSUES.INVALID'),
  });
}

/** Issues whose path starts with `prefix`. */
export function issuesAt(issues: readonly FieldIssue[], prefix: Path): FieldIssue[] {
  return issues.filter((issue) => prefix.every((part, i) => issue.path[i] === part));
}

/**
 * The first message for a field: an issue at the path itself or below it (a per-language text reports
 * `[field, language]`), so one input shows every problem of its value.
 */
export function fieldError(t: TFunction, issues: readonly FieldIssue[], path: Path): string | undefined {
  const match = issuesAt(issues, path)[0];
  return match ? issueText(t, match) : undefined;
}
