import { describe, expect, it } from 'vitest';
import { ADMINISTRATION_ROUTES, DOSING_FREQUENCIES } from '../medication/model';
import { checkAeDates } from './dates';
import {
  AdverseEventSchema,
  AE_BROCHURE_RELATIONS,
  AE_LEGACY_STATUSES,
  AE_OUTCOMES,
  AE_PRODUCT_ACTIONS,
  AE_PRODUCT_RELATIONS,
  AE_PRODUCT_RELATIONS_LEGACY,
  AE_SERIOUS_TYPES,
  AE_SEVERITIES,
  SAR_ACTIONS_TAKEN,
  SAR_EVENT_ABATE,
  SAR_OUTCOMES,
} from './model';

describe('Spec 000 §3 AE enumerations', () => {
  it('match the spec lists exactly', () => {
    expect([...AE_SERIOUS_TYPES]).toEqual(['SUSAR', 'SAR', 'SAE']);
    expect([...AE_OUTCOMES]).toEqual([
      'RECOVERED',
      'RECOVERING',
      'RECOVERED_W_SEQUELA',
      'NOT_RECOVERED',
      'FATAL',
      'UNKNOWN',
    ]);
    expect([...AE_SEVERITIES]).toEqual(['MILD', 'MODERATE', 'SEVERE']);
    expect([...AE_PRODUCT_ACTIONS]).toEqual(['NONE', 'DISCONTINUE', 'INTERRUPT', 'DOSE_ADJUST', 'UNKNOWN']);
    expect([...AE_PRODUCT_RELATIONS]).toEqual(['UNRELATED', 'UNLIKELY', 'POSSIBLE', 'PROBABLE', 'RELATED']);
    expect([...AE_PRODUCT_RELATIONS_LEGACY]).toEqual([...AE_PRODUCT_RELATIONS, 'UNKNOWN']);
    expect([...AE_BROCHURE_RELATIONS]).toEqual(['YES', 'NO', 'NOT_APPLICABLE']);
    expect([...AE_LEGACY_STATUSES]).toEqual(['NEW', 'REPORTED', 'FOLLOW_UP', 'FOLLOWED_UP', 'COMPLETED']);
  });

  it('SAR lists match the spec', () => {
    expect(ADMINISTRATION_ROUTES).toHaveLength(19);
    expect(ADMINISTRATION_ROUTES).toContain('OPTHALMIC');
    expect(DOSING_FREQUENCIES).toHaveLength(27);
    for (const f of ['ONCE_DAILY', 'TWICE_DAILY', 'WEEKLY', 'MONTHLY', 'AS_NEEDED', 'OTHER']) {
      expect(DOSING_FREQUENCIES).toContain(f);
    }
    expect([...SAR_ACTIONS_TAKEN]).toEqual(['NONE', 'PERMANENT_DISCONTINUE', 'INTERRUPTED', 'DOSE_ADJUST']);
    expect([...SAR_EVENT_ABATE]).toEqual(['YES', 'NO', 'NOT_APPLICABLE']);
    expect([...SAR_OUTCOMES]).toEqual([
      'RECOVERED_NO_SEQUELAE',
      'RECOVERED_SEQUELAE',
      'NOT_RECOVERED',
      'FATAL',
      'UNKNOWN',
    ]);
  });
});

const id = (n: number) => n.toString(16).padStart(24, '0');
const t = '2024-03-01T08:00:00Z';
const details = {
  startDate: '2024-02-20',
  endDate: null,
  awarenessDate: '2024-02-21',
  ongoing: true,
  severity: 'MILD',
  outcome: 'RECOVERING',
  productAction: 'NONE',
  productRelation: 'UNKNOWN',
  brochureRelation: 'YES',
  seriousType: null,
  comment: null,
};
const signs = Object.fromEntries(
  ['classification', 'initialSponsor', 'followUp', 'finalSponsor'].flatMap((s) => [
    [`${s}SignedBy`, null],
    [`${s}SignedTime`, null],
  ]),
);
const ae = {
  id: id(1),
  studyId: id(2),
  siteId: id(3),
  subjectId: id(4),
  enrollmentId: null,
  status: 'AE_REPORTED',
  createTime: t,
  createdBy: id(5),
  ...signs,
  eventDescription: 'Headache',
  sae: false,
  details,
  sarForm: null,
  seForm: null,
  investigator: null,
  followedUpBy: null,
  amendments: [],
  sourceQuestionId: null,
  isRemoved: false,
  verification: null,
  secondaryVerification: null,
  updateTime: t,
};

describe('Spec 000 §3 adverse event', () => {
  it('accepts an AE with every field, the legacy UNKNOWN relation included', () => {
    expect(AdverseEventSchema.safeParse(ae).success).toBe(true);
  });
  it('refuses an empty description, unknown severity or a legacy status', () => {
    expect(AdverseEventSchema.safeParse({ ...ae, eventDescription: '  ' }).success).toBe(false);
    expect(
      AdverseEventSchema.safeParse({ ...ae, details: { ...details, severity: 'EXTREME' } }).success,
    ).toBe(false);
    expect(AdverseEventSchema.safeParse({ ...ae, status: 'NEW' }).success).toBe(false);
  });
});

describe('Spec 000 §8 AE date rules', () => {
  const ok = { startDate: '2024-02-20', endDate: '2024-02-25', awarenessDate: '2024-02-21' };
  it('passes consistent dates, boundaries included', () => {
    expect(checkAeDates(ok, '2024-03-01')).toEqual([]);
    expect(
      checkAeDates(
        { startDate: '2024-03-01', endDate: '2024-03-01', awarenessDate: '2024-03-01' },
        '2024-03-01',
      ),
    ).toEqual([]);
    expect(checkAeDates({ startDate: null, endDate: null, awarenessDate: null }, '2024-03-01')).toEqual([]);
  });
  it('names each broken rule', () => {
    expect(
      checkAeDates({ ...ok, startDate: '2024-03-02', awarenessDate: null, endDate: null }, '2024-03-01'),
    ).toEqual(['START_DATE_BEFORE_FILL_OUT_DATE']);
    expect(checkAeDates({ ...ok, awarenessDate: '2024-02-19' }, '2024-03-01')).toEqual([
      'AWARENESS_DATE_AFTER_START_DATE',
    ]);
    expect(checkAeDates({ ...ok, awarenessDate: '2024-03-02' }, '2024-03-01')).toEqual([
      'AWARENESS_DATE_BEFORE_FILL_OUT_DATE',
    ]);
    expect(checkAeDates({ ...ok, endDate: '2024-02-19' }, '2024-03-01')).toEqual([
      'END_DATE_AFTER_START_DATE',
    ]);
  });
});
