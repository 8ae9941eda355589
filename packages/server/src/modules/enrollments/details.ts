/**
 * What `enrollment.details` holds (the table keeps later issues' fields in jsonb): the random id,
 * the sign-off and deactivation signatures, and the discontinuation.
 */
import type { DiscontinuationReason } from '@trialbase/domain';
import type { EnrollmentRow } from './repo';

/** A signature kept on the enrollment (DESIGN.md e-signatures: who, printed name, when, why). */
export type StoredSignature = {
  signedBy: string;
  signedByName: string;
  signedTime: string;
  reason: string | null;
  meaning: string;
};

export type StoredDiscontinuation = {
  reason: DiscontinuationReason;
  otherReason: string | null;
  discontinuedBy: string | null;
  discontinuedTime: string;
  tokenId: string;
};

export type EnrollmentDetails = {
  randomId?: string | null;
  signOff?: StoredSignature | null;
  deactivation?: StoredSignature | null;
  discontinuation?: StoredDiscontinuation | null;
  /**
   * The links the last deactivation or discontinuation switched off, with their status before:
   * a reactivation gives them back (waiting ones wait again, open ones reopen).
   */
  disabledTokens?: { id: string; status: string }[];
};

export function enrollmentDetailsOf(row: Pick<EnrollmentRow, 'details'>): EnrollmentDetails {
  return row.details as EnrollmentDetails;
}
