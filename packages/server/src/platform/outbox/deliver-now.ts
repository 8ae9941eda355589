import type { ModuleDeps } from '../http/module-deps';
import { OUTBOX_QUEUE } from './outbox';

/**
 * After a route's use case queued an email and committed: deliver it now (the kick coalesces with
 * others, issue 16 item 3). Without it, an account or invitation email waited for an unrelated
 * kick or a restart.
 */
export function deliverOutboxNow(deps: Pick<ModuleDeps, 'jobs'>): void {
  deps.jobs()?.kick(OUTBOX_QUEUE);
}
