import { describe, expect, it } from 'vitest';
import { formsTakingNewVersion, formVersionChoiceOf, tokenFormVersionOf } from './amendment';

// Issue 23: finishing an amendment publishes new versions; existing enrolments keep their tagged
// versions for events already filled and take the new one for events not yet started where the
// author chose so per form.

const v = (major: number, minor = 0) => ({ major, minor });

describe('formVersionChoiceOf: a form nobody chose for keeps its version', () => {
  it('defaults to KEEP and returns the choice made', () => {
    expect(formVersionChoiceOf(null, 'f1')).toBe('KEEP');
    expect(formVersionChoiceOf({ f2: 'NEW_EVENTS' }, 'f1')).toBe('KEEP');
    expect(formVersionChoiceOf({ f1: 'NEW_EVENTS' }, 'f1')).toBe('NEW_EVENTS');
  });
});

describe('formsTakingNewVersion: only the forms chosen NEW_EVENTS move existing enrolments', () => {
  const published = [
    { formId: 'a', version: v(2) },
    { formId: 'b', version: v(2) },
    { formId: 'c', version: v(1) },
  ];

  it('keeps the NEW_EVENTS forms and drops KEEP and unchosen ones', () => {
    expect(formsTakingNewVersion(published, { a: 'NEW_EVENTS', b: 'KEEP' })).toEqual([
      { formId: 'a', version: v(2) },
    ]);
    expect(formsTakingNewVersion(published, null)).toEqual([]);
    expect(formsTakingNewVersion(published, { x: 'NEW_EVENTS' })).toEqual([]);
  });
});

describe('tokenFormVersionOf: saved answers stay at the version they were saved with', () => {
  it('prefers the saved version over the enrolment tag', () => {
    expect(tokenFormVersionOf(v(1), v(2))).toEqual(v(1));
    expect(tokenFormVersionOf(null, v(2))).toEqual(v(2));
    expect(tokenFormVersionOf(undefined, undefined)).toBeUndefined();
  });
});
