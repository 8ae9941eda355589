/**
 * What the enrollments module offers the other modules about an enrolment's tokens (issue 14 item 8):
 * token rows, reading and updating them (participant flow, filled forms, uploads). The tokens are
 * the enrolment's schedule, so they live inside the enrollments module (enrollments/tokens/): one
 * aggregate, one module, no import loop between two. Other modules import this file, never ./repo
 * (scripts/check-boundaries.mjs fails on that).
 */
export {
  claimNotification,
  findToken,
  insertTokens,
  listEnrollmentTokens,
  listUnscheduledTokensAtSite,
  type TokenInsert,
  type TokenRow,
  updateToken,
} from './repo';
