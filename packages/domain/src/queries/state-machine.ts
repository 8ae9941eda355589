import { defineStateMachine } from '../common/state-machine';
import type { QueryDialogAction, QueryStatus } from './model';

/** Query status actions (spec 001 §4 dialog actions, 001 §7 respond / close / reopen). */
export const QUERY_ACTIONS = ['respond', 'decline', 'close', 'quickClose', 'reopen'] as const;
export type QueryAction = (typeof QUERY_ACTIONS)[number];

/**
 * Spec 000 §4 / 001 §4 and DESIGN.md decisions: closing is allowed from OPEN or RESPONDED;
 * reopen returns a closed query to OPEN. Ours where the spec is silent:
 * - respond only from OPEN: once answered the raiser must close or decline it, so a
 *   response is never silently replaced;
 * - decline (the raiser rejects the response) returns RESPONDED to OPEN;
 * - quickClose closes without a comment, from the same states as close.
 */
export const queryStateMachine = defineStateMachine<QueryStatus, QueryAction>({
  name: 'query',
  errorType: 'QUERY',
  transitions: {
    OPEN: { respond: 'RESPONDED', close: 'CLOSED', quickClose: 'CLOSED' },
    RESPONDED: { decline: 'OPEN', close: 'CLOSED', quickClose: 'CLOSED' },
    CLOSED: { reopen: 'OPEN' },
  },
});

/** Spec 001 §4: the status action behind each dialog action; CREATE opens a new query. */
export const QUERY_DIALOG_ACTION_TO_ACTION = {
  CREATE: null,
  RESPOND: 'respond',
  DECLINE: 'decline',
  REOPEN: 'reopen',
  QUICK_CLOSE: 'quickClose',
  CLOSE: 'close',
} as const satisfies Record<QueryDialogAction, QueryAction | null>;

/** Spec 001 §4: the status a new query starts in. */
export function initialQueryStatus(): QueryStatus {
  return 'OPEN';
}
