/**
 * Hot statements built once (issue 16 item 2: "hot reads are prepared"). Building a Drizzle query
 * (the builder, its selection, `sqlToQuery`) costs more Node CPU than sending it; on the participant
 * and staff write paths it was a fifth of the server's time. `preparedStatement` builds a statement
 * once, with `sql.placeholder` where its values go, and then runs the same text with new values on
 * any executor: the database or a transaction, on PostgreSQL or PGlite. On PostgreSQL it is a named
 * prepared statement, so each pooled connection also parses and plans it only once.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/** A placeholder for a value given at each run (`sql.placeholder`). */
export const placeholder = sql.placeholder;

/** What a Drizzle select, insert, update or delete builder offers: `prepare(name)`. */
type Preparable<R> = { prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> } };

/** The arguments Drizzle's builders pass to `session.prepareQuery`, kept from the first build. */
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
      built = { args, joinsNotNullableMap: prepared.joinsNotNullableMap };
      return prepared.execute(values) as Promise<R>;
    }
    const query = session.prepareQuery(...built.args);
    if (built.joinsNotNullableMap !== undefined) query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<R>;
  };
}
