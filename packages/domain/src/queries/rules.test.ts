import { describe, expect, it } from 'vitest';
import type { Permission } from '../access/permissions';
import { permissionsForRole } from '../access/roles';
import { AnswerSchema } from '../questionnaires/model';
import {
  canRaiseQuery,
  lastQueryComments,
  QUERY_ACTION_PERMISSIONS,
  QUERY_LAST_COMMENT_LIMIT,
  QUERY_OPEN_LIMIT_PER_QUESTION,
  QUERY_TEXT_MAX_LENGTH,
  QueryCommentSchema,
  type QueryStatus,
  QueryTextSchema,
} from './model';
import {
  CloseQueryBodySchema,
  CreateQueryBodySchema,
  QueryListRequestSchema,
  ReopenQueryBodySchema,
  RespondQueryBodySchema,
} from './schemas';
import {
  assertQueryDialogAction,
  availableQueryActions,
  formStatusWithQueries,
  queryDialogTarget,
} from './state-machine';

const role = (r: Parameters<typeof permissionsForRole>[0]) => {
  const held = permissionsForRole(r);
  return (p: Permission) => held.has(p);
};

describe('spec 001 §8 query text: required, max 1000', () => {
  it('trims, refuses empty and 1001 characters, takes 1000', () => {
    expect(QueryTextSchema.safeParse('   ').success).toBe(false);
    expect(QueryTextSchema.safeParse('x'.repeat(QUERY_TEXT_MAX_LENGTH)).success).toBe(true);
    expect(QueryTextSchema.safeParse('x'.repeat(QUERY_TEXT_MAX_LENGTH + 1)).success).toBe(false);
    expect(QueryTextSchema.parse('  check  ')).toBe('check');
    expect(CreateQueryBodySchema.safeParse({ questionId: 'q1' }).success).toBe(false);
    expect(RespondQueryBodySchema.safeParse({ text: '' }).success).toBe(false);
    expect(ReopenQueryBodySchema.safeParse({}).success).toBe(false);
    // Quick close takes no text; a close with one keeps the limit.
    expect(CloseQueryBodySchema.safeParse({}).success).toBe(true);
    expect(CloseQueryBodySchema.safeParse({ text: 'x'.repeat(1001) }).success).toBe(false);
  });

  it('a response may carry the new answer of the question', () => {
    const parsed = RespondQueryBodySchema.parse({
      text: 'fixed',
      answer: { question: 'q1', answerStrings: ['72'] },
    });
    expect(parsed.answer).toEqual(AnswerSchema.parse({ question: 'q1', answerStrings: ['72'] }));
  });
});

describe('spec 001 §8 open-query limit per question', () => {
  it(`allows up to ${QUERY_OPEN_LIMIT_PER_QUESTION} open or responded queries; closed ones do not count`, () => {
    const full = Array.from(
      { length: QUERY_OPEN_LIMIT_PER_QUESTION },
      (_, i): QueryStatus => (i % 2 ? 'OPEN' : 'RESPONDED'),
    );
    expect(canRaiseQuery([])).toBe(true);
    expect(canRaiseQuery(full.slice(1))).toBe(true);
    expect(canRaiseQuery(full)).toBe(false);
    expect(canRaiseQuery([...full.slice(1), 'CLOSED', 'CLOSED'])).toBe(true);
  });
});

describe('spec 000 §9 last-comment limit 30', () => {
  it('keeps the latest 30 comments, oldest first', () => {
    const comments = Array.from({ length: 45 }, (_, i) => i);
    expect(lastQueryComments(comments)).toEqual(comments.slice(15));
    expect(lastQueryComments(comments)).toHaveLength(QUERY_LAST_COMMENT_LIMIT);
    expect(lastQueryComments([1, 2])).toEqual([1, 2]);
  });

  it('a comment keeps creator, time, text and the changed values; no creator is system generated', () => {
    const base = {
      id: 'a'.repeat(24),
      createdTime: '2026-01-01T00:00:00.000Z',
      action: 'RESPOND',
      text: 'fixed',
    };
    expect(
      QueryCommentSchema.parse({
        ...base,
        createdBy: 'b'.repeat(24),
        createdByName: 'Dora',
        oldValues: ['70'],
        newValues: ['72'],
      }),
    ).toMatchObject({ oldValues: ['70'], newValues: ['72'] });
    expect(
      QueryCommentSchema.safeParse({
        ...base,
        createdBy: null,
        createdByName: null,
        oldValues: null,
        newValues: null,
      }).success,
    ).toBe(true);
    expect(
      QueryCommentSchema.safeParse({
        ...base,
        action: 'SHOUT',
        createdBy: null,
        createdByName: null,
        oldValues: null,
        newValues: null,
      }).success,
    ).toBe(false);
  });
});

