import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineStateMachine, isTransitionError, TransitionError } from './state-machine';

const door = defineStateMachine({
  name: 'door',
  transitions: {
    OPEN: { close: 'CLOSED' },
    CLOSED: { open: 'OPEN', lock: 'LOCKED' },
    LOCKED: { unlock: 'CLOSED' },
    GONE: {},
  },
});

describe('state-machine helper (CONVENTIONS.md Domain: transition tables)', () => {
  it('lists states and actions from the table', () => {
    expect(door.states).toEqual(['OPEN', 'CLOSED', 'LOCKED', 'GONE']);
    expect([...door.actions].sort()).toEqual(['close', 'lock', 'open', 'unlock']);
  });

  it('allows what the table lists', () => {
    expect(door.can('OPEN', 'close')).toBe(true);
    expect(door.next('CLOSED', 'lock')).toBe('LOCKED');
    expect(door.assertTransition('LOCKED', 'unlock')).toBe('CLOSED');
    expect(door.allowedActions('CLOSED')).toEqual(['open', 'lock']);
    expect(door.allowedActions('GONE')).toEqual([]);
  });

  it('refuses what the table does not list with a typed TransitionError', () => {
    expect(door.can('OPEN', 'lock')).toBe(false);
    let caught: unknown;
    try {
      door.next('OPEN', 'lock');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TransitionError);
    expect(isTransitionError(caught)).toBe(true);
    expect(caught).toMatchObject({ machine: 'door', from: 'OPEN', action: 'lock', type: 'PRECONDITION' });
  });

  it('refuses unknown states and prototype keys instead of crashing', () => {
    const anyDoor = door as unknown as {
      can(f: string, a: string): boolean;
      allowedActions(f: string): string[];
    };
    expect(anyDoor.can('NOPE', 'open')).toBe(false);
    expect(anyDoor.can('OPEN', 'toString')).toBe(false);
    expect(anyDoor.can('constructor', 'open')).toBe(false);
    expect(anyDoor.allowedActions('__proto__')).toEqual([]);
  });

  it('carries the configured error type and id', () => {
    const m = defineStateMachine({
      name: 'm',
      errorType: 'VALIDATION',
      errorId: 'STUDY_STATUS_MISMATCH',
      transitions: { A: {} },
    });
    expect(() => m.next('A', 'x' as never)).toThrow(expect.objectContaining({ id: 'STUDY_STATUS_MISMATCH' }));
  });

  it('property: can agrees with next not throwing, and next stays inside the states', () => {
    fc.assert(
      fc.property(fc.constantFrom(...door.states), fc.constantFrom(...door.actions), (from, action) => {
        let to: string | undefined;
        try {
          to = door.next(from, action);
        } catch (error) {
          expect(error).toBeInstanceOf(TransitionError);
        }
        expect(door.can(from, action)).toBe(to !== undefined);
        if (to !== undefined) expect(door.states).toContain(to);
      }),
    );
  });
});
