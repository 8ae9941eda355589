import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('date display (spec 000 §9)', () => {
  it('shows dates as DD-MM-YYYY and date-times as DD-MM-YYYY HH:mm in local time', () => {
    const local = new Date(2024, 0, 5, 9, 7).toISOString();
    expect(formatDate(local)).toBe('05-01-2024');
    expect(formatDateTime(local)).toBe('05-01-2024 09:07');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
