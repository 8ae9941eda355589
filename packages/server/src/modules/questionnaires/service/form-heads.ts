/**
 * The form rows (heads: type, current version, removal, revision, row version) that filling reads for
 * every form of an event, kept per study stamp (issue 16 item 2): a participant's link opening, its
 * getProcess and its submit each read them. The key is the study's `forms_stamp` and the study row's
 * version (`xmin`), read with the fill's rows: every write to a form row moves the stamp
 * (migration 0037), and the row version makes a key read inside a transaction that changed forms
 * and then rolled back one that no committed state can give again.
 */
import { createBoundedCache } from '../../../platform/cache/bounded-cache';
import type { Executor } from '../../../platform/db/client';
import { listFormHeads } from '../repo';

export type FormHead = Awaited<ReturnType<typeof listFormHeads>>[number];

/** A form's head under a study stamp; `head: null` for a form the study does not have. */
const kept = createBoundedCache<{ head: FormHead | null }>(5000);

/**
 * The heads of these forms (those the study has, in no particular order); read from the database
 * only for forms not kept under `formsKey`, or all of them when there is no key.
 */
export async function readFormHeads(
  db: Executor,
  studyId: string,
  formIds: readonly string[],
  formsKey: string | null,
): Promise<FormHead[]> {
  const unique = [...new Set(formIds)];
  if (formsKey === null) return listFormHeads(db, studyId, unique);
  const keyOf = (formId: string) => `${studyId}/${formsKey}/${formId}`;
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
