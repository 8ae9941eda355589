import { API_KEY_PATTERN, isModuleEnabled } from '@trialbase/domain';
import type { ApiKeyPrincipal } from '../../platform/auth/guard';
import { blockedUntil, recordFailure } from '../../platform/auth/throttle';
import type { Executor } from '../../platform/db/client';
import { AppError, unauthenticated } from '../../platform/errors';
import { findLiveApiKeyByHashAcrossStudies, hashApiKey, touchApiKey } from './repo';

/** Failing bearer attempts per client address: 20 in 10 minutes block the address for 15 minutes. */
const BEARER_POLICY = { maxFailures: 20, windowMinutes: 10, blockMinutes: 15 };
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Spec 001 §2 API access: authenticates a request by its study's API key. Unknown and
 * revoked keys are 401 and count against the caller's address; `last_used_at` is written
 * at most once a minute. The key is never logged or stored in clear.
 */
export async function authenticateApiKey(
  db: Executor,
  input: { token: string; ip: string; now: Date },
): Promise<ApiKeyPrincipal> {
  const throttleKey = `apikey:${input.ip}`;
  if (await blockedUntil(db, throttleKey, input.now)) {
    throw new AppError('RATE_LIMITED', 'Too many invalid API keys from this address. Try again later.');
  }
  const found = API_KEY_PATTERN.test(input.token)
    ? await findLiveApiKeyByHashAcrossStudies(db, hashApiKey(input.token))
    : null;
  if (!found) {
    await recordFailure(db, throttleKey, input.now, BEARER_POLICY);
    throw unauthenticated('The API key is not valid or has been revoked.');
  }
  if (!isModuleEnabled({ modules: found.modules }, 'API_KEYS')) {
    throw new AppError('PRECONDITION', 'The API access module is not enabled for this study.');
  }
  const { key } = found;
  if (!key.lastUsedAt || input.now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiKey(db, key.studyId, key.id, input.now);
  }
  return { studyId: key.studyId, keyId: key.id, viewIdentifiable: key.viewIdentifiable };
}
