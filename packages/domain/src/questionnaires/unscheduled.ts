/**
 * Unscheduled events as a fill context sees them (spec 001 §3 "unexpected events are recorded per
 * enrollment", process switches unexpectedVisit / discontinueDataEvent / externalDataEvent{selectedQts,
 * selectedOptionalQts}; §7 Filled forms `.../questionnaires/unscheduled`).
 *
 * Our reading, where the spec is silent: an unscheduled token's `dataEventId` is the id of the process's
 * selection for its type; the event behaves like a staff event (forms filled by staff, any order), its
 * mandatory forms are `selectedQts` and its optional ones `selectedOptionalQts`. The selection is read even
 * when the process has since switched the event off, so data already recorded stays reachable.
 */
import { UNSCHEDULED_EVENTS } from '../enrollments/staff-rules';
import {
  type DataEvent,
  DataEventSchema,
  type Process,
  type UnscheduledDataEventType,
} from '../processes/model';
import type { TokenType } from '../tokens/model';

/** The unscheduled event type of a token type, or null for a scheduled token. */
export function unscheduledTypeOfToken(tokenType: string): UnscheduledDataEventType | null {
  for (const [type, meta] of Object.entries(UNSCHEDULED_EVENTS)) {
    if (meta.tokenType === (tokenType as TokenType)) return type as UnscheduledDataEventType;
  }
  return null;
}

/**
 * Spec 001 §3 / §7: the data event an unscheduled token is filled in, built from the process's
 * selection for its type; null when the token is not unscheduled or its selection id does not match.
 */
export function unscheduledDataEventOf(
  process: Process,
  token: { type: string; dataEventId: string },
): DataEvent | null {
  const type = unscheduledTypeOfToken(token.type);
  if (!type) return null;
  const selection = process[UNSCHEDULED_EVENTS[type].selection];
  if (!selection.id || selection.id !== token.dataEventId) return null;
  const optional = selection.selectedOptionalQts.filter((id) => !selection.selectedQts.includes(id));
  return DataEventSchema.parse({
    id: selection.id,
    type,
    forms: selection.selectedQts,
    optionalForms: optional,
    forceFormOrder: false,
    sendAs: 'NO_SEND_OUT',
  });
}
