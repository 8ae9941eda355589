import type { MedicationView } from '@trialbase/domain';
import type { TFunction } from 'i18next';

type Coded = { code: string | null; other: string | null; prefix: 'DOSE_UNIT' | 'ROUTE' | 'FREQUENCY' };

/** A coded value as people read it: OTHER shows its own name. */
export function codedText(t: TFunction, { code, other, prefix }: Coded): string | null {
  if (code === null) return null;
  if (code === 'OTHER' && other) return other;
  return t(`MEDICATION.ENUM.${prefix}.${code}` as 'MEDICATION.TITLE');
}

/** "10 mg · Oral · Once daily": dose with its unit, route and frequency, the parts that are filled in. */
export function doseLine(t: TFunction, m: MedicationView): string {
  const unit = codedText(t, { code: m.doseUnit, other: m.doseUnitOther, prefix: 'DOSE_UNIT' });
  const dose = m.dose !== null ? [String(m.dose), unit].filter(Boolean).join(' ') : unit;
  return [
    dose,
    codedText(t, { code: m.route, other: m.routeOther, prefix: 'ROUTE' }),
    codedText(t, { code: m.frequency, other: m.frequencyOther, prefix: 'FREQUENCY' }),
  ]
    .filter(Boolean)
    .join(' · ');
}
