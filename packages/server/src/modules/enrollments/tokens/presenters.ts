/** What leaves the server about tokens (CONVENTIONS.md presenters whitelist output). */
import { parseTokenDetails, type TokenStatus, type TokenType, type TokenView } from '@trialbase/domain';
import type { TokenRow } from './repo';
import { scheduleDetailsOf } from './service/advance-enrollment';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The staff view of a token; the link secret only when the caller may see links (TOKEN_VIEW). */
export function presentToken(row: TokenRow, options: { withSecret: boolean }): TokenView {
  return {
    id: row.id,
    studyId: row.studyId,
    enrollmentId: row.enrollmentId,
    processId: row.processId,
    dataEventId: row.dataEventId,
    position: row.position,
    type: row.type as TokenType,
    status: row.status as TokenStatus,
    locked: row.locked,
    missingData: row.missingData,
    activationTime: iso(row.activationTime),
    expiryTime: iso(row.expiryTime),
    activatedAt: iso(row.activatedAt),
    completedTime: iso(row.completedTime),
    startedAt: scheduleDetailsOf(row).startedAt ?? null,
    token: options.withSecret ? row.token : null,
    ...(row.type === 'ECONSENT' ? econsentFieldsOf(row) : {}),
  };
}

/** Spec 001 §3 eConsentLanguage and eConsentKeys of an e-consent token (issue 24): null until signed. */
function econsentFieldsOf(row: TokenRow): Pick<TokenView, 'eConsentLanguage' | 'eConsentKeys'> {
  const details = parseTokenDetails(row.details);
  return { eConsentLanguage: details.eConsentLanguage ?? null, eConsentKeys: details.eConsentKeys ?? null };
}
