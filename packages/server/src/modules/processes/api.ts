/**
 * What the processes module offers the other modules (issue 14 item 8): Locking a process row while an enrolment is created on it.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { lockProcessRow } from './repo';
