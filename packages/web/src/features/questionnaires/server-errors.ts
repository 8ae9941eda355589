import { collectEmbeddedRules, type FieldIssue, type FormTemplate } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { isHttpError } from '../../app/http';
import { issueText } from '../forms/renderer/issue-text';
import { pickText } from '../forms/renderer/text';

/** Messages per question id, as the renderer shows them under each question. */
export type QuestionErrors = ReadonlyMap<string, readonly string[]>;

const RULE_VIOLATION = 'VALIDATION_RULE_VIOLATION';
const LIMIT = /\{\{?\s*limit\s*\}\}?/g;

/** A BLOCK rule's own text (spec 001 §5: shown as an error) when the form carries it, else a generic line. */
function ruleMessage(t: TFunction, issue: FieldIssue, form: FormTemplate, language: string): string {
  const ruleId = issue.params?.ruleId;
  const rule = collectEmbeddedRules(form).find((r) => r.id !== undefined && r.id === ruleId);
  const text = rule ? pickText(rule.action.message, language) : '';
  const limit = issue.params?.limit;
  if (text) return limit === undefined ? text : text.replace(LIMIT, String(limit));
  return t('QUESTIONNAIRES.MESSAGES.RULE_VIOLATION');
}

function messageOf(t: TFunction, issue: FieldIssue, form: FormTemplate, language: string): string {
  if (issue.message === RULE_VIOLATION) return ruleMessage(t, issue, form, language);
  if (issue.message.startsWith('PUBLIC.VALIDATION.')) return issueText(t, issue);
  // Other keys may be ours; plain text (a schema's or the server's words) reads "not valid" (issue 14 item 7).
  return t(issue.message as 'QUESTIONNAIRES.MESSAGES.FAILED', {
    ...issue.params,
    defaultValue: t('SERVER_ERRORS.INVALID_FIELD'),
  });
}

/**
 * Spec 001 §5, DESIGN.md errors: a 400 from a save lists issues with paths `answers.{questionId}...`;
 * they go back onto their questions. Null when the error is not one of those.
 */
export function questionErrorsFrom(
  t: TFunction,
  error: unknown,
  form: FormTemplate,
  language: string,
): QuestionErrors | null {
  if (!isHttpError(error) || error.status !== 400) return null;
  const issues = error.body?.context?.issues ?? [];
  const byQuestion = new Map<string, string[]>();
  for (const issue of issues) {
    if (issue.path[0] !== 'answers' || issue.path[1] === undefined) continue;
    const questionId = String(issue.path[1]);
    const list = byQuestion.get(questionId) ?? [];
    const text = messageOf(t, { ...issue, path: issue.path.slice(2) }, form, language);
    if (!list.includes(text)) list.push(text);
    byQuestion.set(questionId, list);
  }
  return byQuestion.size > 0 ? byQuestion : null;
}

/** Spec 001 §7 update: a 409 means someone saved a newer version meanwhile. */
export function isVersionConflict(error: unknown): boolean {
  return isHttpError(error) && error.status === 409;
}
