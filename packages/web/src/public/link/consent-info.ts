import { type PublicConsentInfo, publicRoutes } from '@trialbase/domain';
import { callPublic } from '../app/api';

const cache = new Map<string, Promise<PublicConsentInfo>>();

/**
 * Spec 002 §7 getInfo (cached): the consent text of a link. The validation's answer brings it when
 * the consent page comes next (`seedConsentInfo`), so that page shows the text without waiting; the
 * token page asks for it itself only for a link it could not open (the study's language).
 */
export function loadConsentInfo(studyId: string, token: string): Promise<PublicConsentInfo> {
  const key = `${studyId}/${token}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = callPublic(publicRoutes.consentInfo, { params: { studyId, token } });
    // A failed answer is not kept: the next attempt asks again.
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** The consent info that came with the link's validation (issue 16): the next load takes it. */
export function seedConsentInfo(studyId: string, token: string, info: PublicConsentInfo): void {
  cache.set(`${studyId}/${token}`, Promise.resolve(info));
}
