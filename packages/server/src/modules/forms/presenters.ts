/** What leaves the server for forms: whitelisted by the response schemas of `forms/schemas.ts`. */
import type {
  FormListItem,
  FormLocks,
  FormTemplateDocument,
  FormTemplateView,
  FormType,
} from '@trialbase/domain';
import { readDocument } from './documents';
import type { FormRow, FormVersionRow } from './repo';

/** The draft of a form with its server-held fields (version, default AE flag) and locks. */
export function presentForm(row: FormRow, locks: FormLocks, isUsedInProcess: boolean): FormTemplateView {
  const doc = readDocument(row.document);
  return {
    ...doc,
    id: row.id,
    type: row.type as FormType,
    version: { major: row.versionMajor, minor: row.versionMinor },
    isDefaultAeForm: row.isDefaultAeForm,
    isUsedInProcess,
    updatedAt: row.updatedAt.toISOString(),
    revision: row.revision,
    locks,
  };
}

/** A published version as the builder reads it: always read only. */
export function presentVersion(row: FormVersionRow): FormTemplateView {
  const doc: FormTemplateDocument = readDocument(row.document);
  return {
    ...doc,
    id: row.formId,
    version: { major: row.major, minor: row.minor },
    published: true,
    updatedAt: row.publishedAt.toISOString(),
    locks: { isReadOnly: true, isTypeLocked: true, isAeTypeLocked: true },
  };
}

/** One row of the forms list (spec 001 §7). */
export function presentListItem(
  row: FormRow,
  isUsedInProcess: boolean,
  versions?: FormVersionRow[],
): FormListItem {
  const doc = readDocument(row.document);
  return {
    id: row.id,
    title: doc.title,
    type: row.type as FormType,
    version: { major: row.versionMajor, minor: row.versionMinor },
    published: doc.published,
    isUsedInProcess,
    isDefaultAeForm: row.isDefaultAeForm,
    updatedAt: row.updatedAt.toISOString(),
    ...(versions
      ? {
          versions: versions.map((v) => ({
            major: v.major,
            minor: v.minor,
            publishedAt: v.publishedAt.toISOString(),
          })),
        }
      : {}),
  };
}
