import type { Jobs } from '../jobs/boss';
import type { Database } from './client';

/*
 * The upkeep PostgreSQL's autovacuum does, for the embedded PGlite, which has no autovacuum (issue
 * 16, 50 participants on PGlite).
 *
 * Without it PGlite's tables are never analysed: the planner keeps the estimates of the day each
 * table was created (a few rows), and statements cached on the one connection keep the plans made
 * with them. The answer triggers' look-up of the filled form (migration 0035) was planned when the
 * study had no filled forms and so went through questionnaire_study_updated_idx, which finds a form
 * only by reading every form of the study: each answer written cost more as the study grew, and
 * the participant flow slowed round by round under load. Dead rows were never vacuumed either.
 *
 * Each run takes the tables past autovacuum's default thresholds (analyse when more than 50 rows
 * plus 10 % changed since the last analysis, vacuum when more than 50 plus 20 % are dead or 1,000
 * plus 20 % were inserted since the last vacuum) and treats them one by one. An ANALYZE
 * invalidates the cached plans of its table, so the next run of each statement is planned afresh.
 *
 * PostgreSQL's autovacuum does all of this, but looks at most once a minute (its naptime). A bulk
 * write (a subject import, a batch of enrolments) into tables that were nearly empty left their
 * estimates at a few rows for up to that minute, and the planner then joined the fill context of
 * a link by scanning every enrollment and token of the study (seen in the write bench: 27 ms for a
 * statement of 0.3, the participant flow 7 times slower). So bulk writes kick this job after they
 * commit (`kickUpkeep`), and on PostgreSQL it analyses the tables past the same threshold at once;
 * vacuuming stays with autovacuum.
 */

/** The queue of the upkeep job, and how often it runs (every minute, as autovacuum's naptime). */
export const DB_UPKEEP_QUEUE = 'database-upkeep';
export const DB_UPKEEP_CRON = '* * * * *';

export type UpkeepResult = { analyzed: string[]; vacuumed: string[] };

export async function runDatabaseUpkeep(database: Database): Promise<UpkeepResult> {
  const result: UpkeepResult = { analyzed: [], vacuumed: [] };
  // Vacuum only where no autovacuum does it; analyse on both engines.
  const vacuums = database.engine === 'pglite';
  const { rows } = await database.query<{ target: string; vacuum: boolean }>(`
    select format('%I.%I', s.schemaname, s.relname) as target,
      ${vacuums} and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)) as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
      or ${vacuums} and (s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
        or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0))
    order by s.relname`);
  for (const row of rows) {
    // One table at a time: each statement holds PGlite's one connection only for its own table.
    await database.exec(`${row.vacuum ? 'vacuum (analyze)' : 'analyze'} ${row.target}`);
    (row.vacuum ? result.vacuumed : result.analyzed).push(row.target);
  }
  return result;
}

/** Bulk writes this many rows or more kick the upkeep after they commit (`kickUpkeep`). */
export const BULK_WRITE_ROWS = 50;

/**
 * How long the kick waits: a backend reports its table counters to pg_stat_user_tables at most
 * once a second, so a sweep sooner could miss the write it was kicked for.
 */
export const STATS_REPORT_MS = 1_100;

/**
 * After a bulk write commits (issue 16): the tables it grew are analysed now rather than at
 * autovacuum's next look. Kicks coalesce into one run (platform/jobs/boss.ts).
 */
export function kickUpkeep(jobs: Jobs | null, rows: number): void {
  if (jobs && rows >= BULK_WRITE_ROWS) jobs.kick(DB_UPKEEP_QUEUE, STATS_REPORT_MS);
}
