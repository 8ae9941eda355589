import type { ModuleDeps } from '../../platform/http/module-deps';
import { OUTBOX_QUEUE } from '../../platform/outbox/outbox';

/**
 * After an account email is queued and committed: deliver it now. Account routes did not kick
 * the outbox, so a sign-up, reset or welcome email waited for the next unrelated kick or restart.
 */
export function deliverAccountEmails(deps: Pick<ModuleDeps, 'jobs'>): void {
  deps.jobs()?.kick(OUTBOX_QUEUE);
}
