/**
 * What the forms module offers the other modules (issue 14 item 8): Form templates: the study's forms and its images;
 * publishing or reverting the forms an amendment changed (issue 23 item 1).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */
export { findImage, listForms } from './repo';
export { listChangedForms, publishChangedForms, revertChangedForms } from './service/amendment-forms';
