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

/** pg's Client, naming statements that repeat; given to the pool as its `Client`. */
export class AutoPreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them through.
  override query(config: any, values?: any, callback?: any): any {
    const given = typeof config === 'string' ? { text: config } : config;
    if (isPlainConfig(given) && given.name === undefined) {
      const params = Array.isArray(values) ? values : given.values;
      const name = statementName(given.text, Array.isArray(params) && params.length > 0);
      if (name !== undefined)
        return (super.query as AnyQuery).call(this, { ...given, name }, values, callback);
    }
    return (super.query as AnyQuery).call(this, config, values, callback);
  }
}
