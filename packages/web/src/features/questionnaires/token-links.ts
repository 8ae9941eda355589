import type { TokenType } from '@trialbase/domain';

/** Spec 000 §3: the token types of unscheduled events (unexpected, discontinued, external). */
const UNSCHEDULED_TOKEN_TYPES = ['UNEXPECTED', 'DISCONTINUED', 'EXTERNAL'] as const;
export type UnscheduledTokenType = (typeof UNSCHEDULED_TOKEN_TYPES)[number];

/** Whether a token belongs to an unscheduled event, whose forms use the `/unscheduled` calls (spec 001 §7). */
export function isUnscheduledToken(type: TokenType | null | undefined): type is UnscheduledTokenType {
  return (UNSCHEDULED_TOKEN_TYPES as readonly (TokenType | null | undefined)[]).includes(type);
}

/** The search parameter marking an unscheduled token on the fill and review routes. */
export const UNSCHEDULED_PARAM = 'unscheduled';

export type TokenPageRef = {
  studyId: string;
  enrollmentId: string;
  tokenId: string;
  dataEventId: string;
  type?: TokenType | null | undefined;
};

/**
 * Spec 001 §2 routes: fill `/study/{studyId}/patient/visit/{pathwayRecordId}/{tokenId}/{dataEventId}`
 * and review `/study/{studyId}/patient/review/{pathwayRecordId}/{dataEventId}/{tokenId}`; an
 * unscheduled token carries `?unscheduled=1` so the page loads its forms with the `/unscheduled` call.
 */
export function tokenPagePath(
  page: 'fill' | 'review',
  ref: TokenPageRef,
  search: Readonly<Record<string, string>> = {},
): string {
  const { studyId, enrollmentId, tokenId, dataEventId } = ref;
  const path =
    page === 'fill'
      ? `/study/${studyId}/patient/visit/${enrollmentId}/${tokenId}/${dataEventId}`
      : `/study/${studyId}/patient/review/${enrollmentId}/${dataEventId}/${tokenId}`;
  const params = new URLSearchParams(search);
  if (isUnscheduledToken(ref.type)) params.set(UNSCHEDULED_PARAM, '1');
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
