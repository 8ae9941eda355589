import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import {
  hasPlanModule,
  isPlanDeleteConfirmed,
  isPlanInForce,
  PLAN_CLASSES,
  PLAN_CURRENCIES,
  PLAN_MODULES,
  PLAN_STATUSES,
  PLAN_TYPES,
} from './model';
import { PLAN_ACTIONS, planStateMachine } from './state-machine';

describe('Spec 000 §3 subscription plan enumerations', () => {
  it('has the currencies, classes and types of the spec', () => {
    expect([...PLAN_CURRENCIES]).toEqual(['DKK', 'EUR']);
    expect([...PLAN_CLASSES]).toEqual(['PUBLIC', 'ENTERPRISE']);
    expect([...PLAN_TYPES]).toEqual(['TYPE_MONTH', 'TYPE_FREE']);
  });

  it('has about 20 paid modules including those the spec names', () => {
    expect(PLAN_MODULES.length).toBeGreaterThanOrEqual(18);
    expect(PLAN_MODULES.length).toBeLessThanOrEqual(25);
    for (const m of [
      'MEDICATION',
      'ADVERSE_EVENTS',
      'UNSCHEDULED_EVENT_REFERENCES',
      'RANDOMIZATION',
      'HORIZONTAL_POSSIBILITIES',
      'PUBLIC_ENROLLMENT',
      'ECONSENT',
      'FILE_VAULT',
      'REPORTING',
      'WEBHOOKS',
      'API_KEYS',
      'SMS',
    ]) {
      expect(PLAN_MODULES).toContain(m);
    }
  });
});

describe('Spec 000 §4 subscription plan status', () => {
  it('has exactly the four statuses', () => {
    expect([...PLAN_STATUSES]).toEqual(['ACTIVE', 'DISABLED', 'CANCELLED', 'EXPIRED']);
  });

  checkTransitionTable(planStateMachine, {
    states: PLAN_STATUSES,
    actions: PLAN_ACTIONS,
    allowed: [
      ['ACTIVE', 'disable', 'DISABLED'],
      ['ACTIVE', 'cancel', 'CANCELLED'],
      ['ACTIVE', 'expire', 'EXPIRED'],
      ['DISABLED', 'enable', 'ACTIVE'],
      ['DISABLED', 'cancel', 'CANCELLED'],
      ['DISABLED', 'expire', 'EXPIRED'],
      ['EXPIRED', 'renew', 'ACTIVE'],
      ['EXPIRED', 'cancel', 'CANCELLED'],
    ],
  });
});

describe('Spec 000 §1 / §5 plan rules', () => {
  it('deleting needs exactly DELETE PLAN', () => {
    expect(isPlanDeleteConfirmed('DELETE PLAN')).toBe(true);
    expect(isPlanDeleteConfirmed('delete plan')).toBe(false);
    expect(isPlanDeleteConfirmed('DELETE PLAN ')).toBe(false);
  });

  it('a module is available only on an active plan that includes it', () => {
    expect(hasPlanModule({ status: 'ACTIVE', modules: ['MEDICATION'] }, 'MEDICATION')).toBe(true);
    expect(hasPlanModule({ status: 'ACTIVE', modules: ['MEDICATION'] }, 'RANDOMIZATION')).toBe(false);
    expect(hasPlanModule({ status: 'EXPIRED', modules: ['MEDICATION'] }, 'MEDICATION')).toBe(false);
  });

  it('is in force between validFrom and validTo (end exclusive)', () => {
    const plan = {
      status: 'ACTIVE',
      validFrom: '2024-01-01T00:00:00Z',
      validTo: '2024-02-01T00:00:00Z',
    } as const;
    expect(isPlanInForce(plan, new Date('2024-01-15T00:00:00Z'))).toBe(true);
    expect(isPlanInForce(plan, new Date('2023-12-31T23:59:59Z'))).toBe(false);
    expect(isPlanInForce(plan, new Date('2024-02-01T00:00:00Z'))).toBe(false);
    expect(isPlanInForce({ ...plan, validTo: null }, new Date('2030-01-01T00:00:00Z'))).toBe(true);
    expect(isPlanInForce({ ...plan, status: 'DISABLED' }, new Date('2024-01-15T00:00:00Z'))).toBe(false);
  });
});
