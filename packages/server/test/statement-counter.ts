/**
 * Counts the SQL statements the server sends through Drizzle (issue 16 item 2): a logger put on the
 * test app's live Drizzle session, so every query of the app, inside a transaction or not, on
 * PostgreSQL or PGlite, is seen. Transaction control (begin, commit, rollback, savepoints) is
 * counted apart: node-postgres sends it through Drizzle, PGlite runs it itself.
 */
import type { FastifyInstance } from 'fastify';

export type StatementLog = {
  /** Statements that read or write data, in the order sent. */
  statements: string[];
  /** begin / commit / rollback / savepoint, where the engine's driver sends them through Drizzle. */
  transactionControl: number;
  /** Statements of the audit sequencer's passes, which run beside the request (not counted above). */
  background: number;
};

type Logger = { logQuery(query: string, params: unknown[]): void };
type SessionLike = { logger: Logger; options: { logger?: Logger } };

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * The audit sequencer's passes (platform/audit/sequencer.ts) run beside requests after each commit:
 * they are not the request's statements (a request only ever inserts audit events).
 */
const BACKGROUND =
  /audit-sequencer|audit_chain_head|^\s*with taken as \(\s*delete from audit_pending|^\s*select [^;]* from "audit_pending"/i;

/**
 * Starts counting on the app's database; `take()` returns what was sent since the last take and
 * starts again. Drizzle passes the session's options (and so this logger) to every transaction.
 */
export function countStatements(app: FastifyInstance): { take(): StatementLog; stop(): void } {
  const session = (app.database.db as unknown as { session: SessionLike }).session;
  const previous = { logger: session.logger, options: session.options.logger };
  let log: StatementLog = { statements: [], transactionControl: 0, background: 0 };
  const logger: Logger = {
    logQuery: (query) => {
      if (CONTROL.test(query)) log.transactionControl += 1;
      else if (BACKGROUND.test(query)) log.background += 1;
      else log.statements.push(query);
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  return {
    take: () => {
      const taken = log;
      log = { statements: [], transactionControl: 0, background: 0 };
      return taken;
    },
    stop: () => {
      session.logger = previous.logger;
      if (previous.options) session.options.logger = previous.options;
      else delete session.options.logger;
    },
  };
}

/** A short summary of a statement list: how many of each kind of statement (for failure messages). */
export function summarise(statements: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const s of statements) {
    const head = s.replace(/\s+/g, ' ').slice(0, 90);
    counts.set(head, (counts.get(head) ?? 0) + 1);
  }
  return [...counts.entries()].map(([head, n]) => `${n} x ${head}`).join('\n');
}
