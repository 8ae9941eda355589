import type { ErrorId, ErrorType } from './errors';
import { hasOwn } from './has-own';

/**
 * Generic transition-table state machines (CONVENTIONS.md, Domain: state machines as
 * transition tables with `assertTransition()`). Every state has a row, terminal states
 * an empty one; a missing cell means the action is refused in that state.
 */
export type TransitionTable<S extends string, A extends string> = {
  readonly [From in S]: { readonly [Action in A]?: S };
};

export type StateMachineDefinition<S extends string, A extends string> = {
  /** Name used in error messages and audit context (`'study'`, `'token'`). */
  readonly name?: string;
  /** Error type and id a refused transition reports (default PRECONDITION, no id). */
  readonly errorType?: ErrorType;
  readonly errorId?: ErrorId;
  readonly transitions: { readonly [From in S]: { readonly [Action in A]?: NoInfer<S> } };
};

export type StateMachine<S extends string, A extends string> = {
  readonly name: string;
  readonly states: readonly S[];
  readonly actions: readonly A[];
  readonly transitions: TransitionTable<S, A>;
  /** Is `action` allowed from `from`? Unknown states and actions give false. */
  can(from: S, action: A): boolean;
  /** The state `action` leads to from `from`; throws `TransitionError` when refused. */
  next(from: S, action: A): S;
  /** Same as `next`: asserts the transition is allowed and returns its target. */
  assertTransition(from: S, action: A): S;
  /** The actions allowed from `from`, in table order. */
  allowedActions(from: S): A[];
};

/** A refused state transition (spec 000 §8: reported as a PRECONDITION error unless the machine says otherwise). */
export class TransitionError extends Error {
  override readonly name = 'TransitionError';
  readonly machine: string;
  readonly from: string;
  readonly action: string;
  readonly type: ErrorType;
  readonly id: ErrorId | undefined;

  constructor(args: { machine: string; from: string; action: string; type?: ErrorType; id?: ErrorId }) {
    super(`${args.machine}: action '${args.action}' is not allowed from state '${args.from}'`);
    this.machine = args.machine;
    this.from = args.from;
    this.action = args.action;
    this.type = args.type ?? 'PRECONDITION';
    this.id = args.id;
  }
}

/** True when `error` is a refused transition (for the server's error mapping). */
export function isTransitionError(error: unknown): error is TransitionError {
  return error instanceof TransitionError;
}

/**
 * Builds a state machine from an explicit transition table
 * (CONVENTIONS.md Domain; used for the state machines of spec 000 §4).
 */
export function defineStateMachine<S extends string, A extends string>(
  definition: StateMachineDefinition<S, A>,
): StateMachine<S, A> {
  const { transitions } = definition;
  const name = definition.name ?? 'state machine';
  const states = Object.keys(transitions) as S[];
  const actions = [...new Set(states.flatMap((s) => Object.keys(transitions[s])))] as A[];

  const target = (from: S, action: A): S | undefined => {
    if (!hasOwn(transitions, from)) return undefined;
    const row = transitions[from];
    return hasOwn(row, action) ? row[action] : undefined;
  };

  const next = (from: S, action: A): S => {
    const to = target(from, action);
    if (to === undefined) {
      throw new TransitionError({
        machine: name,
        from,
        action,
        type: definition.errorType,
        id: definition.errorId,
      });
    }
    return to;
  };

  return {
    name,
    states,
    actions,
    transitions,
    can: (from, action) => target(from, action) !== undefined,
    next,
    assertTransition: next,
    allowedActions: (from) => (hasOwn(transitions, from) ? (Object.keys(transitions[from]) as A[]) : []),
  };
}
