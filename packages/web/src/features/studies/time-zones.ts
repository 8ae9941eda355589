import { DEFAULT_TIME_ZONE, isValidTimeZone } from '@trialbase/domain';

export type TimeZoneOption = { value: string; label: string };

/** The browser's IANA zone, the default of a new study; UTC when the browser cannot tell. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

let cached: TimeZoneOption[] | null = null;

/**
 * Every IANA zone the browser knows (`Intl.supportedValuesOf`), labelled with its current UTC
 * offset so a search for "Copenhagen" or "GMT+01" both find it. UTC is always offered.
 */
export function listTimeZoneOptions(current?: string | null): TimeZoneOption[] {
  if (!cached) {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const now = new Date();
    cached = [...new Set([DEFAULT_TIME_ZONE, ...zones])].map((zone) => {
      const offset = offsetOf(zone, now);
      return { value: zone, label: offset ? `${zone} (${offset})` : zone };
    });
  }
  if (current && !cached.some((o) => o.value === current)) {
    return [{ value: current, label: current }, ...cached];
  }
  return cached;
}
