/**
 * What the tokens module offers the other modules (issue 14 item 8): Token rows: creating them at enrolment, reading and updating them (participant flow, filled forms, uploads, enrolment status).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
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
