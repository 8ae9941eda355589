import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import { STUDY_STATUSES, type StudyStatus } from './model';
import {
  canImportFormAnswers,
  isFormCachingEnabled,
  STUDY_ACTIONS,
  studyEditScope,
  studyStateMachine,
  studyStatusAfterCancelDelete,
} from './state-machine';

describe('Spec 000 §4 study status', () => {
  it('lists every status the spec names (plus test drive and anonymized)', () => {
    for (const s of [
      'STUDY_STATUS_BUILD',
      'AMENDMENT',
      'PRODUCTION',
      'LOCKED',
      'COMPLETED',
      'DELETE',
      'TEST',
      'ANONYMIZED',
    ]) {
      expect(STUDY_STATUSES).toContain(s);
    }
    expect(STUDY_STATUSES).toHaveLength(8);
  });

  it('has an action for every lifecycle permission of 000 §4 and call of 001 §7', () => {
    for (const a of [
      'start',
      'stop',
      'test',
      'lock',
      'startAmendment',
      'finishAmendment',
      'discardAmendment',
      'requestDelete',
    ]) {
      expect(STUDY_ACTIONS).toContain(a);
    }
  });

  checkTransitionTable(studyStateMachine, {
    states: STUDY_STATUSES,
    actions: STUDY_ACTIONS,
    allowed: [
      ['STUDY_STATUS_BUILD', 'test', 'TEST'],
      ['STUDY_STATUS_BUILD', 'start', 'PRODUCTION'],
      ['STUDY_STATUS_BUILD', 'requestDelete', 'DELETE'],
      ['TEST', 'backToBuild', 'STUDY_STATUS_BUILD'],
      ['TEST', 'start', 'PRODUCTION'],
      ['TEST', 'requestDelete', 'DELETE'],
      ['PRODUCTION', 'stop', 'COMPLETED'],
      ['PRODUCTION', 'lock', 'LOCKED'],
      ['PRODUCTION', 'startAmendment', 'AMENDMENT'],
      ['PRODUCTION', 'startNonBlockingAmendment', 'AMENDMENT'],
      ['AMENDMENT', 'finishAmendment', 'PRODUCTION'],
      ['AMENDMENT', 'discardAmendment', 'PRODUCTION'],
      ['AMENDMENT', 'scheduleAmendment', 'AMENDMENT'],
      ['AMENDMENT', 'rescheduleAmendment', 'AMENDMENT'],
      ['AMENDMENT', 'cancelAmendmentSchedule', 'AMENDMENT'],
      ['LOCKED', 'unlock', 'PRODUCTION'],
      ['LOCKED', 'complete', 'COMPLETED'],
      ['COMPLETED', 'anonymize', 'ANONYMIZED'],
      ['COMPLETED', 'requestDelete', 'DELETE'],
      ['ANONYMIZED', 'requestDelete', 'DELETE'],
      ['DELETE', 'cancelDelete', 'STUDY_STATUS_BUILD'],
    ],
  });

  it('reports a refused study transition as STUDY_STATUS_MISMATCH', () => {
    expect(() => studyStateMachine.next('PRODUCTION', 'requestDelete')).toThrow(
      expect.objectContaining({ id: 'STUDY_STATUS_MISMATCH', type: 'VALIDATION' }),
    );
  });

  it('cancelDelete restores the status before the request', () => {
    expect(studyStatusAfterCancelDelete('COMPLETED')).toBe('COMPLETED');
    expect(studyStatusAfterCancelDelete('TEST')).toBe('TEST');
    expect(studyStatusAfterCancelDelete('ANONYMIZED')).toBe('ANONYMIZED');
    expect(studyStatusAfterCancelDelete(null)).toBe('STUDY_STATUS_BUILD');
    expect(studyStatusAfterCancelDelete('PRODUCTION')).toBe('STUDY_STATUS_BUILD');
  });

  it('property: a delete request then its cancel returns to where it started', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STUDY_STATUSES), (s) => {
        if (!studyStateMachine.can(s, 'requestDelete')) return;
        expect(studyStatusAfterCancelDelete(s)).toBe(s);
      }),
    );
  });
});

describe('Spec 001 §4 study edit scope', () => {
  it('build allows everything except capturing data', () => {
    expect(studyEditScope('STUDY_STATUS_BUILD')).toEqual({
      structure: 'ALL',
      settings: true,
      dataCapture: false,
    });
  });

  it('test and production lock structure but take data', () => {
    for (const s of ['TEST', 'PRODUCTION'] as const) {
      expect(studyEditScope(s)).toEqual({ structure: 'NONE', settings: true, dataCapture: true });
    }
  });

  it('amendment allows only fully editable items', () => {
    expect(studyEditScope('AMENDMENT').structure).toBe('FULLY_EDITABLE_ONLY');
  });

  it('locked, completed, anonymized and delete-requested allow nothing', () => {
    for (const s of ['LOCKED', 'COMPLETED', 'ANONYMIZED', 'DELETE'] as const) {
      expect(studyEditScope(s)).toEqual({ structure: 'NONE', settings: false, dataCapture: false });
    }
  });

  it('property: structure is fully open only in build', () => {
    fc.assert(
      fc.property(fc.constantFrom<StudyStatus>(...STUDY_STATUSES), (s) => {
        expect(studyEditScope(s).structure === 'ALL').toBe(s === 'STUDY_STATUS_BUILD');
      }),
    );
  });

  it('form caching and answer import only in production', () => {
    for (const s of STUDY_STATUSES) {
      expect(isFormCachingEnabled(s)).toBe(s === 'PRODUCTION');
      expect(canImportFormAnswers(s)).toBe(s === 'PRODUCTION');
    }
  });
});
