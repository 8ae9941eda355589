import { formatStudyDate, type MedicationView, type StudyDateFormat } from '@trialbase/domain';

/** The parts of a record a picker line shows. */
export type MedicationLineRecord = Pick<
  MedicationView,
  'name' | 'dose' | 'doseUnit' | 'doseUnitOther' | 'startDate' | 'endDate' | 'ongoing'
>;

/** What the caller's catalog gives for the coded parts. */
export type MedicationLineTexts = {
  unit: (code: NonNullable<MedicationView['doseUnit']>) => string;
  ongoing: string;
};

/** A date isolated left to right (U+2066 … U+2069), so `02-01-2024` stays whole in Arabic or Hebrew. */
function isolated(text: string): string {
  return text === '' ? text : `\u2066${text}\u2069`;
}

/** The dose with its unit (OTHER shows its own name), or '' when the record has no dose. */
export function medicationDoseText(record: MedicationLineRecord, texts: MedicationLineTexts): string {
  if (record.dose === null) return '';
  const unit =
    record.doseUnit === 'OTHER'
      ? (record.doseUnitOther ?? '')
      : record.doseUnit
        ? texts.unit(record.doseUnit)
        : '';
  return isolated(`${record.dose}${unit ? ` ${unit}` : ''}`);
}

/** Start – end (or – ongoing) in the study's date format; '' without any date. */
export function medicationPeriodText(
  record: MedicationLineRecord,
  format: StudyDateFormat,
  texts: MedicationLineTexts,
): string {
  const start = record.startDate ? isolated(formatStudyDate(record.startDate, format)) : '';
  const end = record.ongoing
    ? texts.ongoing
    : record.endDate
      ? isolated(formatStudyDate(record.endDate, format))
      : '';
  if (!start && !end) return '';
  return `${start || '…'} – ${end || '…'}`;
}

/** One line naming a record in a picker: name · dose · period (issue 21 item 4). */
export function medicationLine(
  record: MedicationLineRecord,
  format: StudyDateFormat,
  texts: MedicationLineTexts,
): string {
  return [record.name, medicationDoseText(record, texts), medicationPeriodText(record, format, texts)]
    .filter((part) => part !== '')
    .join(' · ');
}
