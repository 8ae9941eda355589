import type { BookingColour } from '@trialbase/domain';

/** Swatch colours of the fixed booking colours (spec 000 §3; amber is the default). */
export const BOOKING_SWATCHES: Record<BookingColour, string> = {
  amber: '#ffbf00',
  blue: '#228be6',
  green: '#2f9e44',
  red: '#e03131',
  purple: '#7048e8',
  teal: '#0c8599',
  orange: '#f76707',
  grey: '#868e96',
};

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as the value of an `<input type="datetime-local">`, in local time. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; empty or invalid gives ''. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
}

/** Monday 00:00 local of the week holding `date`, moved by `offset` weeks. */
export function weekStart(date: Date, offset = 0): Date {
  const d = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (d.getDay() + 6) % 7;
  d.setDate(d.getDate() - sinceMonday + offset * 7);
  return d;
}

export function addDays(date: Date, days: number): Date {
  const d = new Date(date);
  d.setDate(d.getDate() + days);
  return d;
}

/** The local calendar day of an instant, as YYYY-MM-DD, for grouping an agenda. */
export function localDayKey(iso: string | Date): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
