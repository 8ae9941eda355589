/**
 * What the processes module offers the other modules (issue 14 item 8): Locking a process row while an enrolment is created on it; the live process holding a data event.
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findProcessOfDataEvent, listProcessesChangedSince, lockProcessRow } from './repo';
