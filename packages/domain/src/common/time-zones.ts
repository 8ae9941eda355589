import { z } from 'zod';

/** Is this an IANA time zone the runtime knows (Europe/Copenhagen, UTC...)? */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name; schedules are computed in it (spec 001 §3 data event timing). */
export const TimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isValidTimeZone, { message: 'Unknown time zone' });

export const DEFAULT_TIME_ZONE = 'UTC';
