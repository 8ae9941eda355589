/** Pure helpers over stored process documents: reading them back, new ids, copy names, rich texts. */
import {
  type DataEvent,
  type LocalizedText,
  PROCESS_NAME_MAX,
  type Process,
  ProcessSchema,
  type ProcessWriteSchema,
} from '@trialbase/domain';
import type { z } from 'zod';
import { newId } from '../../platform/ids';
import { sanitizeRichText } from '../forms/sanitize';
import type { ProcessRow } from './repo';

type ProcessWriteParsed = z.output<typeof ProcessWriteSchema>;

/** Reads a stored process back through the schema (defaults filled for older rows). */
export function readProcess(row: Pick<ProcessRow, 'id' | 'document'>): Process {
  return ProcessSchema.parse({ ...row.document, id: row.id });
}

/** The document column: the process without its id (tables.ts). */
export function toDocument(process: Process): Record<string, unknown> {
  const { id: _id, ...document } = process;
  return document;
}

function sanitizeLocalized(text: LocalizedText | undefined): LocalizedText | undefined {
  if (!text) return text;
  return Object.fromEntries(
    Object.entries(text).map(([language, value]) => [
      language,
      typeof value === 'string' ? sanitizeRichText(value) : value,
    ]),
  ) as LocalizedText;
}

/** DESIGN.md rich text: consent and public intro texts and the event's subject text are sanitised on save. */
function sanitizeProcess(process: Process): Process {
  return {
    ...process,
    consentText: sanitizeLocalized(process.consentText),
    publicIntroText: sanitizeLocalized(process.publicIntroText),
    dataEvents: process.dataEvents.map((e) => ({ ...e, subjectText: sanitizeLocalized(e.subjectText) })),
  };
}

/** Server-held values of a process: ids of events and selections the client cannot choose, derived flags. */
export type ServerHeld = {
  id: string;
  /** The stored process being replaced, or null for a new one. */
  before: Process | null;
  derived: Pick<
    Process,
    | 'fullyEditable'
    | 'hasUnexpected'
    | 'hasDiscontinued'
    | 'hasExternalEvent'
    | 'hasRandomizationOnProcess'
    | 'didUploadCustomRandomizationList'
  >;
  now: Date;
};

/**
 * The process to store from a write body: events already in `before` keep their ids, every other
 * event gets a new one (stratifications that named the client's id follow it); unscheduled
 * selections keep or get their ids; derived flags come from the server, never from the body.
 */
export function buildProcess(input: ProcessWriteParsed, held: ServerHeld): Process {
  // The revision names the save's starting point (issue 13 item 8); it is a column, not the document.
  const { revision: _revision, ...body } = input;
  const known = new Set(held.before?.dataEvents.map((e) => e.id) ?? []);
  const renamed = new Map<string, string>();
  const dataEvents: DataEvent[] = body.dataEvents.map((event) => {
    if (event.id && known.has(event.id)) return { ...event, id: event.id };
    const id = newId(held.now);
    if (event.id) renamed.set(event.id, id);
    return { ...event, id };
  });
  const selection = (
    key: 'unexpectedVisit' | 'discontinueDataEvent' | 'externalDataEvent',
  ): Process[typeof key] => ({
    ...body[key],
    id: held.before?.[key].id ?? newId(held.now),
  });
  const process: Process = {
    ...body,
    ...held.derived,
    id: held.id,
    pathwayName: body.pathwayName.trim(),
    dataEvents,
    unexpectedVisit: selection('unexpectedVisit'),
    discontinueDataEvent: selection('discontinueDataEvent'),
    externalDataEvent: selection('externalDataEvent'),
    questionStratifications: body.questionStratifications.map((s) => ({
      ...s,
      dataEvent: s.dataEvent ? (renamed.get(s.dataEvent) ?? s.dataEvent) : s.dataEvent,
    })),
  };
  return sanitizeProcess(process);
}

/** A name no live process of the study uses: "Name (copy)", "Name (copy 2)", … within 64 characters. */
export function uniqueCopyName(name: string, taken: readonly string[]): string {
  const names = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const next = `${name.slice(0, PROCESS_NAME_MAX - suffix.length)}${suffix}`;
    if (!names.has(next.toLowerCase())) return next;
  }
}

/** A copy of a process with new data event and selection ids; stratifications follow their events. */
export function copyWithNewIds(process: Process, id: string, name: string, now: Date): Process {
  const ids = new Map(process.dataEvents.map((e) => [e.id, newId(now)]));
  return {
    ...process,
    id,
    pathwayName: name,
    dataEvents: process.dataEvents.map((e) => ({ ...e, id: ids.get(e.id) ?? newId(now) })),
    unexpectedVisit: { ...process.unexpectedVisit, id: newId(now) },
    discontinueDataEvent: { ...process.discontinueDataEvent, id: newId(now) },
    externalDataEvent: { ...process.externalDataEvent, id: newId(now) },
    trialGroups: process.trialGroups.map((g) => ({ ...g, ...(g.id ? { id: newId(now) } : {}) })),
    questionStratifications: process.questionStratifications.map((s) => ({
      ...s,
      dataEvent: s.dataEvent ? (ids.get(s.dataEvent) ?? s.dataEvent) : s.dataEvent,
    })),
  };
}
