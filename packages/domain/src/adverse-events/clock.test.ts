import { describe, expect, it } from 'vitest';
import { aeClockKind, aeClockStatus, aeClockTimes, isFatalOrLifeThreatening, presentAeClock } from './clock';

const HOUR = 3_600_000;
const start = new Date('2026-03-01T10:00:00Z');

describe('issue 20 item 5: the serious-event clock (ICH E2A)', () => {
  it('an SAE, a SAR and an untyped serious event run 24 hours', () => {
    for (const seriousType of ['SAE', 'SAR', null] as const) {
      expect(aeClockKind({ seriousType, outcome: 'FATAL', criteria: ['DEATH'] })).toBe('SAE_24H');
    }
    const { deadline, reminderAt } = aeClockTimes('SAE_24H', start);
    expect(deadline.getTime() - start.getTime()).toBe(24 * HOUR);
    expect(deadline.getTime() - reminderAt.getTime()).toBe(6 * HOUR);
  });

  it('a SUSAR runs 7 days when fatal or life-threatening, 15 days otherwise', () => {
    expect(aeClockKind({ seriousType: 'SUSAR', outcome: 'FATAL', criteria: [] })).toBe('SUSAR_7D');
    expect(aeClockKind({ seriousType: 'SUSAR', outcome: 'RECOVERING', criteria: ['LIFE_THREATENING'] })).toBe(
      'SUSAR_7D',
    );
    expect(aeClockKind({ seriousType: 'SUSAR', outcome: null, criteria: ['HOSPITALISATION'] })).toBe(
      'SUSAR_15D',
    );
    expect(aeClockKind({ seriousType: 'SUSAR', outcome: null, criteria: null })).toBe('SUSAR_15D');
    expect(isFatalOrLifeThreatening({ outcome: 'UNKNOWN', criteria: ['DEATH'] })).toBe(true);
    expect(aeClockTimes('SUSAR_7D', start).deadline.getTime() - start.getTime()).toBe(7 * 24 * HOUR);
    expect(aeClockTimes('SUSAR_15D', start).deadline.getTime() - start.getTime()).toBe(15 * 24 * HOUR);
  });

  it('runs, is due soon after the reminder time, overdue after the deadline; a stop is met or missed', () => {
    const times = aeClockTimes('SAE_24H', start);
    const at = (h: number) => new Date(start.getTime() + h * HOUR);
    expect(aeClockStatus({ ...times, stoppedAt: null }, at(1))).toBe('RUNNING');
    expect(aeClockStatus({ ...times, stoppedAt: null }, at(18))).toBe('DUE_SOON');
    expect(aeClockStatus({ ...times, stoppedAt: null }, at(24))).toBe('DUE_SOON');
    expect(aeClockStatus({ ...times, stoppedAt: null }, at(24.01))).toBe('OVERDUE');
    expect(aeClockStatus({ ...times, stoppedAt: at(23) }, at(30))).toBe('MET');
    expect(aeClockStatus({ ...times, stoppedAt: at(25) }, at(30))).toBe('MISSED');
  });

  it('shows the remaining time while running, none once stopped', () => {
    const running = presentAeClock(
      { kind: 'SAE_24H', startedAt: start, stoppedAt: null },
      new Date(start.getTime() + 4 * HOUR),
    );
    expect(running).toMatchObject({
      status: 'RUNNING',
      remainingMs: 20 * HOUR,
      deadline: '2026-03-02T10:00:00.000Z',
    });
    const stopped = presentAeClock(
      { kind: 'SAE_24H', startedAt: start, stoppedAt: new Date(start.getTime() + HOUR) },
      new Date(start.getTime() + 48 * HOUR),
    );
    expect(stopped).toMatchObject({ status: 'MET', remainingMs: null });
  });
});
