import { type PublicConsentInfo, publicRoutes } from '@trialbase/domain';
import { callPublic } from '../app/api';

const cache = new Map<string, Promise<PublicConsentInfo>>();

/**
 * Spec 002 §7 getInfo (cached): the consent text of a link. The token page asks for it while the
 * link is validated, so the consent page that usually follows shows the text without waiting.
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
