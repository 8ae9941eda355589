/**
 * What filling reads of a study's design on every call, kept per study stamp (issue 16 item 2): the
 * form rows (heads: type, current version, removal, revision, row version) of an event's forms, read
 * by a participant's link opening, getProcess and submit, and the rules on a form, read by every
 * submit. The key is the study's `design_stamp` and the study row's version (`xmin`), read with the
 * fill's rows: every write to a form or rule row moves the stamp (migration 0037), and the row version
 * makes a key read inside a transaction that changed the design and then rolled back one that no
 * committed state can give again.
 */
import { createBoundedCache } from '../../../platform/cache/bounded-cache';
import type { Executor } from '../../../platform/db/client';
import { listFormHeads, listFormRuleRows } from '../repo';

export type FormHead = Awaited<ReturnType<typeof listFormHeads>>[number];

/** A form's head under a study stamp; `head: null` for a form the study does not have. */
const kept = createBoundedCache<{ head: FormHead | null }>(5000);

/**
 * The heads of these forms (those the study has, in no particular order); read from the database
 * only for forms not kept under `designKey`, or all of them when there is no key.
 */
export async function readFormHeads(
  db: Executor,
  studyId: string,
  formIds: readonly string[],
  designKey: string | null,
): Promise<FormHead[]> {
  const unique = [...new Set(formIds)];
  if (designKey === null) return listFormHeads(db, studyId, unique);
  const keyOf = (formId: string) => `${studyId}/${designKey}/${formId}`;
  const found: FormHead[] = [];
  const missing: string[] = [];
  for (const id of unique) {
    const entry = kept.get(keyOf(id));
    if (entry === undefined) missing.push(id);
    else if (entry.head) found.push(entry.head);
  }
  if (missing.length === 0) return found;
  const read = new Map((await listFormHeads(db, studyId, missing)).map((h) => [h.id, h]));
  for (const id of missing) {
    const head = read.get(id) ?? null;
    kept.set(keyOf(id), { head });
    if (head) found.push(head);
  }
  return found;
}

export type FormRuleRow = Awaited<ReturnType<typeof listFormRuleRows>>[number];

/** A form's rule rows under a study stamp. */
const rules = createBoundedCache<{ rows: FormRuleRow[] }>(2000);

/** The rule rows on a form (validation and show rules); kept under `designKey`, read when there is none. */
export async function readFormRuleRows(
  db: Executor,
  studyId: string,
  formId: string,
  designKey: string | null,
): Promise<readonly FormRuleRow[]> {
  if (designKey === null) return listFormRuleRows(db, studyId, formId);
  const key = `${studyId}/${designKey}/${formId}`;
  const entry = rules.get(key);
  if (entry) return entry.rows;
  return rules.set(key, { rows: await listFormRuleRows(db, studyId, formId) }).rows;
}
