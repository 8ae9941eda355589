import pg from 'pg';

/*
 * node-postgres statements as named prepared statements once they repeat (issue 16, write path).
 *
 * node-postgres sends a statement without a name as an unnamed one: PostgreSQL parses, analyses and
 * plans it again on every run. Under the write bench that planning alone was a sixth of the
 * database's time (pg_stat_statements: 6.1 s of planning beside 28 s of execution), the audit insert
 * with a deferred write (audit.ts, taps) about 1 ms a run. Here a text with parameters that has been
 * run before gets a name, so each pooled connection parses it once and PostgreSQL's plan cache plans
 * it as for any client that prepares: custom plans first, a generic plan once it is no worse. This
 * is what PGlite's side has done since the first wave (pglite-prepared.ts, where the same care about
 * generic plans is written down), so both engines plan alike; `preparedStatement` (prepared.ts)
 * still names the hottest statements itself and also skips building them.
 *
 * Left unnamed: texts without parameters (transaction control, scripts of several statements, which
 * the extended protocol cannot carry), texts seen once (a statement built around a list of literals
 * would fill every connection's cache), very long texts, and every text once the process has named
 * MAX_NAMED of them: a name is never given to another text, so a connection holds at most that many.
 */

const MAX_NAMED = 2000;
const MAX_TEXT = 16_384;
/**
 * Texts seen once, kept to recognise the second run; the oldest are forgotten beyond this (the set
 * holds the texts themselves: at most 1,000 of up to 16 KiB).
 */
const MAX_SEEN = 1000;

type AnyQuery = (config: unknown, values?: unknown, callback?: unknown) => unknown;
type Config = { text: string; name?: string; values?: unknown[]; [key: string]: unknown };

const names = new Map<string, string>();
const seen = new Set<string>();

/** The name `text` runs under, or undefined to run it unnamed (see above). */
export function statementName(text: string, hasValues: boolean): string | undefined {
  if (!hasValues || text.length > MAX_TEXT) return undefined;
  const named = names.get(text);
  if (named !== undefined) return named;
  if (!seen.has(text)) {
    seen.add(text);
    if (seen.size > MAX_SEEN) seen.delete(seen.values().next().value as string);
    return undefined;
  }
  if (names.size >= MAX_NAMED) return undefined;
  seen.delete(text);
  const name = `tb_auto_${names.size + 1}`;
  names.set(text, name);
  return name;
}

function isPlainConfig(config: unknown): config is Config {
  return (
    typeof config === 'object' &&
    config !== null &&
    typeof (config as { text?: unknown }).text === 'string' &&
    typeof (config as { submit?: unknown }).submit !== 'function'
  );
}

/*
 * A transaction's BEGIN goes out with its first statement, and its COMMIT with its last one where
 * the caller says which that is (issue 16, write path).
 *
 * Drizzle opens a transaction with `begin` and waits for the answer before running the first
 * statement, and ends it with `commit` after the last one's answer: two round trips of their own,
 * and on this loopback each round trip costs the server a socket write (the largest single item of
 * a CPU profile of the write bench) and PostgreSQL a read, a write and a ReadyForQuery. Here `begin`
 * is answered at once and held; the transaction's first statement then goes out as BEGIN and itself
 * in one write and one round trip, with the extended protocol: Parse, Bind and Execute of BEGIN
 * without a Sync, then the statement's own messages and its Sync, so PostgreSQL answers with one
 * ReadyForQuery, as for one statement. A use case whose last statement is known (use-case.ts, the
 * audit insert) marks it with `commitWithNextStatement`: Parse, Bind and Execute of COMMIT then go
 * between that statement's Execute and its Sync, and the `commit` Drizzle sends after it is
 * answered at once. PostgreSQL runs the messages in order, exactly as if each had been sent alone:
 * an error skips everything up to the Sync, so a failed statement leaves its transaction open and
 * aborted (BEGIN ran, COMMIT did not) and Drizzle's ROLLBACK follows as before; a COMMIT that fails
 * fails the statement's call, and the transaction is over as after any failed COMMIT.
 *
 * A `commit` or `rollback` that comes while BEGIN is still held is answered at once too: nothing
 * was sent, so nothing is open. A statement that cannot travel this way (a script of several
 * statements, which the extended protocol cannot carry, or a callback-style query) has BEGIN sent
 * alone before it and COMMIT left to Drizzle. So does BEGIN before a named statement this connection
 * has not parsed yet: BEGIN's ParseComplete would be taken for the statement's, and a failed Parse
 * of it would then leave it marked parsed. A statement sent after the marked one committed is
 * refused: it would run outside the transaction.
 */

