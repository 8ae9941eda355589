/**
 * Hot statements built once (issue 16 item 2: "hot reads are prepared"). Building a Drizzle query
 * (the builder, its selection, `sqlToQuery`) costs more Node CPU than sending it; on the participant
 * and staff write paths it was a fifth of the server's time. `preparedStatement` builds a statement
 * once, with `sql.placeholder` where its values go, and then runs the same text with new values on
 * any executor: the database or a transaction, on PostgreSQL or PGlite. On PostgreSQL it is a named
 * prepared statement, so each pooled connection also parses and plans it only once.
 */
import { fillPlaceholders, is, type Placeholder, SQL, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rowMapper } from './row-mapper';

/** A placeholder for a value given at each run (`sql.placeholder`). */
export const placeholder = sql.placeholder;

/** What a Drizzle select, insert, update or delete builder offers: `prepare(name)`. */
type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/**
 * The arguments Drizzle's builders pass to `session.prepareQuery` (query, fields, name, array mode,
 * result mapper, ...), kept from the first build; a select's own row mapper in place of Drizzle's
 * (row-mapper.ts).
 */
type Built = { args: unknown[]; joinsNotNullableMap: unknown };

type PreparedLike = {
  joinsNotNullableMap?: unknown;
  execute(values?: Record<string, unknown>): Promise<unknown>;
};
type SessionLike = { prepareQuery(...args: unknown[]): PreparedLike };

const names = new Set<string>();

/**
 * A statement built once by `build` (with placeholders for its values) and run by name with the
 * values of each call, on the executor given (a transaction runs it on its own connection). `name`
 * must be unique in the process: PostgreSQL keeps one text per name on each connection. Values that
 * are not placeholders are fixed at the first build.
 */
export function preparedStatement<V extends Record<string, unknown>, R>(
  name: string,
  build: (db: Executor) => Preparable<R>,
): (db: Executor, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`Two prepared statements are named ${name}.`);
  names.add(name);
  const statementName = `tb_${name}`;
  let built: Built | null = null;
  return async (db, values) => {
    const session = (db as unknown as { session: SessionLike }).session;
    if (built === null) {
      const builder = build(db) as unknown as Preparable<R> & { session: SessionLike };
      let args: unknown[] = [];
      const real = builder.session;
      // The builder hands its compiled query to its session: keep what it hands over.
      builder.session = {
        prepareQuery: (...given: unknown[]) => {
          args = given;
          return real.prepareQuery(...given);
        },
      };
      const prepared = builder.prepare(statementName) as unknown as PreparedLike;
      const [, fields, , , mapper] = args;
      if (Array.isArray(fields) && mapper === undefined) {
        args[4] = rowMapper(fields, prepared.joinsNotNullableMap as Record<string, boolean> | undefined);
      }
      built = { args, joinsNotNullableMap: prepared.joinsNotNullableMap };
      return prepared.execute(values) as Promise<R>;
    }
    const query = session.prepareQuery(...built.args);
    if (built.joinsNotNullableMap !== undefined) query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<R>;
  };
}

/** A statement compiled to its text and values, ready to run or to be part of a larger one. */
export type CompiledStatement = { sql: string; params: unknown[] };

type DialectLike = { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };

/** Compiles a built statement, the step Drizzle takes before it runs one. */
export function compileStatement(db: Executor, statement: SQL): CompiledStatement {
  const { sql: text, params } = (db as unknown as { dialect: DialectLike }).dialect.sqlToQuery(statement);
  return { sql: text, params };
}

/**
 * A statement part built and compiled once, with `placeholder`s where its values go: each call
 * gives the same text with that call's values (column encoders applied as Drizzle applies them). For
 * the writes a use case sends with its audit events (use-case.ts deferWrite, audit taps), whose
 * building cost more Node CPU than the write (issue 16 item 2). As with `preparedStatement`, values
 * that are not placeholders (a column's `$defaultFn`, `$onUpdate`) are fixed at the first build.
 */
export function preparedPart<V extends Record<string, unknown>>(
  build: (db: Executor) => SQL | { getSQL(): SQL },
): (db: Executor, values: V) => CompiledStatement {
  let compiled: CompiledStatement | null = null;
  return (db, values) => {
    if (compiled === null) {
      const built = build(db);
      compiled = compileStatement(db, is(built, SQL) ? built : built.getSQL());
    }
    return { sql: compiled.sql, params: fillPlaceholders(compiled.params, values) };
  };
}

/** Runs a compiled statement on the executor (database or transaction, either engine): its rows. */
export async function runCompiled(
  db: Executor,
  statement: CompiledStatement,
): Promise<{ rows: Record<string, unknown>[] }> {
  const session = (db as unknown as { session: SessionLike }).session;
  const query = session.prepareQuery(statement, undefined, undefined, false);
  return (await query.execute()) as { rows: Record<string, unknown>[] };
}

/**
 * `preparedPart` for a write whose columns vary by call (an update of the fields a change touched):
 * one part per shape of `values` (the keys given, and which of them are null, written as a literal
 * null), built the first time the shape comes; `values` travel as placeholders `v_<key>`, `keys`
 * (the row's key) as placeholders named by their keys.
 */
export function preparedByShape<K extends Record<string, unknown>>(
  build: (db: Executor, set: Record<string, Placeholder<string> | SQL>) => { getSQL(): SQL },
): (db: Executor, values: Record<string, unknown>, keys: K) => CompiledStatement {
  const shapes = new Map<string, (db: Executor, values: Record<string, unknown>) => CompiledStatement>();
  return (db, values, keys) => {
    const given = Object.keys(values).filter((key) => values[key] !== undefined);
    const shape = given.map((key) => (values[key] === null ? `${key}=null` : key)).join(',');
    let part = shapes.get(shape);
    if (part === undefined) {
      const set = Object.fromEntries(
        given.map((key) => [key, values[key] === null ? sql`null` : placeholder(`v_${key}`)]),
      );
      part = preparedPart((built) => build(built, set));
      shapes.set(shape, part);
    }
    const named: Record<string, unknown> = { ...keys };
    for (const key of given) if (values[key] !== null) named[`v_${key}`] = values[key];
    return part(db, named);
  };
}
