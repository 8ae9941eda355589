/**
 * Form documents as filling reads them, cached in process (issue 16 item 2). A published version
 * never changes (a trigger refuses it), so it is kept by study, form and version number; a draft
 * is kept by its edit revision and the row's transaction id (`xmin`), which changes with any write
 * to the row, so a changed draft is never served from here. Bounded: least recently used out first.
 */
import type { FormTemplateDocument } from '@trialbase/domain';
import { createBoundedCache } from '../../platform/cache/bounded-cache';
import { readDocument } from './documents';

const published = createBoundedCache<FormTemplateDocument>(2000);
const drafts = createBoundedCache<FormTemplateDocument>(500);

export type FormVersionKey = { studyId: string; formId: string; major: number; minor: number };
export type FormDraftKey = { studyId: string; formId: string; revision: number; xmin: string };

const versionKey = (k: FormVersionKey) => `${k.studyId}/${k.formId}/${k.major}.${k.minor}`;
const draftKey = (k: FormDraftKey) => `${k.studyId}/${k.formId}/r${k.revision}/x${k.xmin}`;

/** The published version's document, parsed, when it was read before. */
export function cachedPublishedForm(key: FormVersionKey): FormTemplateDocument | undefined {
  return published.get(versionKey(key));
}

/** Parses a published version's stored document and keeps it (frozen: never change it). */
export function rememberPublishedForm(
  key: FormVersionKey,
  stored: Record<string, unknown>,
): FormTemplateDocument {
  return published.set(versionKey(key), readDocument({ ...stored, id: key.formId }));
}

export function cachedDraftForm(key: FormDraftKey): FormTemplateDocument | undefined {
  return drafts.get(draftKey(key));
}

/** Parses a draft's stored document and keeps it under its revision and row version. */
export function rememberDraftForm(key: FormDraftKey, stored: Record<string, unknown>): FormTemplateDocument {
  return drafts.set(draftKey(key), readDocument({ ...stored, id: key.formId }));
}
