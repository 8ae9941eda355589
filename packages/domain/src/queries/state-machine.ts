import type { Permission } from '../access/permissions';
import { defineStateMachine } from '../common/state-machine';
import type { FormStatus } from '../forms/model';
import {
  isQueryActive,
  QUERY_ACTION_PERMISSIONS,
  QUERY_DIALOG_ACTIONS,
  type QueryDialogAction,
  type QueryStatus,
} from './model';

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

/**
 * Spec 001 §4 dialog actions on an existing query: the status it leads to, or null when the
 * query's status refuses it (CREATE raises a new query and is never an action on one).
 */
export function queryDialogTarget(status: QueryStatus, action: QueryDialogAction): QueryStatus | null {
  const statusAction = QUERY_DIALOG_ACTION_TO_ACTION[action];
  if (statusAction === null) return null;
  return queryStateMachine.can(status, statusAction) ? queryStateMachine.next(status, statusAction) : null;
}

/** Asserts the dialog action is allowed from the status (throws the machine's QUERY error) and returns the target. */
export function assertQueryDialogAction(status: QueryStatus, action: Exclude<QueryDialogAction, 'CREATE'>) {
  return queryStateMachine.next(status, QUERY_DIALOG_ACTION_TO_ACTION[action]);
}

/**
 * Spec 001 §4 "only the actions the user's permission and the query's state allow": the dialog
 * actions offered on a query (`status`), or on a question without a current query (`status` null:
 * only CREATE). `has` answers whether the user holds a permission for the query's site.
 */
export function availableQueryActions(
  status: QueryStatus | null,
  has: (permission: Permission) => boolean,
): QueryDialogAction[] {
  if (status === null) return has(QUERY_ACTION_PERMISSIONS.CREATE) ? ['CREATE'] : [];
  return QUERY_DIALOG_ACTIONS.filter(
    (a) => a !== 'CREATE' && queryDialogTarget(status, a) !== null && has(QUERY_ACTION_PERMISSIONS[a]),
  );
}

/**
 * Spec 001 §4 "query overrides the others when any question has an open or responded query":
 * the form status to show for an answer set whose status without queries is `base`.
 */
export function formStatusWithQueries(base: FormStatus, queryStatuses: readonly QueryStatus[]): FormStatus {
  return queryStatuses.some(isQueryActive) ? 'STATUS_QUERY' : base;
}
