import type { SiteReport, StudyDateFormat } from '@trialbase/domain';

export type MonthCount = { month: string; count: number; cumulative: number };

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Registrations per month of the report's sites from the first month to the last, months without
 * one filled with 0 (the server leaves them out), with the running total (000 §2 site report).
 */
export function recruitmentByMonth(recruitment: SiteReport['recruitment'], siteId?: string): MonthCount[] {
  const counts = new Map<string, number>();
  for (const row of recruitment) {
    if (siteId && row.siteId !== siteId) continue;
    counts.set(row.month, (counts.get(row.month) ?? 0) + row.count);
  }
  const months = [...counts.keys()].sort();
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  const out: MonthCount[] = [];
  let cumulative = 0;
  for (let month = first; month <= last; month = nextMonth(month)) {
    const count = counts.get(month) ?? 0;
    cumulative += count;
    out.push({ month, count, cumulative });
  }
  return out;
}

/** A month `YYYY-MM` in the study's date order without the day (`MM-YYYY` for DD-MM-YYYY). */
export function formatStudyMonth(month: string, format: StudyDateFormat): string {
  const separator = format.includes('/') ? '/' : format.includes('.') ? '.' : '-';
  const [year, mm] = month.split('-');
  return format
    .split(separator)
    .filter((part) => part !== 'DD')
    .map((part) => (part === 'YYYY' ? year : mm))
    .join(separator);
}
