/**
 * Authoring and comment limits (spec 001 §5 "Authoring limits", §9 business constants).
 * Values the spec leaves unshown are marked; they are our choice (DESIGN.md: decide, document).
 */
import type { FieldIssue } from '../common/errors';
import { checkPlainText } from './issues';

/** Spec 001 §5 / §9. */
export const FORM_NAME_MAX = 64;
export const FORM_INTRO_TEXT_MAX = 20000;
export const POSSIBILITY_TEXT_MAX = 1024;
export const QUESTION_COMMENT_MAX = 256;
export const QUERY_TEXT_MAX = 1000;
export const UPDATE_COMMENT_MAX = 2048;
export const NUMBER_BOUND = 9999999999999;
export const TEXT_LENGTH_MIN = 1;
export const TEXT_LENGTH_MAX = 10000;
/** Spec 001 §5 translation question text editor: 1024; information texts are rich text (20000). */
export const QUESTION_TEXT_MAX = 1024;
export const RICH_TEXT_MAX = 20000;
/** Not shown in the spec: custom footer (rich text cap), export labels, table titles. */
export const FORM_CUSTOM_FOOTER_MAX = RICH_TEXT_MAX;
export const EXPORT_LABEL_MAX = 64;
export const TABLE_TITLE_MAX = 1024;
/** Spec 001 §5: export labels are letters and digits only. */
export const EXPORT_LABEL_PATTERN = /^[A-Za-z0-9]+$/;
/** Highest number of decimals of a calculated question (the range `toFixed` accepts everywhere). */
export const CALCULATION_DECIMALS_MAX = 20;

/** Spec 001 §5: a comment on a question is at most 256 characters. */
export function validateQuestionComment(comment: string | null | undefined): FieldIssue[] {
  return checkPlainText(['comment'], comment, { isRequired: false, max: QUESTION_COMMENT_MAX });
}

/** Spec 001 §5: query text is required, at most 1000 characters. */
export function validateQueryText(queryText: string | null | undefined): FieldIssue[] {
  return checkPlainText(['queryText'], queryText, { isRequired: true, max: QUERY_TEXT_MAX });
}

/** Spec 001 §5: the comment on an update of a filled form is required, at most 2048 characters. */
export function validateUpdateComment(comment: string | null | undefined): FieldIssue[] {
  return checkPlainText(['comment'], comment, { isRequired: true, max: UPDATE_COMMENT_MAX });
}
