import { describe, expect, it } from 'vitest';
import { ProcessSchema } from '../processes/model';
import { unscheduledDataEventOf, unscheduledTypeOfToken } from './unscheduled';

const process = ProcessSchema.parse({
  id: 'p'.repeat(24),
  pathwayName: 'P',
  dataEvents: [],
  unexpected: true,
  unexpectedVisit: { id: 'sel-u', selectedQts: ['f1', 'f2'], selectedOptionalQts: ['f2', 'f3'] },
  discontinued: false,
  discontinueDataEvent: { id: 'sel-d', selectedQts: ['f4'], selectedOptionalQts: [] },
});

describe('spec 001 §3 unscheduled events: the event an unscheduled token is filled in', () => {
  it('maps unscheduled token types to their event type and scheduled ones to null', () => {
    expect(unscheduledTypeOfToken('UNEXPECTED')).toBe('TYPE_UNEXPECTED');
    expect(unscheduledTypeOfToken('DISCONTINUED')).toBe('TYPE_DISCONTINUED');
    expect(unscheduledTypeOfToken('EXTERNAL')).toBe('TYPE_EXTERNAL');
    expect(unscheduledTypeOfToken('HP')).toBeNull();
  });

  it('builds a staff-like event: selectedQts mandatory, selectedOptionalQts optional, no forced order', () => {
    const event = unscheduledDataEventOf(process, { type: 'UNEXPECTED', dataEventId: 'sel-u' });
    expect(event).toMatchObject({
      id: 'sel-u',
      type: 'TYPE_UNEXPECTED',
      forms: ['f1', 'f2'],
      optionalForms: ['f3'],
      forceFormOrder: false,
    });
  });

  it('keeps the selection of an event switched off since, and refuses a mismatched selection id', () => {
    expect(unscheduledDataEventOf(process, { type: 'DISCONTINUED', dataEventId: 'sel-d' })?.forms).toEqual([
      'f4',
    ]);
    expect(unscheduledDataEventOf(process, { type: 'UNEXPECTED', dataEventId: 'sel-d' })).toBeNull();
    expect(unscheduledDataEventOf(process, { type: 'EXTERNAL', dataEventId: 'sel-u' })).toBeNull();
    expect(unscheduledDataEventOf(process, { type: 'HP', dataEventId: 'sel-u' })).toBeNull();
  });
});