type PgConnection = {
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
};

const BEGIN = /^\s*begin\s*;?\s*$/i;
const ENDS = /^\s*(commit|rollback)\s*;?\s*$/i;

/** What a `begin`, `commit` or `rollback` answered without a round trip gives back, as pg's result. */
function emptyResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

/** Parse, Bind and Execute of a statement without parameters, in the unnamed statement and portal. */
function sendBare(connection: PgConnection, text: string): void {
  connection.parse({ text });
  connection.bind({});
  connection.execute({});
}

type FieldDescription = { dataTypeID: number; format?: string };
type TypeParsers = { getTypeParser(oid: number, format: string): (value: string) => unknown };
type ResultBase = {
  fields: FieldDescription[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: TypeParsers | undefined;
  addFields(fields: FieldDescription[]): void;
};
const PgResult = (
  pg as unknown as { Result: new (rowMode: string | undefined, types: unknown) => ResultBase }
).Result;

/**
 * pg's result of a statement whose rows come as arrays (Drizzle asks for them so): the fields and
 * their parsers, without the empty row object pg prepares for rows as objects. pg builds that object
 * for every statement, one property per column, and for the fill context's 93 columns it took about
 * 110 µs a statement (a tenth of a millisecond, four times per participant flow; 3 % of the server's
 * CPU in the write bench's profile), for rows that never use it.
 */
class ArrayRowResult extends PgResult {
  override addFields(fields: FieldDescription[]): void {
    const types = this._types ?? (pg.types as unknown as TypeParsers);
    const parsers = new Array<(value: string) => unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as FieldDescription;
      parsers[i] = types.getTypeParser(field.dataTypeID, field.format || 'text');
    }
    this.fields = fields;
    this._parsers = parsers;
  }
}

type QueryBase = {
  _result: unknown;
  _results: unknown;
  prepare(connection: PgConnection): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
  portal: string;
  callback?: (error: Error | null, result?: unknown) => void;
};

/**
 * A statement of the pool's client: its rows as arrays go into an ArrayRowResult, and it may be
 * framed on the wire by BEGIN before it and/or COMMIT after it (see above), all in the statement's
 * one corked write and before its one Sync. The CommandCompletes of BEGIN and COMMIT are not taken
 * as results of the statement; `committed` says whether COMMIT's came.
 */
class FramedQuery extends (pg.Query as unknown as new (text: string, values?: unknown[]) => QueryBase) {
  committed = false;
  private beginAnswered = false;
  private statementAnswered = false;
  constructor(
    config: Config,
    values: unknown[] | undefined,
    private readonly begin: boolean,
    private readonly commit: boolean,
  ) {
    // pg copies a config object, every property descriptor of it (cloneQueryConfig: 1 % of the
    // server's CPU in the write bench's profile), but takes a text as it is: the text goes to pg,
    // and the rest of the config is set here as pg's constructor sets it from an object.
    super(config.text, values ?? config.values);
    const fields = this as unknown as Record<string, unknown>;
    fields.rows = config.rows;
    fields.types = config.types;
    fields.name = config.name;
    fields.queryMode = config.queryMode;
    fields.binary = config.binary;
    fields.portal = config.portal || '';
    fields._rowMode = config.rowMode;
    this._result =
      config.rowMode === 'array'
        ? new ArrayRowResult('array', config.types)
        : new PgResult(config.rowMode as string | undefined, config.types);
    this._results = this._result;
  }
  override prepare(connection: PgConnection): void {
    if (this.begin) sendBare(connection, 'BEGIN');
    super.prepare(connection);
  }
  override _getRows(connection: PgConnection, rows: number | undefined): void {
    if (rows || !this.commit) {
      super._getRows(connection, rows);
      return;
    }
    connection.execute({ portal: this.portal });
    sendBare(connection, 'COMMIT');
    connection.sync();
  }
  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (this.begin && !this.beginAnswered) {
      this.beginAnswered = true;
      return;
    }
    if (this.statementAnswered) {
      this.committed = true;
      return;
    }
    this.statementAnswered = true;
    super.handleCommandComplete(message, connection);
  }
}

