import { describe, expect, it } from 'vitest';
import { hasPermission } from '../access/check';
import { STUDY_ROLES, type StudyRole } from '../access/roles';
import { ADMINISTRATION_ROUTES, DOSING_FREQUENCIES, MEDICATION_DOSE_UNITS } from '../medication/model';
import { checkAeDates } from './dates';
import { type AeStatus, type SarForm, SarFormSchema } from './model';
import {
  aeSignRefusal,
  aeStatusAfterSign,
  mayAmendAe,
  mayHoldAeSignature,
  mayUpdateAe,
  missingSeriousForms,
  sarFormIssues,
  studyTakesAeWrites,
} from './signing';
import { AE_SIGN_ACTIONS, type AeSignAction } from './state-machine';

const signedUpTo = (...actions: AeSignAction[]) => new Set<AeSignAction>(actions);

describe('issue 20: AE signature order (spec 000 §4)', () => {
  it('walks the sponsor path in order and refuses everything else out of order', () => {
    let status: AeStatus = 'AE_REPORTED';
    const signed = new Set<AeSignAction>();
    for (const action of ['classification', 'initialSponsor', 'followUp', 'finalSponsor'] as const) {
      for (const other of AE_SIGN_ACTIONS.filter((a) => a !== action && !signed.has(a))) {
        expect(
          aeSignRefusal({ status, isRemoved: false, signed }, other, true),
          `${other} at ${status}`,
        ).toBe('OUT_OF_ORDER');
      }
      expect(aeSignRefusal({ status, isRemoved: false, signed }, action, true)).toBeNull();
      status = aeStatusAfterSign(status, action);
      signed.add(action);
      expect(aeSignRefusal({ status, isRemoved: false, signed }, action, true)).toBe('ALREADY_SIGNED');
    }
    expect(status).toBe('AE_SPONSOR_FINAL_EVALUATION');
  });

  it('without the sponsor: classification then follow-up; sponsor signatures are refused', () => {
    const reported = { status: 'AE_REPORTED' as const, isRemoved: false, signed: signedUpTo() };
    expect(aeSignRefusal(reported, 'initialSponsor', false)).toBe('SPONSOR_NOT_INVOLVED');
    const classified = {
      status: 'AE_CLASSIFIED' as const,
      isRemoved: false,
      signed: signedUpTo('classification'),
    };
    expect(aeSignRefusal(classified, 'followUp', false)).toBeNull();
    expect(aeSignRefusal(classified, 'followUp', true)).toBe('OUT_OF_ORDER');
    const followed = {
      status: 'AE_FOLLOWED_UP' as const,
      isRemoved: false,
      signed: signedUpTo('classification', 'followUp'),
    };
    expect(aeSignRefusal(followed, 'finalSponsor', false)).toBe('SPONSOR_NOT_INVOLVED');
    // An AE marked serious after follow-up: the initial sponsor step has passed, the final one is next.
    expect(aeSignRefusal(followed, 'initialSponsor', true)).toBe('OUT_OF_ORDER');
    expect(aeSignRefusal(followed, 'finalSponsor', true)).toBeNull();
  });

  it('a removed AE takes no signature; update before the first signature, amendments after it', () => {
    expect(
      aeSignRefusal({ status: 'AE_REPORTED', isRemoved: true, signed: signedUpTo() }, 'classification', true),
    ).toBe('REMOVED');
    expect(mayUpdateAe({ status: 'AE_REPORTED', isRemoved: false })).toBe(true);
    expect(mayUpdateAe({ status: 'AE_CLASSIFIED', isRemoved: false })).toBe(false);
    expect(mayAmendAe({ status: 'AE_REPORTED', isRemoved: false })).toBe(false);
    expect(mayAmendAe({ status: 'AE_FOLLOWED_UP', isRemoved: false })).toBe(true);
    expect(mayAmendAe({ status: 'AE_FOLLOWED_UP', isRemoved: true })).toBe(false);
  });
});

describe('issue 20: who may sign what (spec 000 §6)', () => {
  const EXPECTED: Record<StudyRole, AeSignAction[]> = {
    INVESTIGATOR: ['classification', 'followUp'],
    STUDY_HELPER: [],
    MONITOR: [],
    DOCTOR: [],
    ADMIN: ['classification', 'initialSponsor', 'followUp', 'finalSponsor'],
    OTHER: [],
  };
  it.each(STUDY_ROLES)('%s', (role) => {
    const user = { systemPermissions: [], studyAccess: [{ studyId: 'st', role, siteIds: 'ALL' as const }] };
    const may = AE_SIGN_ACTIONS.filter((action) =>
      mayHoldAeSignature(action, (p) => hasPermission(user, p, { studyId: 'st', siteId: 's1' })),
    );
    expect(may.sort()).toEqual([...EXPECTED[role]].sort());
  });
});

describe('issue 20: the four date rules (spec 000 §8)', () => {
  const ok = { startDate: '2026-03-01', awarenessDate: '2026-03-02', endDate: null };
  it('accepts consistent dates and names each broken rule', () => {
    expect(checkAeDates(ok, '2026-03-03')).toEqual([]);
    expect(checkAeDates({ ...ok, startDate: '2026-03-04', awarenessDate: null }, '2026-03-03')).toEqual([
      'START_DATE_BEFORE_FILL_OUT_DATE',
    ]);
    expect(checkAeDates({ ...ok, awarenessDate: '2026-02-28' }, '2026-03-03')).toEqual([
      'AWARENESS_DATE_AFTER_START_DATE',
    ]);
    expect(checkAeDates({ ...ok, awarenessDate: '2026-03-04' }, '2026-03-03')).toEqual([
      'AWARENESS_DATE_BEFORE_FILL_OUT_DATE',
    ]);
    expect(checkAeDates({ ...ok, endDate: '2026-02-27' }, '2026-03-03')).toEqual([
      'END_DATE_AFTER_START_DATE',
    ]);
    // Same day is fine everywhere.
    expect(
      checkAeDates(
        { startDate: '2026-03-03', awarenessDate: '2026-03-03', endDate: '2026-03-03' },
        '2026-03-03',
      ),
    ).toEqual([]);
  });
});

