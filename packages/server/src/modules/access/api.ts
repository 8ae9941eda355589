/**
 * What the access module offers the other modules (issue 14 item 8): Study access: the caller's roles and permissions per study.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { listActiveAccessForUserAcrossStudies, loadAccessUser } from './repo';
