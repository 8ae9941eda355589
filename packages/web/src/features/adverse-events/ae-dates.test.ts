import { ADMINISTRATION_ROUTES, DOSING_FREQUENCIES, MEDICATION_DOSE_UNITS } from '@trialbase/domain';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/adverse-events.json';
import { aeDateFormatter, isolated } from './ae-dates';
import { emptyAeContent, normalizeAeContent } from './ae-form';
import { checkAeContent } from './ae-submit';

const t = i18next.createInstance();
await t.init({ lng: 'en', resources: { en: { translation: en } } });

describe('spec 000 §9: AE dates in the study date format', () => {
  it('shows dates and sign times in the study order, local time', () => {
    const us = aeDateFormatter('MM/DD/YYYY');
    expect(us.date('2026-01-05')).toBe('01/05/2026');
    const local = new Date(2026, 0, 5, 9, 7).toISOString();
    expect(us.dateTime(local)).toBe('01/05/2026 09:07');
    expect(aeDateFormatter('DD-MM-YYYY').dateTime(local)).toBe('05-01-2026 09:07');
    expect(us.date(null)).toBe('');
  });

  it('isolates a date put into a sentence so it stays whole right to left', () => {
    expect(isolated('05-01-2026')).toBe('\u206605-01-2026\u2069');
    expect(isolated('')).toBe('');
  });
});

describe('spec 000 §8 AE date rules on their fields, before anything is sent', () => {
  const withDates = (startDate: string | null, awarenessDate: string | null, endDate: string | null) => ({
    ...emptyAeContent(),
    eventDescription: 'Rash',
    details: { ...emptyAeContent().details, startDate, awarenessDate, endDate },
  });

  it('accepts dates in order and asks for a description', () => {
    expect(checkAeContent(t.t, withDates('2026-01-02', '2026-01-03', '2026-01-04'), '2026-01-05')).toEqual(
      {},
    );
    expect(checkAeContent(t.t, emptyAeContent(), '2026-01-05').eventDescription).toBe('Describe the event.');
  });

  it('puts each of the four date rules on its field', () => {
    expect(checkAeContent(t.t, withDates('2026-01-06', null, null), '2026-01-05').startDate).toMatch(
      /start date/,
    );
    expect(
      checkAeContent(t.t, withDates('2026-01-03', '2026-01-02', null), '2026-01-05').awarenessDate,
    ).toMatch(/before the start date/);
    expect(checkAeContent(t.t, withDates(null, '2026-01-06', null), '2026-01-05').awarenessDate).toMatch(
      /after the date of this report/,
    );
    expect(checkAeContent(t.t, withDates('2026-01-03', null, '2026-01-02'), '2026-01-05').endDate).toMatch(
      /end date/,
    );
  });
});

describe('spec 000 §3: the serious-event and SAR forms go only with the events they belong to', () => {
  it('drops them from a non-serious AE and keeps the SAR form for SAR and SUSAR only', () => {
    const serious = { ...emptyAeContent(), eventDescription: ' Syncope ', sae: true };
    const sae = normalizeAeContent({ ...serious, details: { ...serious.details, seriousType: 'SAE' } });
    expect(sae.seForm).not.toBeNull();
    expect(sae.sarForm).toBeNull();
    expect(sae.eventDescription).toBe('Syncope');
    const susar = normalizeAeContent({ ...serious, details: { ...serious.details, seriousType: 'SUSAR' } });
    expect(susar.sarForm).not.toBeNull();
    const plain = normalizeAeContent({ ...susar, sae: false });
    expect(plain.seForm).toBeNull();
    expect(plain.sarForm).toBeNull();
    expect(plain.details.seriousType).toBeNull();
  });
});

describe('spec 000 §3 SAR dose, route and frequency, checked as the server checks them', () => {
  const susar = () => {
    const serious = { ...emptyAeContent(), eventDescription: 'Syncope', sae: true };
    return normalizeAeContent({ ...serious, details: { ...serious.details, seriousType: 'SUSAR' } });
  };
  const withSar = (patch: Record<string, unknown>) => {
    const c = susar();
    return { ...c, sarForm: { ...(c.sarForm as NonNullable<typeof c.sarForm>), ...patch } };
  };

  it('asks a dose for its unit, OTHER for its text, and a therapy end after its start', () => {
    expect(checkAeContent(t.t, withSar({ dose: 5, doseUnit: 'MILLIGRAM' }), '2026-01-05')).toEqual({});
    expect(checkAeContent(t.t, withSar({ dose: 5 }), '2026-01-05').sar?.doseUnit).toBe(
      en.ADVERSE_EVENTS.SAR_RULES.DOSE_UNIT_REQUIRED,
    );
    expect(checkAeContent(t.t, withSar({ route: 'OTHER' }), '2026-01-05').sar?.routeOther).toBe(
      en.ADVERSE_EVENTS.SAR_RULES.OTHER_REQUIRED,
    );
    expect(checkAeContent(t.t, withSar({ frequency: 'OTHER' }), '2026-01-05').sar?.frequencyOther).toBe(
      en.ADVERSE_EVENTS.SAR_RULES.OTHER_REQUIRED,
    );
    expect(
      checkAeContent(
        t.t,
        withSar({ therapyStartDate: '2026-01-03', therapyEndDate: '2026-01-02' }),
        '2026-01-05',
      ).sar?.therapyEndDate,
    ).toBe(en.ADVERSE_EVENTS.SAR_RULES.THERAPY_END_BEFORE_START);
  });

  it('has a label for each of the 21 dose units, 19 routes and 27 frequencies', () => {
    expect(Object.keys(en.ADVERSE_EVENTS.ENUM.DOSE_UNIT)).toEqual([...MEDICATION_DOSE_UNITS]);
    expect(Object.keys(en.ADVERSE_EVENTS.ENUM.ROUTE)).toEqual([...ADMINISTRATION_ROUTES]);
    expect(Object.keys(en.ADVERSE_EVENTS.ENUM.FREQUENCY)).toEqual([...DOSING_FREQUENCIES]);
  });
});
