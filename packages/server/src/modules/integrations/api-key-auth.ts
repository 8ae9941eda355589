import { API_KEY_PATTERN, isModuleEnabled } from '@trialbase/domain';
import type { ApiKeyPrincipal } from '../../platform/auth/guard';
import { refusedUntil, reserve } from '../../platform/auth/throttle';
import type { Executor } from '../../platform/db/client';
import { AppError, unauthenticated } from '../../platform/errors';
import { findLiveApiKeyByHashAcrossStudies, hashApiKey, touchApiKey } from './repo';
import { apiUserSettingsOf } from './settings';

/** Failing bearer attempts per client address: 20 in 10 minutes block the address for 15 minutes. */
const BEARER_POLICY = { maxFailures: 20, windowMinutes: 10, blockMinutes: 15 };
const TOUCH_INTERVAL_MS = 60_000;

function tooManyInvalidKeys(): AppError {
  return new AppError('RATE_LIMITED', 'Too many invalid API keys from this address. Try again later.');
}

/**
 * Spec 001 §2 API access: authenticates a request by its study's API key. Unknown and
 * revoked keys are 401 and count against the caller's address; `last_used_at` is written
 * at most once a minute. Failures are reserved against the address's limit (issue 17). The key is never logged or stored in clear.
 */
export async function authenticateApiKey(
  db: Executor,
  input: { token: string; ip: string; now: Date },
): Promise<ApiKeyPrincipal> {
  const throttleKey = `apikey:${input.ip}`;
  const found = API_KEY_PATTERN.test(input.token)
    ? await findLiveApiKeyByHashAcrossStudies(db, hashApiKey(input.token))
    : null;
  if (!found) {
    // Issue 17: a failure reserves its use in one statement before it is answered, so a burst
    // of wrong keys gets exactly the limit answered 401 and the rest 429. A key is long and random,
    // so the lookup itself reveals nothing guessable; what the limit counts is failures.
    const failure = await reserve(db, throttleKey, input.now, BEARER_POLICY);
    if (!failure.allowed) throw tooManyInvalidKeys();
    throw unauthenticated('The API key is not valid or has been revoked.');
  }
  // A valid key counts nothing (a burst of good calls is never refused by its own uses), but an
  // address whose failures fill the window is refused until the window ends.
  if (await refusedUntil(db, throttleKey, input.now, BEARER_POLICY)) throw tooManyInvalidKeys();
  if (!isModuleEnabled({ modules: found.modules }, 'API_KEYS')) {
    throw new AppError('PRECONDITION', 'The API access module is not enabled for this study.');
  }
  const { key } = found;
  if (!key.lastUsedAt || input.now.getTime() - key.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiKey(db, key.studyId, key.id, input.now);
  }
  return {
    studyId: key.studyId,
    keyId: key.id,
    viewIdentifiable: key.viewIdentifiable,
    dataFeed: apiUserSettingsOf(found.settings).dataFeed,
    dataWrite: apiUserSettingsOf(found.settings).dataWrite,
  };
}
