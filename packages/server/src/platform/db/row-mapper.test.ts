// @module-tag engine
/**
 * A prepared select's rows come out as Drizzle's own mapping gives them (row-mapper.ts): whole
 * tables, nested selections, left joins whose missing rows become null, SQL fields with and without
 * their own decoders, and dates, numbers and JSON decoded per column, on both engines.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../../test/harness';
import { type Database, type Executor, openDatabase } from './client';
import { placeholder, preparedStatement } from './prepared';
import { rowMapper } from './row-mapper';

const visits = pgTable('row_mapper_visit', {
  id: text('id').primaryKey(),
  count: integer('count'),
  at: timestamp('at', { withTimezone: true }),
  details: jsonb('details').$type<{ tags: string[] }>(),
  label: text('label'),
});
const notes = pgTable('row_mapper_note', {
  id: text('id').primaryKey(),
  visitId: text('visit_id').notNull(),
  body: text('body'),
  writtenAt: timestamp('written_at', { withTimezone: true, mode: 'string' }),
});

describe(`prepared selects' rows (${engine})`, () => {
  let testDatabase: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    testDatabase = await createTestDatabase({ persistent: true });
    database = await openDatabase({ ...testDatabase.config });
    await database.exec(`
      create table row_mapper_visit (id text primary key, count integer, at timestamptz, details jsonb, label text);
      create table row_mapper_note (id text primary key, visit_id text not null, body text, written_at timestamptz);
      insert into row_mapper_visit values
        ('v1', 3, '2026-11-29T08:15:30.123Z', '{"tags":["a","b"]}', 'first'),
        ('v2', null, null, null, null),
        ('v3', 0, '2026-01-01T00:00:00Z', '{"tags":[]}', '');
      insert into row_mapper_note values ('n1', 'v1', 'seen', '2026-11-29T09:00:00Z'), ('n2', 'v1', null, null),
        ('n3', 'v3', 'later', '2026-02-01T00:00:00Z');`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  /**
   * The same select run as Drizzle maps it (built anew) and through a prepared statement three times
   * (the first run builds it; the later ones map with rowMapper): all alike.
   */
  async function expectSameRows<R>(
    name: string,
    build: (db: Executor) => { prepare(name: string): { execute(v?: Record<string, unknown>): Promise<R> } },
    values: Record<string, unknown> = {},
  ) {
    const direct = await build(database.db).prepare(`row_mapper_direct_${name}`).execute(values);
    const prepared = preparedStatement<Record<string, unknown>, R>(`row_mapper_${name}`, build);
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await prepared(database.db, values));
    for (const run of runs) expect(run).toEqual(direct);
    return direct;
  }

  it('maps whole tables with their columns decoded (dates, numbers, JSON)', async () => {
    const rows = await expectSameRows('whole', (db) => db.select().from(visits).orderBy(visits.id));
    expect(rows).toHaveLength(3);
    expect((rows as { at: unknown }[])[0]?.at).toEqual(new Date('2026-11-29T08:15:30.123Z'));
    expect((rows as { details: unknown }[])[0]?.details).toEqual({ tags: ['a', 'b'] });
  });

  it('makes a left-joined table null where no row joined, and keeps rows whose columns are null', async () => {
    const rows = (await expectSameRows('left_join', (db) =>
      db
        .select({ visit: visits, note: notes })
        .from(visits)
        .leftJoin(notes, eq(notes.visitId, visits.id))
        .orderBy(visits.id, notes.id),
    )) as { visit: { id: string }; note: { id: string; body: string | null } | null }[];
    expect(rows.map((r) => [r.visit.id, r.note?.id ?? null])).toEqual([
      ['v1', 'n1'],
      ['v1', 'n2'],
      ['v2', null],
      ['v3', 'n3'],
    ]);
    expect(rows[1]?.note).toMatchObject({ id: 'n2', body: null, writtenAt: null });
  });

  it('maps nested selections, SQL fields with and without decoders, and placeholders', async () => {
    const rows = await expectSameRows(
      'nested',
      (db) =>
        db
          .select({
            visit: { id: visits.id, count: visits.count },
            notes: sql<number>`(select count(*) from ${notes} where ${notes.visitId} = ${visits.id})`.mapWith(
              Number,
            ),
            tag: sql<string>`${visits.details}->'tags'->>0`,
            firstNote: { body: notes.body, at: notes.writtenAt },
          })
          .from(visits)
          .leftJoin(notes, eq(notes.id, placeholder('note')))
          .where(eq(visits.label, placeholder('label'))),
      { label: 'first', note: 'n1' },
    );
    expect(rows).toEqual([
      {
        visit: { id: 'v1', count: 3 },
        notes: 2,
        tag: 'a',
        firstNote: { body: 'seen', at: expect.stringMatching(/^2026-11-29/) },
      },
    ]);
  });

  it('maps an empty answer to no rows', async () => {
    expect(rowMapper([{ path: ['id'], field: visits.id }], undefined)([])).toEqual([]);
    await expectSameRows(
      'none',
      (db) =>
        db
          .select()
          .from(visits)
          .where(eq(visits.id, placeholder('id'))),
      {
        id: 'nobody',
      },
    );
  });
});
