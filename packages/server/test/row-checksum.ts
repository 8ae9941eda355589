import type { FastifyInstance } from 'fastify';

// Issue 17 item 6: "no change to the other study's rows" and "a failed request changes no row",
// checked by comparing a checksum of rows before and after, on both engines.

type Table = { name: string; hasStudy: boolean; hasSite: boolean };

/**
 * Tables whose rows change by design on a refused request: the failure counters of the limits
 * (they count refusals), sessions (touched by every signed-in call) and the audit chain's head, links
 * and queue (the queue row of a refusal's event, taken and linked after commit by the sequencer,
 * asynchronously). Audit events themselves are compared by id, so a new event counts as a change.
 */
const CHANGES_BY_DESIGN = /session|throttle|rate_limit|attempt|chain_head|sequencer|audit_link|audit_pending/;

let cached: Promise<Table[]> | null = null;

async function tablesOf(app: FastifyInstance): Promise<Table[]> {
  const { rows } = await app.database.query<{ name: string; has_study: boolean; has_site: boolean }>(
    `select c.table_name as name,
            bool_or(c.column_name = 'study_id') as has_study,
            bool_or(c.column_name = 'site_id') as has_site
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      group by c.table_name order by c.table_name`,
  );
  return rows.map((row) => ({ name: row.name, hasStudy: row.has_study, hasSite: row.has_site }));
}

/** Audit events that record a refusal (a wrong password, the lock it leads to): written by design. */
const REFUSAL_EVENTS = `('USER_LOGIN_FAILED', 'USER_LOCKED')`;

function rowFilter(table: string): string {
  return table === 'audit_event' ? `x.action not in ${REFUSAL_EVENTS}` : 'true';
}

function rowText(table: string): string {
  return table === 'audit_event' ? 'x.id::text' : 'x::text';
}

/**
 * One text per table (count and md5 of its rows) for the rows chosen: every row, the rows of
 * one study, or the rows of one site; tables without that column are left out of a scoped sum.
 */
export async function rowChecksum(
  app: FastifyInstance,
  scope: { studyId?: string; siteId?: string } = {},
): Promise<Record<string, string>> {
  cached ??= tablesOf(app);
  const tables = (await cached).filter((table) => {
    if (CHANGES_BY_DESIGN.test(table.name)) return false;
    if (scope.siteId) return table.hasSite;
    if (scope.studyId) return table.hasStudy;
    return true;
  });
  const params: unknown[] = [];
  let where = 'true';
  if (scope.siteId) {
    params.push(scope.siteId);
    where = 'x.site_id = $1';
  } else if (scope.studyId) {
    params.push(scope.studyId);
    where = 'x.study_id = $1';
  }
  const parts = tables.map(
    (table) =>
      `select '${table.name}' as t, count(*)::text || ':' || coalesce(md5(string_agg(${rowText(table.name)}, '|' order by ${rowText(table.name)})), '') as h from "${table.name}" x where ${where} and ${rowFilter(table.name)}`,
  );
  if (parts.length === 0) return {};
  const { rows } = await app.database.query<{ t: string; h: string }>(parts.join(' union all '), params);
  return Object.fromEntries(rows.map((row) => [row.t, row.h]));
}

/** The tables whose checksum differs between two sums. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}
