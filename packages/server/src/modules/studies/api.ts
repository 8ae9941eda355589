/**
 * What the studies module offers the other modules (issue 14 item 8): Studies: finding one; the
 * scheduled amendment finish for the job queue (issue 23 item 1); the share-locked check that the
 * study takes data writes (AEs, medication).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findStudy } from './repo';
export { AMENDMENT_CRON, AMENDMENT_QUEUE, runDueAmendments } from './service/amendments';
export { assertStudyTakesDataWrites } from './service/data-writes';
