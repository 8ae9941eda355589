/**
 * What the questionnaires module offers the other modules (issue 14 item 8): Filled forms: finding them, their answers and their form rows.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export {
  type FillRead,
  type FillRows,
  fillReadOf,
  fillRowsQuery,
  fillRowsWhere,
  fillRowsWithTokenQuery,
  findFormRow,
  findQuestionnaire,
  findTokenFormQuestionnaire,
  listAnswerRows,
  listTokenQuestionnaires,
  type QuestionnaireRow,
} from './repo';
export { questionnairePortOf } from './service/query-port';
