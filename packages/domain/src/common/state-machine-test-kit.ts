import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type StateMachine, TransitionError } from './state-machine';

/**
 * Test kit for transition tables (used by the `*.test.ts` of each area): checks every
 * allowed transition against an independently written list, refuses every other pair,
 * and states the two properties every machine must hold.
 */
export function checkTransitionTable<S extends string, A extends string>(
  machine: StateMachine<S, A>,
  spec: { states: readonly S[]; actions: readonly A[]; allowed: ReadonlyArray<readonly [S, A, S]> },
): void {
  const allowedKey = new Map(spec.allowed.map(([from, action, to]) => [`${from}|${action}`, to]));

  it('has a row for every state of the enumeration and nothing else', () => {
    expect([...machine.states].sort()).toEqual([...spec.states].sort());
  });

  for (const [from, action, to] of spec.allowed) {
    it(`allows ${from} --${action}--> ${to}`, () => {
      expect(machine.can(from, action)).toBe(true);
      expect(machine.next(from, action)).toBe(to);
      expect(machine.assertTransition(from, action)).toBe(to);
      expect(machine.allowedActions(from)).toContain(action);
    });
  }

  const refused = spec.states.flatMap((from) =>
    spec.actions
      .filter((action) => !allowedKey.has(`${from}|${action}`))
      .map((action) => [from, action] as const),
  );
  it(`refuses the other ${refused.length} state/action pairs with a TransitionError`, () => {
    for (const [from, action] of refused) {
      expect(machine.can(from, action), `${from} --${action}-->`).toBe(false);
      expect(() => machine.next(from, action)).toThrow(TransitionError);
      expect(machine.allowedActions(from)).not.toContain(action);
    }
  });

  it('property: next stays inside the enumeration and can agrees with next not throwing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...spec.states), fc.constantFrom(...spec.actions), (from, action) => {
        let to: S | undefined;
        try {
          to = machine.next(from, action);
        } catch (error) {
          expect(error).toBeInstanceOf(TransitionError);
        }
        expect(machine.can(from, action)).toBe(to !== undefined);
        if (to !== undefined) expect(spec.states).toContain(to);
      }),
    );
  });

  it('property: any sequence of allowed actions only visits states of the enumeration', () => {
    fc.assert(
      fc.property(fc.constantFrom(...spec.states), fc.array(fc.nat(), { maxLength: 20 }), (start, picks) => {
        let state = start;
        for (const pick of picks) {
          const options = machine.allowedActions(state);
          if (options.length === 0) break;
          state = machine.next(state, options[pick % options.length] as A);
          expect(spec.states).toContain(state);
        }
      }),
    );
  });
}
