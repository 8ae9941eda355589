/**
 * What `enrollment.details` holds, read through the domain's schema (issue 14 item 4): the random id,
 * the sign-off and deactivation signatures, the discontinuation, consent and import.
 */
import { type EnrollmentDetails, parseEnrollmentDetails } from '@trialbase/domain';
import type { EnrollmentRow } from './repo';

export type { EnrollmentDetails, StoredDiscontinuation, StoredSignature } from '@trialbase/domain';

/** The enrollment's runtime state, parsed. */
export function enrollmentDetailsOf(row: Pick<EnrollmentRow, 'details'>): EnrollmentDetails {
  return parseEnrollmentDetails(row.details);
}
