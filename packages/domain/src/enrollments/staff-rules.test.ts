import { describe, expect, it } from 'vitest';
import { TransitionError } from '../common/state-machine';
import { ProcessSchema } from '../processes/model';
import { ENROLLMENT_STATUSES } from './model';
import {
  isDisabledByDeactivation,
  MAX_DATA_EVENT_REPEATS,
  reenrollRefusal,
  repeatRefusal,
  staffStatusAction,
  unscheduledSelectionOf,
} from './staff-rules';

describe('Spec 001 §4 enrollment status edited by staff', () => {
  it('maps each allowed target to its action', () => {
    expect(staffStatusAction('ONGOING', 'COMPLETED')).toBe('complete');
    expect(staffStatusAction('REGISTERED', 'EXCLUDED')).toBe('exclude');
    expect(staffStatusAction('ONGOING', 'UNSUBSCRIBED')).toBe('unsubscribe');
    expect(staffStatusAction('CANCELLED', 'ONGOING')).toBe('reactivate');
  });

  it('refuses deactivation, start and every final state with INVALID_ENROLLMENT', () => {
    expect(() => staffStatusAction('ONGOING', 'CANCELLED')).toThrow(TransitionError);
    expect(() => staffStatusAction('REGISTERED', 'ONGOING')).toThrow(
      expect.objectContaining({ id: 'INVALID_ENROLLMENT' }),
    );
    for (const from of ['COMPLETED', 'EXCLUDED', 'UNSUBSCRIBED'] as const) {
      for (const to of ENROLLMENT_STATUSES)
        expect(() => staffStatusAction(from, to)).toThrow(TransitionError);
    }
  });

  it('deactivation switches off exactly the open and waiting links', () => {
    expect(isDisabledByDeactivation('NOT_ACTIVE')).toBe(true);
    expect(isDisabledByDeactivation('IN_USE')).toBe(true);
    expect(isDisabledByDeactivation('COMPLETED')).toBe(false);
    expect(isDisabledByDeactivation('EXPIRED')).toBe(false);
  });
});

describe('Spec 001 §3 / §7 unscheduled events of a process', () => {
  const base = { id: 'p', unexpectedVisit: { id: 'u1', selectedQts: [], selectedOptionalQts: ['f'] } };
  it('gives the selection only when switched on, with forms and an id', () => {
    expect(unscheduledSelectionOf(ProcessSchema.parse(base), 'TYPE_UNEXPECTED')).toBeNull();
    const on = ProcessSchema.parse({ ...base, unexpected: true });
    expect(unscheduledSelectionOf(on, 'TYPE_UNEXPECTED')).toMatchObject({
      id: 'u1',
      selectedOptionalQts: ['f'],
    });
    expect(unscheduledSelectionOf(on, 'TYPE_DISCONTINUED')).toBeNull();
    const noForms = ProcessSchema.parse({ id: 'p', externalDE: true, externalDataEvent: { id: 'x' } });
    expect(unscheduledSelectionOf(noForms, 'TYPE_EXTERNAL')).toBeNull();
  });
});

describe('Our rule for repeated data events (001 §7 multiple)', () => {
  const ok = {
    enrollmentStatus: 'ONGOING',
    eventType: 'TYPE_USER',
    firstTokenStatus: 'COMPLETED',
    occurrences: 1,
  } as const;
  it('allows a reached form event of an active enrollment, up to the limit', () => {
    expect(repeatRefusal(ok)).toBeNull();
    expect(repeatRefusal({ ...ok, enrollmentStatus: 'COMPLETED' })).toBe('ENROLLMENT_ENDED');
    expect(repeatRefusal({ ...ok, eventType: 'TYPE_ECONSENT' })).toBe('NOT_A_FORM_EVENT');
    expect(repeatRefusal({ ...ok, firstTokenStatus: 'NOT_ACTIVE' })).toBe('NOT_REACHED');
    expect(repeatRefusal({ ...ok, occurrences: MAX_DATA_EVENT_REPEATS })).toBe('TOO_MANY');
  });
});

describe('Re-enrolment (001 §7 canreenroll, §3 publicReenroll)', () => {
  const ask = (previous: ('COMPLETED' | 'ONGOING' | 'EXCLUDED' | 'CANCELLED')[], extra = {}) =>
    reenrollRefusal({ previous, subjectArchived: false, publicReenroll: false, channel: 'STAFF', ...extra });
  it('one enrollment at a time; exclusion is final; public needs publicReenroll', () => {
    expect(ask([])).toBeNull();
    expect(ask(['COMPLETED', 'CANCELLED'])).toBeNull();
    expect(ask(['COMPLETED', 'ONGOING'])).toBe('ALREADY_ENROLLED');
    expect(ask(['EXCLUDED'])).toBe('EXCLUDED');
    expect(ask([], { subjectArchived: true })).toBe('SUBJECT_ARCHIVED');
    expect(ask(['COMPLETED'], { channel: 'PUBLIC' })).toBe('PUBLIC_REENROLL_OFF');
    expect(ask(['COMPLETED'], { channel: 'PUBLIC', publicReenroll: true })).toBeNull();
    expect(ask([], { channel: 'PUBLIC' })).toBeNull();
  });
});
