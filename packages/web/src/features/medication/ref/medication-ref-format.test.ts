import { describe, expect, it } from 'vitest';
import { medicationDoseText, medicationLine, medicationPeriodText } from './medication-ref-format';

const texts = {
  unit: (code: string) => (code === 'MILLIGRAM' ? 'mg' : code.toLowerCase()),
  ongoing: 'ongoing',
};
const base = {
  name: 'Metformin',
  dose: 500,
  doseUnit: 'MILLIGRAM' as const,
  doseUnitOther: null,
  startDate: '2024-01-02',
  endDate: null,
  ongoing: true,
};
const plain = (s: string) => s.replace(/[\u2066\u2069]/g, '');

describe('issue 21 item 4: a medication record as one picker line', () => {
  it('shows name, dose with unit and the period in the study date format', () => {
    expect(plain(medicationLine(base, 'DD-MM-YYYY', texts))).toBe(
      'Metformin · 500 mg · 02-01-2024 – ongoing',
    );
    expect(
      plain(medicationLine({ ...base, ongoing: false, endDate: '2024-02-03' }, 'YYYY-MM-DD', texts)),
    ).toBe('Metformin · 500 mg · 2024-01-02 – 2024-02-03');
  });

  it('isolates numbers and dates so they stay whole in right-to-left text', () => {
    expect(medicationDoseText(base, texts)).toBe('\u2066500 mg\u2069');
    expect(medicationPeriodText(base, 'DD-MM-YYYY', texts)).toBe('\u206602-01-2024\u2069 – ongoing');
  });

  it('leaves out what the record lacks; an OTHER unit shows its own name', () => {
    expect(
      medicationLine({ ...base, dose: null, startDate: null, ongoing: false }, 'DD-MM-YYYY', texts),
    ).toBe('Metformin');
    expect(plain(medicationDoseText({ ...base, doseUnit: 'OTHER', doseUnitOther: 'sachet' }, texts))).toBe(
      '500 sachet',
    );
    expect(plain(medicationPeriodText({ ...base, startDate: null }, 'DD-MM-YYYY', texts))).toBe(
      '… – ongoing',
    );
  });
});
