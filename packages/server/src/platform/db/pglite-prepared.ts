import { messages, type PGlite, parse, protocol, type Results, type Transaction } from '@electric-sql/pglite';

/*
 * PGlite statements as named prepared statements (issue 16, 50 participants on PGlite).
 *
 * `PGlite.query` sends every statement as an unnamed one, in six calls into the wasm backend (parse,
 * describe, bind, describe, execute, sync), and the backend parses, analyses and plans it again each
 * time: on the participant flow that was most of the database's time, on the one thread the server
 * and the database share. Here each statement text is parsed once into a named prepared statement
 * (its parameter types and row description kept), and each run is one call: bind, execute, sync.
 * PostgreSQL's plan cache then plans it as for any client that prepares (custom plans first, a
 * generic plan once it is no worse). Results are built by PGlite's own `parseResults`, with the same
 * parsers and serializers, so callers (Drizzle, pg-boss, reports) see what `PGlite.query` gives.
 *
 * Unlike node-postgres (unnamed statements, planned for each run's values), a statement here gets a
 * generic plan after five runs when its estimated cost is lower, and that plan is estimated without
 * the values: an `ilike $n` is guessed at 0.5 % of the rows and a `limit $n` at a tenth of them, so
 * a sequential scan that stops early can look cheaper than an index. The subject search's capped
 * count did that and read the whole study on every search (100 ms instead of 4 at 100,000
 * subjects): a value the plan depends on, such as that cap, is written into the text instead
 * (modules/subjects/list-repo.ts readSubjectList). Compare `explain (analyze) execute` under
 * `set plan_cache_mode = force_generic_plan` with the custom plan when a statement is slow here only.
 *
 * Locking is PGlite's: a statement outside a transaction takes the transaction lock and the query
 * lock as `query` does; inside `transaction` only the query lock. The cache is bounded (least
 * recently used statements are closed); very long texts (a list of thousands of literals) run
 * unnamed, in two calls.
 */

type QueryOptions = Parameters<PGlite['query']>[2];
type BackendMessage = messages.BackendMessage;

const MAX_STATEMENTS = 500;
const MAX_CACHED_TEXT = 16_384;

type Prepared = {
  name: string;
  paramTypes: number[];
  /** The row description (or noData) the statement gives, put before each run's rows for parseResults. */
  description: BackendMessage | null;
};

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export class PreparedStatements {
  private readonly cache = new Map<string, Prepared>();
  private readonly toClose: string[] = [];
  private counter = 0;

  constructor(private readonly pg: PGlite) {}

  /** What Drizzle and the raw query function call outside a transaction (PGlite.query's locking). */
  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const result = await this.pg._runExclusiveTransaction(() => this.run<T>(text, params, options));
    await this.pg.syncToFs();
    return result;
  }

  /** PGlite.transaction, whose handle runs statements through the cache. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction((tx) => {
      const prepared: Transaction = {
        query: (text, params, options) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return this.run(text, params ?? [], options);
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (query, options) => tx.exec(query, options),
        rollback: () => tx.rollback(),
        listen: (channel, callback) => tx.listen(channel, callback),
        get closed() {
          return tx.closed;
        },
      };
      return fn(prepared);
    });
  }

  /** Runs one statement; the caller holds the transaction lock (or is inside a transaction). */
  private run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.pg._runExclusiveQuery(async () => {
      const cacheable = text.length <= MAX_CACHED_TEXT && !options?.paramTypes;
      let prepared = cacheable ? this.cache.get(text) : undefined;
      if (prepared) {
        // Most recently used last.
        this.cache.delete(text);
        this.cache.set(text, prepared);
      } else {
        prepared = await this.prepare(text, cacheable ? `tb_${++this.counter}` : '', options);
        if (cacheable) {
          this.cache.set(text, prepared);
          if (this.cache.size > MAX_STATEMENTS) {
            const [oldest, evicted] = this.cache.entries().next().value as [string, Prepared];
            this.cache.delete(oldest);
            this.toClose.push(evicted.name);
          }
        }
      }
      const values = params.map((value, i) => {
        if (value == null) return null;
        const type = prepared.paramTypes[i] as number;
        const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      const { messages: received } = await this.exec(
        concat([
          protocol.serialize.bind({ statement: prepared.name, values: values as string[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { text, params },
      );
      const all = prepared.description ? [prepared.description, ...received] : received;
      // parseResults would copy PGlite's 300-odd type parsers into a new object to add the caller's
      // (Drizzle passes its own for every statement): 0.2 ms a statement. The caller's parsers on an
      // object whose prototype holds PGlite's give the same lookups without the copy.
      const own = options?.parsers;
      if (!own) return parse.parseResults(all, this.pg.parsers, options)[0] as Results<T>;
      const parsers = Object.assign(Object.create(this.pg.parsers) as typeof this.pg.parsers, own);
      return parse.parseResults(all, parsers, { ...options, parsers: undefined })[0] as Results<T>;
    });
  }

  private async prepare(text: string, name: string, options?: QueryOptions): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    // Statements dropped from the cache are closed with the next prepare, in the same call.
    for (const old of this.toClose.splice(0)) parts.push(protocol.serialize.close({ type: 'S', name: old }));
    parts.push(
      protocol.serialize.parse({ name, text, types: options?.paramTypes }),
      protocol.serialize.describe({ type: 'S', name }),
      protocol.serialize.sync(),
    );
    const { messages: received } = await this.exec(concat(parts), { text, params: [] });
    const paramTypes = parse.parseDescribeStatementResults(received);
    const description = received.find((m) => m.name === 'rowDescription') ?? null;
    return { name, paramTypes, description };
  }

  private async exec(message: Uint8Array, context: { text: string; params: unknown[] }) {
    try {
      return await this.pg.execProtocol(message, { syncToFs: false });
    } catch (err) {
      // As PGlite.query does: the failing statement and its parameters on the error.
      if (err instanceof messages.DatabaseError) {
        Object.assign(err, { query: context.text, params: context.params });
        // A cached plan whose result type changed (a migration altered the table) is dropped.
        if (err.code === '0A000') this.forget(context.text);
      }
      throw err;
    }
  }

  private forget(text: string) {
    const prepared = this.cache.get(text);
    if (!prepared) return;
    this.cache.delete(text);
    this.toClose.push(prepared.name);
  }
}
