/**
 * What the studies module offers the other modules (issue 14 item 8): Studies: finding one.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findStudy } from './repo';
