/** What `token.details` holds, read through the domain's schema (issue 14 item 4). */
import { parseTokenDetails, type TokenDetails } from '@trialbase/domain';
import type { TokenRow } from './repo';

/** The token's runtime state (forced-order position, pinned schedule, who recorded it), parsed. */
export function tokenDetailsOf(row: Pick<TokenRow, 'details'>): TokenDetails {
  return parseTokenDetails(row.details);
}
