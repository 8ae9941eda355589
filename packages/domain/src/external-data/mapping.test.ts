import { describe, expect, it } from 'vitest';
import { EXTERNAL_DATA_MESSAGES, readExternalDataCsv, readExternalDataHeader } from './mapping';

const mapping = { subjectIdColumn: 'Patient', eventDateColumn: 'Drawn', questions: { hb: 'Hemoglobin' } };

describe('readExternalDataCsv', () => {
  it('maps columns to subject, date and answers, with file line numbers', () => {
    const csv = '\uFEFFPatient;Drawn;Hemoglobin\r\nS-001;2026-03-01;13,5\r\n\r\nS-002;2026-03-02;\r\n';
    expect(readExternalDataHeader(csv)).toEqual(['Patient', 'Drawn', 'Hemoglobin']);
    expect(readExternalDataCsv(csv, mapping)).toEqual({
      ok: true,
      header: ['Patient', 'Drawn', 'Hemoglobin'],
      rows: [
        { line: 2, subjectId: 'S-001', eventDate: '2026-03-01', answers: { hb: '13,5' } },
        { line: 4, subjectId: 'S-002', eventDate: '2026-03-02', answers: {} },
      ],
    });
  });

  it('refuses the whole file with the bad row and column', () => {
    const csv = 'Patient,Drawn,Hemoglobin\nS-001,2026-03-01,13.5\n,2026-02-30,12\nS-001,2026-03-01,14\n';
    const result = readExternalDataCsv(csv, mapping);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => [i.line, i.column, i.message])).toEqual([
      [3, 'Patient', EXTERNAL_DATA_MESSAGES.REQUIRED],
      [3, 'Drawn', expect.any(String)],
      [4, 'Patient', EXTERNAL_DATA_MESSAGES.DUPLICATE_ROW],
    ]);
  });

  it('reports mapped columns missing from the header, and empty files', () => {
    const missing = readExternalDataCsv('Patient,Drawn\nS-1,2026-01-01\n', mapping);
    expect(missing).toMatchObject({ ok: false, issues: [{ line: 1, column: 'Hemoglobin' }] });
    const empty = readExternalDataCsv('Patient,Drawn,Hemoglobin\n', mapping);
    expect(empty).toMatchObject({ ok: false, issues: [{ message: EXTERNAL_DATA_MESSAGES.EMPTY_FILE }] });
  });
});