describe('issue 20: serious-event forms', () => {
  const details = { seriousType: null } as const;
  it('a serious event needs the serious-event form, a SAR or SUSAR the safety report too', () => {
    const base = { sae: true, sarForm: null, seForm: null };
    expect(missingSeriousForms({ ...base, details: details as never })).toEqual(['seForm']);
    expect(missingSeriousForms({ ...base, details: { seriousType: 'SUSAR' } as never })).toEqual([
      'seForm',
      'sarForm',
    ]);
    expect(missingSeriousForms({ ...base, sae: false, details: { seriousType: 'SUSAR' } as never })).toEqual(
      [],
    );
  });
});

describe('issue 20: AE writes follow the study status (spec 000 §4)', () => {
  it('takes AE writes in test and production and during a non-blocking amendment only', () => {
    expect(studyTakesAeWrites('TEST', null)).toBe(true);
    expect(studyTakesAeWrites('PRODUCTION', null)).toBe(true);
    expect(studyTakesAeWrites('AMENDMENT', false)).toBe(true);
    expect(studyTakesAeWrites('AMENDMENT', true)).toBe(false);
    expect(studyTakesAeWrites('AMENDMENT', null)).toBe(false);
    for (const status of ['STUDY_STATUS_BUILD', 'LOCKED', 'COMPLETED', 'ANONYMIZED', 'DELETE'] as const) {
      expect(studyTakesAeWrites(status, false), status).toBe(false);
    }
  });
});

describe('issue 20: the safety-report form (spec 000 §3 SAR fields)', () => {
  const sar: SarForm = {
    productName: 'Study drug',
    dose: 10,
    doseUnit: 'MILLIGRAM',
    route: 'ORAL',
    routeOther: null,
    frequency: 'TWICE_DAILY',
    frequencyOther: null,
    therapyStartDate: '2026-01-01',
    therapyEndDate: '2026-01-10',
    indication: null,
    actionTaken: 'NONE',
    eventAbate: 'YES',
    outcome: 'RECOVERED_NO_SEQUELAE',
  };
  it('takes the 21 dose units, the 19 SAR routes and the 27 frequencies, and nothing else', () => {
    expect(MEDICATION_DOSE_UNITS).toHaveLength(21);
    expect(ADMINISTRATION_ROUTES).toHaveLength(19);
    expect(DOSING_FREQUENCIES).toHaveLength(27);
    for (const doseUnit of MEDICATION_DOSE_UNITS) {
      expect(SarFormSchema.safeParse({ ...sar, doseUnit }).success, doseUnit).toBe(true);
    }
    for (const route of ADMINISTRATION_ROUTES) {
      expect(SarFormSchema.safeParse({ ...sar, route }).success, route).toBe(true);
    }
    for (const frequency of DOSING_FREQUENCIES) {
      expect(SarFormSchema.safeParse({ ...sar, frequency }).success, frequency).toBe(true);
    }
    expect(SarFormSchema.safeParse({ ...sar, doseUnit: 'KILOGRAM' }).success).toBe(false);
    expect(SarFormSchema.safeParse({ ...sar, route: 'ORALLY' }).success).toBe(false);
    expect(SarFormSchema.safeParse({ ...sar, frequency: 'HOURLY' }).success).toBe(false);
    expect(sarFormIssues(sar)).toEqual([]);
  });
  it('a dose needs its unit; OTHER names itself and only OTHER does; the therapy ends after it starts', () => {
    expect(sarFormIssues({ ...sar, doseUnit: null })).toEqual([
      { field: 'doseUnit', reason: 'AE_SAR_DOSE_UNIT_REQUIRED' },
    ]);
    expect(sarFormIssues({ ...sar, dose: null, doseUnit: null })).toEqual([]);
    expect(sarFormIssues({ ...sar, route: 'OTHER', routeOther: '  ' })).toEqual([
      { field: 'routeOther', reason: 'AE_SAR_OTHER_REQUIRED' },
    ]);
    expect(sarFormIssues({ ...sar, route: 'OTHER', routeOther: 'Intrathecal' })).toEqual([]);
    expect(sarFormIssues({ ...sar, routeOther: 'Intrathecal' })).toEqual([
      { field: 'routeOther', reason: 'AE_SAR_OTHER_ONLY_WITH_OTHER' },
    ]);
    expect(sarFormIssues({ ...sar, frequency: 'OTHER' })).toEqual([
      { field: 'frequencyOther', reason: 'AE_SAR_OTHER_REQUIRED' },
    ]);
    expect(sarFormIssues({ ...sar, frequency: 'OTHER', frequencyOther: 'Every 5 days' })).toEqual([]);
    expect(sarFormIssues({ ...sar, frequency: null, frequencyOther: 'x' })).toEqual([
      { field: 'frequencyOther', reason: 'AE_SAR_OTHER_ONLY_WITH_OTHER' },
    ]);
    expect(sarFormIssues({ ...sar, therapyEndDate: '2025-12-31' })).toEqual([
      { field: 'therapyEndDate', reason: 'AE_SAR_THERAPY_END_BEFORE_START' },
    ]);
    expect(sarFormIssues({ ...sar, therapyEndDate: '2026-01-01' })).toEqual([]);
  });
});
