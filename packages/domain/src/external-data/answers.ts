/**
 * External data rows as answers (issue 28 item 4, spec 001 §4): the raw text of each mapped column
 * becomes the answer a fill would send, and the row is checked by the fill's own check
 * (`checkAnswerSet`: required, types, min/max, show rules and BLOCK validation rules). Issues keep
 * the row's line and the column they come from, so the file can be fixed where it is wrong.
 */
import type { FieldIssue } from '../common/errors';
import type { LocalizedText } from '../common/languages';
import type { FormTemplate, Question, QuestionType } from '../forms/model';
import { ANSWER_SET_MESSAGES, type AnswerSetCheckInput, checkAnswerSet } from '../questionnaires/answer-set';
import { type Answer, createEmptyAnswer } from '../questionnaires/model';
import { collectEmbeddedRules } from '../rules/embedded';
import type { ValidationRule } from '../rules/model';
import {
  EXTERNAL_DATA_MESSAGES,
  type ExternalDataMapping,
  type ExternalDataRow,
  type ExternalDataRowIssue,
} from './mapping';

/** Question types an external-data column can fill: one value, or possibilities named in the cell. */
export const EXTERNAL_DATA_QUESTION_TYPES = [
  'CHECKBOX',
  'NUMBER',
  'TEXT_SENTENCE',
  'TEXT_FREE',
  'TIME',
  'DATE',
  'DATE_TIME',
  'TIME_DURATION',
  'SLIDER',
  'YES_NO',
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'SMILEY',
] as const satisfies readonly QuestionType[];

/** Most rows one file may hold (the import is one transaction). */
export const EXTERNAL_DATA_MAX_ROWS = 2000;
/** Most characters of one CSV file. */
export const EXTERNAL_DATA_MAX_CHARS = 1_000_000;