describe('spec 001 §4 dialog actions by state and permission (000 §6 role table)', () => {
  it('maps each dialog action to its permission', () => {
    expect(QUERY_ACTION_PERMISSIONS).toEqual({
      CREATE: 'QUERY_CREATE',
      RESPOND: 'QUERY_RESPOND',
      DECLINE: 'QUERY_REOPEN',
      REOPEN: 'QUERY_REOPEN',
      QUICK_CLOSE: 'QUERY_CLOSE',
      CLOSE: 'QUERY_CLOSE',
    });
  });

  it('offers a monitor create, then close / decline / reopen by state; a doctor only respond on an open query', () => {
    const monitor = role('MONITOR');
    const doctor = role('DOCTOR');
    expect(availableQueryActions(null, monitor)).toEqual(['CREATE']);
    expect(availableQueryActions(null, doctor)).toEqual([]);
    expect(availableQueryActions('OPEN', monitor)).toEqual(['QUICK_CLOSE', 'CLOSE']);
    expect(availableQueryActions('RESPONDED', monitor)).toEqual(['DECLINE', 'QUICK_CLOSE', 'CLOSE']);
    expect(availableQueryActions('CLOSED', monitor)).toEqual(['REOPEN']);
    expect(availableQueryActions('OPEN', doctor)).toEqual(['RESPOND']);
    expect(availableQueryActions('RESPONDED', doctor)).toEqual([]);
    expect(availableQueryActions('CLOSED', doctor)).toEqual([]);
    const admin = role('ADMIN');
    expect(availableQueryActions('OPEN', admin)).toEqual(['RESPOND', 'QUICK_CLOSE', 'CLOSE']);
  });

  it('gives the target status of each allowed action and refuses the others with type QUERY', () => {
    expect(queryDialogTarget('OPEN', 'RESPOND')).toBe('RESPONDED');
    expect(queryDialogTarget('RESPONDED', 'DECLINE')).toBe('OPEN');
    expect(queryDialogTarget('CLOSED', 'REOPEN')).toBe('OPEN');
    expect(queryDialogTarget('RESPONDED', 'QUICK_CLOSE')).toBe('CLOSED');
    expect(queryDialogTarget('CLOSED', 'CLOSE')).toBeNull();
    expect(queryDialogTarget('OPEN', 'CREATE')).toBeNull();
    expect(() => assertQueryDialogAction('RESPONDED', 'RESPOND')).toThrow(
      expect.objectContaining({ type: 'QUERY' }),
    );
    expect(() => assertQueryDialogAction('OPEN', 'REOPEN')).toThrow(
      expect.objectContaining({ type: 'QUERY' }),
    );
  });
});

describe('spec 001 §4 STATUS_QUERY overrides the other form statuses', () => {
  it('while any query is open or responded', () => {
    expect(formStatusWithQueries('STATUS_COMPLETED', ['CLOSED', 'OPEN'])).toBe('STATUS_QUERY');
    expect(formStatusWithQueries('STATUS_MISSING_DATA', ['RESPONDED'])).toBe('STATUS_QUERY');
    expect(formStatusWithQueries('STATUS_COMPLETED', ['CLOSED'])).toBe('STATUS_COMPLETED');
    expect(formStatusWithQueries('STATUS_INCOMPLETE', [])).toBe('STATUS_INCOMPLETE');
  });
});

describe('spec 001 §2 query list request', () => {
  it('takes the page sizes of 000 §9 only, pages from 1, subject search max 128', () => {
    expect(QueryListRequestSchema.parse({})).toMatchObject({
      page: 1,
      pageSize: 25,
      sortBy: 'createdTime',
      sortDirection: 'desc',
    });
    for (const size of [5, 10, 15, 25, 50, 100])
      expect(QueryListRequestSchema.safeParse({ pageSize: size }).success).toBe(true);
    expect(QueryListRequestSchema.safeParse({ pageSize: 20 }).success).toBe(false);
    expect(QueryListRequestSchema.safeParse({ page: 0 }).success).toBe(false);
    expect(QueryListRequestSchema.safeParse({ subject: 's'.repeat(129) }).success).toBe(false);
    expect(
      QueryListRequestSchema.safeParse({ statuses: ['OPEN', 'CLOSED'], sites: ['a'.repeat(24)] }).success,
    ).toBe(true);
  });
});