/** A text of one statement: the extended protocol carries no more (a `;` inside a literal is let through as several). */
function isOneStatement(text: string): boolean {
  return !text.replace(/;\s*$/, '').includes(';');
}

/**
 * pg's Client, naming statements that repeat and sending a transaction's BEGIN and COMMIT with its
 * statements (see above); given to the pool as its `Client`.
 */
export class AutoPreparingClient extends pg.Client {
  /** A `begin` answered but not sent yet: it goes out with the next statement. */
  private beginHeld = false;
  /** The next statement is the transaction's last: COMMIT goes out with it. */
  private commitNext = false;
  /** The transaction committed with its last statement: Drizzle's `commit` is answered at once. */
  private committedAhead = false;

  /** Forgets what was held for the last transaction: the pool calls this when it hands the client out. */
  resetHeldBegin(): void {
    this.beginHeld = false;
    this.commitNext = false;
    this.committedAhead = false;
  }

  /** The next statement is the open transaction's last: it commits the transaction (see above). */
  commitWithNextStatement(): void {
    this.commitNext = true;
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    const given = typeof config === 'string' ? { text: config } : config;
    const query = super.query as AnyQuery;
    const promised = callback === undefined && typeof values !== 'function';
    const end = isPlainConfig(given) && promised ? ENDS.exec(given.text) : null;
    if (this.committedAhead) {
      this.committedAhead = false;
      if (end) return Promise.resolve(emptyResult(end[1]?.toUpperCase() ?? 'COMMIT'));
      return Promise.reject(new Error('A statement was sent after its transaction had committed.'));
    }
    if (end) this.commitNext = false;
    if (!isPlainConfig(given)) return this.sendHeldBegin(() => query.call(this, config, values, callback));
    const params = Array.isArray(values) ? values : given.values;
    const hasValues = Array.isArray(params) && params.length > 0;
    if (promised && !hasValues) {
      if (!this.beginHeld && BEGIN.test(given.text)) {
        this.beginHeld = true;
        return Promise.resolve(emptyResult('BEGIN'));
      }
      if (this.beginHeld && end) {
        this.beginHeld = false;
        return Promise.resolve(emptyResult(end[1]?.toUpperCase() ?? 'COMMIT'));
      }
    }
    const name = given.name ?? statementName(given.text, hasValues);
    const named = name === given.name ? given : { ...given, name };
    if ((this.beginHeld || this.commitNext) && promised && isOneStatement(given.text)) {
      const connection = (this as unknown as { connection: PgConnection }).connection;
      const parsed = name === undefined || connection.parsedStatements[name] !== undefined;
      const commit = this.commitNext;
      this.commitNext = false;
      if (parsed || !commit) {
        const begin = this.beginHeld && parsed;
        if (begin) this.beginHeld = false;
        return this.sendHeldBegin(() => this.sendFramed(named, params, begin, commit));
      }
      return this.sendHeldBegin(() => this.sendFramed(named, params, false, true));
    }
    if (promised) return this.sendHeldBegin(() => this.sendFramed(named, params, false, false));
    // A callback-style call (pg-pool's `pool.query`): the same statement class, its callback as given.
    const done = (typeof values === 'function' ? values : callback) as FramedQuery['callback'];
    return this.sendHeldBegin(() => {
      const statement = new FramedQuery(named, params, false, false);
      statement.callback = done;
      query.call(this, statement);
    });
  }

  private sendFramed(config: Config, params: unknown[] | undefined, begin: boolean, commit: boolean) {
    return new Promise((resolve, reject) => {
      const framed = new FramedQuery(
        begin || commit ? { ...config, queryMode: 'extended' } : config,
        params,
        begin,
        commit,
      );
      framed.callback = (error, result) => {
        if (error) return reject(error);
        if (framed.committed) this.committedAhead = true;
        resolve(result);
      };
      (super.query as AnyQuery).call(this, framed);
    });
  }

  /** Sends a held BEGIN alone (queued before what `then` sends), then runs `then`. */
  private sendHeldBegin<T>(then: () => T): T {
    if (this.beginHeld) {
      this.beginHeld = false;
      // Its error, if any, also fails the statement queued behind it, which is what the caller sees.
      const sent = (super.query as AnyQuery).call(this, 'BEGIN') as Promise<unknown>;
      sent.catch(() => {});
    }
    return then();
  }
}
