import type { SessionUser } from '@trialbase/domain';
import type { UserRow } from './repo';

/** What the browser may see of the signed-in user (never the hash, lock state or counters). */
export function presentSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isSystemAdmin: user.systemPermissions.includes('SYSTEM_ALL'),
    language: user.language,
  };
}
