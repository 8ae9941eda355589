/**
 * Calendar arithmetic in an IANA time zone with `Intl.DateTimeFormat` only (issue 6 item 6:
 * schedules are computed in the study's time zone and survive daylight-saving changes).
 */

export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local wall-clock time of `instant` in `timeZone`. */
export function toWallTime(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const yearOfEra = Number(parts.year);
  return {
    year: parts.era === 'BC' ? 1 - yearOfEra : yearOfEra,
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    millisecond: ((instant.getTime() % 1000) + 1000) % 1000,
  };
}

function wallAsUtc(wall: WallTime): number {
  const d = new Date(0);
  d.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  d.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return d.getTime();
}

/** The zone's offset from UTC at `instant`, in milliseconds (+1 h for Copenhagen in winter). */
export function zoneOffsetMs(instant: Date, timeZone: string): number {
  return wallAsUtc(toWallTime(instant, timeZone)) - instant.getTime();
}

/**
 * The instant a local wall-clock time denotes. A time that occurs twice (autumn change) gives
 * the earlier instant; a time that does not exist (spring gap) moves forward by the gap, so
 * 02:30 on the spring change day in Copenhagen becomes 03:30 summer time.
 */
export function fromWallTime(wall: WallTime, timeZone: string): Date {
  const asUtc = wallAsUtc(wall);
  const offsetBefore = zoneOffsetMs(new Date(asUtc - DAY_MS), timeZone);
  const offsetAfter = zoneOffsetMs(new Date(asUtc + DAY_MS), timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter]
    .filter((t) => wallAsUtc(toWallTime(new Date(t), timeZone)) === asUtc)
    .sort((a, b) => a - b);
  const first = candidates[0];
  if (first !== undefined) return new Date(first);
  // In the gap: read the wall time with the offset in force before the change.
  return new Date(asUtc - offsetBefore);
}

/**
 * `days` calendar days after `instant` in `timeZone`, at the same local wall-clock time
 * (issue 6 item 5: day offsets are calendar days, so a DST change does not move the hour).
 */
export function addZonedDays(instant: Date, days: number, timeZone: string): Date {
  if (days === 0) return new Date(instant.getTime());
  const wall = toWallTime(instant, timeZone);
  const shifted = new Date(0);
  shifted.setUTCFullYear(wall.year, wall.month - 1, wall.day + days);
  return fromWallTime(
    {
      ...wall,
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
    },
    timeZone,
  );
}

/** `hours` elapsed hours after `instant` (hour offsets are durations, not wall-clock hours). */
export function addHours(instant: Date, hours: number): Date {
  return new Date(instant.getTime() + hours * HOUR_MS);
}

/** Calendar days (in the zone) then elapsed hours: the offset rule of data events and reminders. */
export function addZonedOffset(instant: Date, days: number, hours: number, timeZone: string): Date {
  return addHours(addZonedDays(instant, days, timeZone), hours);
}
