/**
 * Process documents as the fill and schedule read them, cached in process (issue 16 item 2). A
 * process row is kept by its edit revision (raised by every stored change) and the row's
 * transaction id (`xmin`, new on any write to the row), so a changed process is never served from
 * here. Bounded: least recently used out first.
 */
import { type Process, ProcessSchema } from '@trialbase/domain';
import { createBoundedCache } from '../../platform/cache/bounded-cache';

const documents = createBoundedCache<Process>(500);

export type ProcessDocumentKey = { studyId: string; processId: string; revision: number; xmin: string };

const keyOf = (k: ProcessDocumentKey) => `${k.studyId}/${k.processId}/r${k.revision}/x${k.xmin}`;

export function cachedProcess(key: ProcessDocumentKey): Process | undefined {
  return documents.get(keyOf(key));
}

/** Parses a stored process document as the domain reads it and keeps it (frozen: never change it). */
export function rememberProcess(key: ProcessDocumentKey, stored: Record<string, unknown>): Process {
  return documents.set(keyOf(key), ProcessSchema.parse({ ...stored, id: key.processId }));
}
