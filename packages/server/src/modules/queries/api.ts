/**
 * What the queries module offers the other modules (issue 14 item 8, issue 19): raising rule
 * queries (questionnaires), the open-query count (study overview) and the port type the
 * questionnaires module implements. Other modules import this file, never ./repo.
 */
export type { FilledFormFacts, FilledFormRef, QuestionnairePort } from './port';
export { answerValues } from './port';
export { QUERY_DIGEST_CRON, QUERY_DIGEST_QUEUE, sendQueryDigests } from './service/digest';
export { activeQueryStatusesByToken, openQueryCount } from './service/list';
export { raiseRuleQuery } from './service/raise-rule-query';
