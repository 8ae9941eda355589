import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import {
  isSystemComment,
  QUERY_DIALOG_ACTIONS,
  QUERY_STATUSES,
  QueryFilterSchema,
  splitQueries,
} from './model';
import {
  initialQueryStatus,
  QUERY_ACTIONS,
  QUERY_DIALOG_ACTION_TO_ACTION,
  queryStateMachine,
} from './state-machine';

describe('Spec 000 §4 query status (DESIGN.md decisions: close from OPEN or RESPONDED, reopen to OPEN)', () => {
  it('has exactly OPEN, RESPONDED, CLOSED and starts OPEN', () => {
    expect([...QUERY_STATUSES]).toEqual(['OPEN', 'RESPONDED', 'CLOSED']);
    expect(initialQueryStatus()).toBe('OPEN');
  });

  checkTransitionTable(queryStateMachine, {
    states: QUERY_STATUSES,
    actions: QUERY_ACTIONS,
    allowed: [
      ['OPEN', 'respond', 'RESPONDED'],
      ['OPEN', 'close', 'CLOSED'],
      ['OPEN', 'quickClose', 'CLOSED'],
      ['RESPONDED', 'decline', 'OPEN'],
      ['RESPONDED', 'close', 'CLOSED'],
      ['RESPONDED', 'quickClose', 'CLOSED'],
      ['CLOSED', 'reopen', 'OPEN'],
    ],
  });

  it('reports refusals with error type QUERY', () => {
    expect(() => queryStateMachine.next('CLOSED', 'respond')).toThrow(
      expect.objectContaining({ type: 'QUERY' }),
    );
  });
});

describe('Spec 001 §4 query dialog actions', () => {
  it('has the six dialog actions, each mapped to a status action except CREATE', () => {
    expect([...QUERY_DIALOG_ACTIONS]).toEqual([
      'CREATE',
      'RESPOND',
      'DECLINE',
      'REOPEN',
      'QUICK_CLOSE',
      'CLOSE',
    ]);
    expect(QUERY_DIALOG_ACTION_TO_ACTION.CREATE).toBeNull();
    for (const a of QUERY_DIALOG_ACTIONS.filter((x) => x !== 'CREATE')) {
      expect(QUERY_ACTIONS).toContain(QUERY_DIALOG_ACTION_TO_ACTION[a]);
    }
  });

  it('shows the first non-closed query as current and lists closed ones apart', () => {
    const qs = [
      { id: 1, status: 'CLOSED' },
      { id: 2, status: 'RESPONDED' },
      { id: 3, status: 'OPEN' },
      { id: 4, status: 'CLOSED' },
    ] as const;
    const { current, closed } = splitQueries(qs);
    expect(current?.id).toBe(2);
    expect(closed.map((q) => q.id)).toEqual([1, 4]);
    expect(splitQueries([{ status: 'CLOSED' as const }]).current).toBeNull();
  });

  it('a comment without creator is system generated', () => {
    expect(isSystemComment({ createdBy: null })).toBe(true);
    expect(isSystemComment({ createdBy: 'a'.repeat(24) })).toBe(false);
  });

  it('subject search is capped at 128 characters', () => {
    expect(QueryFilterSchema.safeParse({ subject: 's'.repeat(128) }).success).toBe(true);
    expect(QueryFilterSchema.safeParse({ subject: 's'.repeat(129) }).success).toBe(false);
    expect(QueryFilterSchema.safeParse({ statuses: ['PENDING'] }).success).toBe(false);
  });
});
