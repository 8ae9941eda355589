/**
 * What the forms module offers the other modules (issue 14 item 8): Form templates: the study's forms and its images;
 * publishing or reverting the forms an amendment changed (issue 23 item 1).
 * Other modules import this file, never ./repo (scripts/check-boundaries.mjs fails on that).
 */

// Form imports (issue 27): new forms from converted drafts, with the same checks as any new form.
export { copyWithNewIds, formName, readDocument, uniqueTitle } from './documents';
export { findImage, listFormNames, listForms } from './repo';
export { listChangedForms, publishChangedForms, revertChangedForms } from './service/amendment-forms';
export { assertStructureEditable, requireForm, requireFormStudy } from './service/guards';
export { createForm } from './service/save-form';
