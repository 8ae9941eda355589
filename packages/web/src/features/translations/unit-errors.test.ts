import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorsByUnit, fileErrorText, unitErrorText, xliffProblemsOf } from './unit-errors';

// The message keys and their parameters, as i18next would receive them.
const t = ((key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).length > 0
    ? `${key} ${JSON.stringify(options)}`
    : key) as unknown as TFunction;

describe('server field issues of a translation save land on their units (spec 001 §5 limits)', () => {
  const sent = [
    { id: 'form.a.q.q1.text', target: 'x'.repeat(1025) },
    { id: 'process.p.consentText', target: '' },
  ];

  it('maps units.<i>.target to the i-th sent unit, with the reason in the UI language', () => {
    const { byUnit, unplaced } = errorsByUnit(
      [
        { path: ['units', 0, 'target'], message: 'MAX_LENGTH', params: { max: 1024 } },
        { path: ['units', 1, 'target'], message: 'REQUIRED' },
      ],
      sent,
      t,
    );
    expect(byUnit).toEqual({
      'form.a.q.q1.text': 'TRANSLATIONS.UNIT_ERRORS.MAX_LENGTH {"max":1024}',
      'process.p.consentText': 'TRANSLATIONS.UNIT_ERRORS.REQUIRED',
    });
    expect(unplaced).toBe(0);
  });

  it('counts issues it cannot place, and never shows the server text of an unknown reason', () => {
    const { byUnit, unplaced } = errorsByUnit(
      [
        { path: ['units'], message: 'Too big: expected array to have <=10000 items' },
        { path: ['units', 7, 'target'], message: 'whatever' },
      ],
      sent,
      t,
    );
    expect(byUnit).toEqual({});
    expect(unplaced).toBe(2);
    expect(unitErrorText({ message: 'Something English' }, t)).toBe('TRANSLATIONS.UNIT_ERRORS.INVALID');
  });
});

describe('XLIFF import refusals (issue 18 item 5)', () => {
  it('reads the refused units of context.units and skips anything else', () => {
    const problems = xliffProblemsOf({
      units: [{ unitId: 'form.a.title', message: 'UNKNOWN_UNIT' }, { nope: true }, 'x'],
    });
    expect(problems).toEqual([{ unitId: 'form.a.title', message: 'UNKNOWN_UNIT' }]);
    expect(xliffProblemsOf(undefined)).toEqual([]);
  });

  it('names a refusal of the whole file by its reason', () => {
    const failure = {
      status: 400,
      body: {
        type: 'VALIDATION',
        message: 'bad',
        context: { issues: [{ path: ['xliff'], message: 'XLIFF_VERSION' }] },
      },
    };
    expect(fileErrorText(failure, t)).toBe('TRANSLATIONS.XLIFF.ERRORS.XLIFF_VERSION');
    expect(fileErrorText({ status: 500, body: null }, t)).toBeNull();
  });
});
