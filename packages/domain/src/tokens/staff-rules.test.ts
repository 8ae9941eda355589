import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TransitionError } from '../common/state-machine';
import { TOKEN_STATUSES } from './model';
import {
  formPositionOf,
  needsActiveEnrollment,
  stepBackOneForm,
  stepForwardOneForm,
  tokenStaffStatusAction,
} from './staff-rules';

describe('Spec 001 §4 token status edited by staff', () => {
  it('reactivates expired or disabled links, disables open ones, reopens completed ones', () => {
    expect(tokenStaffStatusAction('EXPIRED', 'UNUSED')).toBe('reactivate');
    expect(tokenStaffStatusAction('DISABLED', 'UNUSED')).toBe('reactivate');
    expect(tokenStaffStatusAction('IN_USE', 'DISABLED')).toBe('disable');
    expect(tokenStaffStatusAction('NOT_ACTIVE', 'DISABLED')).toBe('disable');
    expect(tokenStaffStatusAction('COMPLETED', 'IN_USE')).toBe('reopen');
    expect(needsActiveEnrollment('disable')).toBe(false);
    expect(needsActiveEnrollment('reopen')).toBe(true);
  });

  it('refuses what the schedule or the subject does (activate, complete, expire) and EXCLUDED', () => {
    expect(() => tokenStaffStatusAction('NOT_ACTIVE', 'UNUSED')).toThrow(TransitionError);
    expect(() => tokenStaffStatusAction('IN_USE', 'COMPLETED')).toThrow(TransitionError);
    expect(() => tokenStaffStatusAction('UNUSED', 'EXPIRED')).toThrow(TransitionError);
    for (const to of TOKEN_STATUSES)
      expect(() => tokenStaffStatusAction('EXCLUDED', to)).toThrow(TransitionError);
  });
});

describe('Spec 002 §3 forced form order: back', () => {
  const forms = ['a', 'b', 'c'];
  it('steps back one form and stops at the first', () => {
    expect(stepBackOneForm(formPositionOf(forms, 2))).toEqual({
      forms,
      currentNumber: 1,
      currentForm: 'b',
      total: 3,
    });
    expect(stepBackOneForm(formPositionOf(forms, 0))).toBeNull();
    expect(stepBackOneForm(formPositionOf(forms, 'junk'))).toBeNull();
  });

  it('keeps the stored index inside the forms, and back undoes forward', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10 }), fc.integer({ min: 1, max: 6 }), (index, n) => {
        const list = Array.from({ length: n }, (_, i) => `f${i}`);
        const pos = formPositionOf(list, index);
        expect(pos.currentNumber).toBeGreaterThanOrEqual(0);
        expect(pos.currentNumber).toBeLessThan(n);
        const forward = stepForwardOneForm(pos);
        if (forward.currentNumber > pos.currentNumber) {
          expect(stepBackOneForm(forward)?.currentNumber).toBe(pos.currentNumber);
        }
      }),
    );
  });
});
