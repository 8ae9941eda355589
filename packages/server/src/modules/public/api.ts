/**
 * What the public module offers the other modules (issue 14 item 8): Participant links: the study behind a public page and the token behind a link (uploads).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findPublicStudy, findTokenByLink } from './repo';
