/**
 * What the build-check module offers the other modules (issue 14 item 8): the study-build check, for
 * lifecycle transitions that refuse a study with blocking diagnostics (issue 23 item 3).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { checkStudyBuild } from './service';
