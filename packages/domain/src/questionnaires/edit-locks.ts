/** Edit locks of a filled form (spec 001 §4 "Form editing locks"). */
import type { StudyStatus } from '../studies/model';
import type { TokenStatus } from '../tokens/model';

/** Why a completed form cannot be edited now; the first reason found is reported. */
export const EDIT_BLOCK_REASONS = [
  'STUDY_STATUS_MISMATCH',
  'TOKEN_LOCKED',
  'EVENT_NOT_EDITABLE',
  'FORM_REMOVED',
] as const;
export type EditBlockReason = (typeof EDIT_BLOCK_REASONS)[number];

/** Study statuses in which filled forms can be edited: production, and test (a test run behaves like production). */
export const FORM_EDIT_STUDY_STATUSES = ['PRODUCTION', 'TEST'] as const satisfies readonly StudyStatus[];

/** Token statuses whose data event is no longer editable: not active yet, excluded or switched off. */
const NOT_EDITABLE_TOKEN_STATUSES: readonly TokenStatus[] = ['NOT_ACTIVE', 'EXCLUDED', 'DISABLED'];

/**
 * Spec 001 §4: editing a filled form is allowed only when the study is in production (ours: or test),
 * the event is editable, the form is not removed and not token-locked; never in an amendment.
 */
export function formEditBlockReason(input: {
  studyStatus: StudyStatus;
  tokenStatus: TokenStatus;
  isTokenLocked: boolean;
  isFormRemoved: boolean;
}): EditBlockReason | null {
  if (!(FORM_EDIT_STUDY_STATUSES as readonly string[]).includes(input.studyStatus)) {
    return 'STUDY_STATUS_MISMATCH';
  }
  if (input.isTokenLocked) return 'TOKEN_LOCKED';
  if (NOT_EDITABLE_TOKEN_STATUSES.includes(input.tokenStatus)) return 'EVENT_NOT_EDITABLE';
  if (input.isFormRemoved) return 'FORM_REMOVED';
  return null;
}
