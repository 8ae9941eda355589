import type { SigningLink } from './econsent-api';

/**
 * Spec 002 §2 e-consent routes: sign and sign-explicit carry the link's token string, fill only
 * the token id (the participant session carries on).
 */
export function econsentPath(
  link: SigningLink,
  page: 'sign' | 'sign-explicit' | 'fill',
  lang: string,
): string {
  const studyId = encodeURIComponent(link.studyId);
  const tokenId = encodeURIComponent(link.tokenId);
  const query = `?lang=${encodeURIComponent(lang)}`;
  if (page === 'fill' || !link.token) return `/public/${studyId}/econsent/fill/${tokenId}${query}`;
  return `/public/${studyId}/econsent/${page}/${tokenId}/${encodeURIComponent(link.token)}${query}`;
}
