import { describe, expect, it } from 'vitest';
import { econsentPath } from './econsent-paths';

const link = { studyId: 'a'.repeat(24), tokenId: 'b'.repeat(24), token: 'T0k3n'.padEnd(32, 'x') };

describe('spec 002 §2 e-consent routes', () => {
  it('signing pages carry the token string, the explicit variant its own path', () => {
    expect(econsentPath(link, 'sign', 'de')).toBe(
      `/public/${link.studyId}/econsent/sign/${link.tokenId}/${link.token}?lang=de`,
    );
    expect(econsentPath(link, 'sign-explicit', 'ar')).toBe(
      `/public/${link.studyId}/econsent/sign-explicit/${link.tokenId}/${link.token}?lang=ar`,
    );
  });

  it('002 §4: after signing, the fill page names only the token id', () => {
    expect(econsentPath(link, 'fill', 'he-il')).toBe(
      `/public/${link.studyId}/econsent/fill/${link.tokenId}?lang=he-il`,
    );
  });

  it('without the link itself (fill page reopened) every page is the fill page', () => {
    expect(econsentPath({ ...link, token: null }, 'sign', 'en')).toBe(
      `/public/${link.studyId}/econsent/fill/${link.tokenId}?lang=en`,
    );
  });
});