const CHOICE_TYPES: readonly QuestionType[] = ['YES_NO', 'MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'SMILEY'];
const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/** Whether a question can be filled from a CSV column. */
export function isExternalDataQuestion(question: Pick<Question, 'type'>): boolean {
  return (EXTERNAL_DATA_QUESTION_TYPES as readonly string[]).includes(question.type);
}

/**
 * The mapping against the form (reported on the header, line 1): every mapped question exists in
 * the form and is of a type a column can fill.
 */
export function checkExternalDataMapping(
  form: FormTemplate,
  mapping: ExternalDataMapping,
): ExternalDataRowIssue[] {
  const questions = new Map(form.questions.map((q) => [q.id, q]));
  return Object.entries(mapping.questions).flatMap(([questionId, column]): ExternalDataRowIssue[] => {
    const question = questions.get(questionId);
    if (!question) {
      return [
        {
          line: 1,
          column,
          questionId,
          path: ['mapping', questionId],
          message: EXTERNAL_DATA_MESSAGES.UNKNOWN_QUESTION,
        },
      ];
    }
    if (!isExternalDataQuestion(question)) {
      return [
        {
          line: 1,
          column,
          questionId,
          path: ['mapping', questionId],
          message: EXTERNAL_DATA_MESSAGES.UNSUPPORTED_QUESTION,
          params: { type: question.type },
        },
      ];
    }
    return [];
  });
}

function normalized(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/** A cell naming possibilities: by id, by their text in any language, or by their order (1, 2...). */
function possibilitiesOf(question: Question, cell: string): string[] {
  const parts = question.type === 'MULTIPLE_RESPONSE' ? cell.split('|') : [cell];
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((part) => {
      const wanted = normalized(part);
      const match =
        question.possibilities.find((p) => p.id === part) ??
        question.possibilities.find((p) =>
          Object.values(p.possibility).some((t) => normalized(t) === wanted),
        ) ??
        question.possibilities.find((p, i) => String(p.order ?? i + 1) === part);
      // Left as written when nothing matches: the fill's check reports it as not valid.
      return match?.id ?? part;
    });
}

function checkboxValue(cell: string): string {
  const word = normalized(cell);
  if (TRUE_WORDS.has(word)) return 'true';
  if (FALSE_WORDS.has(word)) return 'false';
  return cell;
}

/** The answers a fill would send for a row: one per mapped question with a value. */
export function externalAnswersOf(
  form: FormTemplate,
  row: ExternalDataRow,
  timeZone: string | null,
): Answer[] {
  const questions = new Map(form.questions.map((q) => [q.id, q]));
  return Object.entries(row.answers).flatMap(([questionId, cell]): Answer[] => {
    const question = questions.get(questionId);
    if (!question || !isExternalDataQuestion(question)) return [];
    const answer = createEmptyAnswer(questionId, timeZone);
    if (CHOICE_TYPES.includes(question.type))
      return [{ ...answer, possibilities: possibilitiesOf(question, cell) }];
    const value = question.type === 'CHECKBOX' ? checkboxValue(cell) : cell;
    return [{ ...answer, answerStrings: [value] }];
  });
}

/**
 * A fill's issues (paths `answers.{questionId}...`) as issues of a file row: the column mapped to
 * the question, or none when the question is not mapped (a required question left out).
 */
export function rowIssuesOf(
  line: number,
  issues: readonly FieldIssue[],
  mapping: ExternalDataMapping,
): ExternalDataRowIssue[] {
  return issues.map((issue) => {
    const questionId =
      issue.path[0] === 'answers' && issue.path[1] !== undefined ? String(issue.path[1]) : undefined;
    const column = questionId ? (mapping.questions[questionId] ?? '') : '';
    return { ...issue, line, column, ...(questionId ? { questionId } : {}) };
  });
}

const LIMIT_PLACEHOLDER = /\{\{?\s*limit\s*\}\}?/g;

/**
 * Spec 001 §3/§5: a BLOCK rule's issue carries the rule's own message (the study author's text in
 * every language it has, `{limit}` filled with the issue's limit), as the fill shows it under the
 * question; the rules are the form's embedded ones and the stand-alone rules on the form. An issue
 * whose rule is not found keeps only its code (the page then shows a generic line).
 */
export function withRuleMessages(
  issues: readonly ExternalDataRowIssue[],
  rules: readonly ValidationRule[],
): ExternalDataRowIssue[] {
  const byId = new Map(rules.flatMap((rule) => (rule.id ? [[rule.id, rule] as const] : [])));
  return issues.map((issue) => {
    if (issue.message !== ANSWER_SET_MESSAGES.RULE_VIOLATION) return issue;
    const ruleId = issue.params?.ruleId;
    const rule = ruleId === undefined ? undefined : byId.get(String(ruleId));
    if (!rule) return issue;
    const limit = issue.params?.limit;
    const ruleMessage: Record<string, string> = {};
    for (const [language, text] of Object.entries(rule.action.message)) {
      if (typeof text !== 'string' || text.trim() === '') continue;
      ruleMessage[language] =
        limit === undefined ? text : text.replace(LIMIT_PLACEHOLDER, () => String(limit));
    }
    return Object.keys(ruleMessage).length > 0
      ? { ...issue, ruleMessage: ruleMessage as LocalizedText }
      : issue;
  });
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function calendarDateIn(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return parts.format(now);
}

export type ExternalRowCheckInput = Omit<AnswerSetCheckInput, 'answers' | 'isFinal' | 'audience'> & {
  row: ExternalDataRow;
  mapping: ExternalDataMapping;
  timeZone: string | null;
};

/** Our rule: an external result is dated on or before today (in the subject's time zone). */
export function eventDateIssues(
  row: ExternalDataRow,
  mapping: ExternalDataMapping,
  today: string,
): ExternalDataRowIssue[] {
  if (row.eventDate <= today) return [];
  return [
    {
      line: row.line,
      column: mapping.eventDateColumn,
      path: ['eventDate'],
      message: EXTERNAL_DATA_MESSAGES.FUTURE_DATE,
    },
  ];
}

/**
 * Spec 001 §4/§5: one row checked as a final staff submit of the form: answer errors and BLOCK
 * rules, each on the row's line and the question's column; an event date after today is refused.
 * Returns the rebuilt answers (as a submit would save them) and the issues.
 */
export function checkExternalDataRow(input: ExternalRowCheckInput): {
  answers: Answer[];
  issues: ExternalDataRowIssue[];
} {
  const { row, mapping } = input;
  const today = calendarDateIn(input.ruleContext.now, input.timeZone ?? 'UTC');
  const result = checkAnswerSet({
    ...input,
    answers: externalAnswersOf(input.form, row, input.timeZone),
    isFinal: true,
    audience: 'staff',
  });
  return {
    answers: result.answers,
    issues: [
      ...eventDateIssues(row, mapping, today),
      ...withRuleMessages(rowIssuesOf(row.line, [...result.issues, ...result.blockingIssues], mapping), [
        ...collectEmbeddedRules(input.form),
        ...(input.validationRules ?? []),
      ]),
    ],
  };
}
