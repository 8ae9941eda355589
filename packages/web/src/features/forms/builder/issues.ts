import type { FieldIssue } from '@trialbase/domain';
import type { TFunction } from 'i18next';

/** Issues under `prefix`, with their paths relative to it. */
export function issuesUnder(
  issues: readonly FieldIssue[],
  prefix: readonly (string | number)[],
): FieldIssue[] {
  return issues
    .filter((issue) => prefix.every((part, i) => issue.path[i] === part))
    .map((issue) => ({ ...issue, path: issue.path.slice(prefix.length) }));
}

/** The translated message of an authoring issue code (domain `AUTHORING_ISSUE_CODES`, show-rule reasons). */
export function issueText(t: TFunction, issue: FieldIssue): string {
  const params = issue.params ?? {};
  const code = typeof params.reason === 'string' ? params.reason : issue.message;
  return t(`FORMS.ISSUES.${code}`, { ...params, defaultValue: t('FORMS.ISSUES.INVALID') });
}

/** The first message for a field path (exact match, or any issue below it when `deep`). */
export function fieldError(
  t: TFunction,
  issues: readonly FieldIssue[],
  path: readonly (string | number)[],
  deep = false,
): string | undefined {
  const match = issues.find(
    (issue) => (deep || issue.path.length === path.length) && path.every((part, i) => issue.path[i] === part),
  );
  return match ? issueText(t, match) : undefined;
}
