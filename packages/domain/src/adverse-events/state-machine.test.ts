import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import { CUSTOM_AE_SIGN_TYPES, customAeSignAction } from './custom-reports';
import { AE_STATUSES, type AeStatus } from './model';
import {
  AE_SIGN_ACTIONS,
  AE_SIGN_PERMISSIONS,
  aeStateMachine,
  canSignAe,
  isAeLifecycleComplete,
  isSponsorInvolved,
  nextAeSignAction,
} from './state-machine';

describe('Spec 000 §4 AE lifecycle', () => {
  it('has the five lifecycle states in order', () => {
    expect([...AE_STATUSES]).toEqual([
      'AE_REPORTED',
      'AE_CLASSIFIED',
      'AE_SPONSOR_INITIAL_EVALUATION',
      'AE_FOLLOWED_UP',
      'AE_SPONSOR_FINAL_EVALUATION',
    ]);
  });

  checkTransitionTable(aeStateMachine, {
    states: AE_STATUSES,
    actions: AE_SIGN_ACTIONS,
    allowed: [
      ['AE_REPORTED', 'classification', 'AE_CLASSIFIED'],
      ['AE_CLASSIFIED', 'initialSponsor', 'AE_SPONSOR_INITIAL_EVALUATION'],
      ['AE_CLASSIFIED', 'followUp', 'AE_FOLLOWED_UP'],
      ['AE_SPONSOR_INITIAL_EVALUATION', 'followUp', 'AE_FOLLOWED_UP'],
      ['AE_FOLLOWED_UP', 'finalSponsor', 'AE_SPONSOR_FINAL_EVALUATION'],
    ],
  });

  it('walks all five states in order with the sponsor involved', () => {
    const path: AeStatus[] = ['AE_REPORTED'];
    for (
      let a = nextAeSignAction('AE_REPORTED', true);
      a !== null;
      a = nextAeSignAction(path.at(-1)!, true)
    ) {
      path.push(aeStateMachine.next(path.at(-1)!, a));
    }
    expect(path).toEqual([...AE_STATUSES]);
  });

  it('skips the sponsor steps without the sponsor and ends at AE_FOLLOWED_UP', () => {
    expect(nextAeSignAction('AE_REPORTED', false)).toBe('classification');
    expect(nextAeSignAction('AE_CLASSIFIED', false)).toBe('followUp');
    expect(nextAeSignAction('AE_FOLLOWED_UP', false)).toBeNull();
    expect(isAeLifecycleComplete('AE_FOLLOWED_UP', false)).toBe(true);
    expect(isAeLifecycleComplete('AE_FOLLOWED_UP', true)).toBe(false);
    expect(isAeLifecycleComplete('AE_SPONSOR_FINAL_EVALUATION', true)).toBe(true);
  });

  it('with the sponsor involved, follow-up waits for the initial sponsor evaluation', () => {
    expect(canSignAe('AE_CLASSIFIED', 'followUp', true)).toBe(false);
    expect(canSignAe('AE_CLASSIFIED', 'initialSponsor', true)).toBe(true);
    expect(canSignAe('AE_CLASSIFIED', 'initialSponsor', false)).toBe(false);
    expect(canSignAe('AE_FOLLOWED_UP', 'finalSponsor', false)).toBe(false);
  });

  it('property: canSignAe never allows what the table refuses', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...AE_STATUSES),
        fc.constantFrom(...AE_SIGN_ACTIONS),
        fc.boolean(),
        (s, a, sp) => {
          if (canSignAe(s, a, sp)) expect(aeStateMachine.can(s, a)).toBe(true);
        },
      ),
    );
  });
});

describe('Spec 000 §6 AE sign permissions', () => {
  it('maps the four sign actions to the four permission names shared with access/', () => {
    expect(AE_SIGN_PERMISSIONS).toEqual({
      classification: 'AE_SIGN_CLASSIFICATION',
      initialSponsor: 'AE_SIGN_INITIAL_SPONSOR',
      followUp: 'AE_SIGN_FOLLOW_UP',
      finalSponsor: 'AE_SIGN_FINAL_SPONSOR',
    });
  });

  it('maps each custom AE report sign type to a distinct lifecycle action', () => {
    const actions = CUSTOM_AE_SIGN_TYPES.map(customAeSignAction);
    expect(new Set(actions).size).toBe(4);
    expect(customAeSignAction('INVESTIGATOR_CLASSIFICATION')).toBe('classification');
    expect(customAeSignAction('SPONSOR_FOLLOW_UP')).toBe('finalSponsor');
  });
});

describe('Spec 001 §3 sponsor involvement', () => {
  it('ALWAYS involves the sponsor, SAE_ONLY only for serious events, NEVER never', () => {
    expect(isSponsorInvolved('ALWAYS', false)).toBe(true);
    expect(isSponsorInvolved('SAE_ONLY', true)).toBe(true);
    expect(isSponsorInvolved('SAE_ONLY', false)).toBe(false);
    expect(isSponsorInvolved('NEVER', true)).toBe(false);
  });
});
