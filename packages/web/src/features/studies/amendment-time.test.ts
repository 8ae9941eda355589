import { describe, expect, it } from 'vitest';
import { formatInStudyZone, parseInStudyZone } from './amendment-time';

// Issue 23: the scheduled finish is typed and shown in the study's time zone and date-time format.
describe('amendment schedule time in the study zone', () => {
  it('reads a typed wall time in the study zone and shows it back the same way', () => {
    const iso = parseInStudyZone('01-12-2026 09:30', 'Europe/Copenhagen', 'DD-MM-YYYY HH:mm');
    expect(iso).toBe('2026-12-01T08:30:00.000Z');
    expect(formatInStudyZone(iso ?? '', 'Europe/Copenhagen', 'DD-MM-YYYY HH:mm')).toBe('01-12-2026 09:30');
    expect(formatInStudyZone('2026-12-01T08:30:00.000Z', 'America/New_York', 'YYYY-MM-DD HH:mm')).toBe(
      '2026-12-01 03:30',
    );
  });

  it('refuses text that is not a real date-time', () => {
    expect(parseInStudyZone('31-02-2026 09:30', 'UTC', 'DD-MM-YYYY HH:mm')).toBeNull();
    expect(parseInStudyZone('tomorrow', 'UTC', 'DD-MM-YYYY HH:mm')).toBeNull();
  });
});
