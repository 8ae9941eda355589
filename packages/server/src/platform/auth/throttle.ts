import { and, eq, getTableName, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { sharedReads } from '../cache/in-flight';
import type { Executor } from '../db/client';
import { placeholder, preparedStatement } from '../db/prepared';
import { loginThrottle } from './tables';

export type ThrottlePolicy = { maxFailures: number; windowMinutes: number; blockMinutes: number };

/** When the client key is blocked from further attempts, the time it is blocked until. */
export async function blockedUntil(db: Executor, key: string, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one failure for a client key in a sliding window; blocks the key when the window fills up. */
export async function recordFailure(
  db: Executor,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<void> {
  const windowStartLimit = new Date(now.getTime() - policy.windowMinutes * 60_000);
  const blockUntil = new Date(now.getTime() + policy.blockMinutes * 60_000);
  await db
    .insert(loginThrottle)
    .values({ key, failures: 1, windowStart: now, blockedUntil: policy.maxFailures <= 1 ? blockUntil : null })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit} then 1 else ${loginThrottle.failures} + 1 end`,
        windowStart: sql`case when ${loginThrottle.windowStart} < ${windowStartLimit} then ${now} else ${loginThrottle.windowStart} end`,
        blockedUntil: sql`case when (case when ${loginThrottle.windowStart} < ${windowStartLimit} then 1 else ${loginThrottle.failures} + 1 end) >= ${policy.maxFailures} then ${blockUntil} else ${loginThrottle.blockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * One use reserved against a limit (issue 17): `allowed` when the use may go ahead, else the
 * time the key stays blocked until. `count` is the uses counted in the window with this one;
 * `windowStart` names the window the use was counted in, so
 * that `release` gives it back to that window only.
 */
export type Reservation =
  | { allowed: true; key: string; windowStart: Date; count: number }
  | { allowed: false; key: string; blockedUntil: Date };

/**
 * Counts one use of `key` and says whether it is within the policy, in one statement (issue 17:
 * reserve, then check): concurrent uses each get their own count from the row they update, so a
 * burst of N uses lets exactly `maxFailures` through. A use beyond the limit is refused and sets
 * no block: the uses counted may still be given back (requests in flight that succeed), so a
 * burst of good requests from one address or to one account must not lock it (seen with 16
 * simultaneous correct logins, and with participants behind one address). Uses that stay counted
 * (real failures) keep refusing until their window ends; `block` locks at once. While blocked,
 * nothing changes.
 */
export async function reserve(
  db: Executor,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<Reservation> {
  const windowStartLimit = new Date(now.getTime() - policy.windowMinutes * 60_000);
  forgetClear(key);
  const [row] = await reserveStatement(db, { key, now, windowStartLimit, cap: policy.maxFailures + 1 });
  if (!row) throw new Error(`The throttle store returned no row for ${key}.`);
  if (row.blockedUntil && row.blockedUntil > now)
    return { allowed: false, key, blockedUntil: row.blockedUntil };
  if (row.failures > policy.maxFailures) {
    return {
      allowed: false,
      key,
      blockedUntil: new Date(row.windowStart.getTime() + policy.windowMinutes * 60_000),
    };
  }
  return { allowed: true, key, windowStart: row.windowStart, count: row.failures };
}

/**
 * Whether the next use of `key` would be refused under `policy`, read without counting it: the
 * time it is refused until, or null. For requests that only reserve a use when they fail (a valid
 * API key is not a guess), so a burst of good requests is never refused by its own uses.
 */
export async function refusedUntil(
  db: Executor,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
): Promise<Date | null> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
  if (!row) return null;
  if (row.blockedUntil && row.blockedUntil > now) return row.blockedUntil;
  const windowEnd = new Date(row.windowStart.getTime() + policy.windowMinutes * 60_000);
  return windowEnd > now && row.failures >= policy.maxFailures ? windowEnd : null;
}

/** A key's row in the throttle store, as read. */
export type ThrottleRowValue = { failures: number; windowStart: Date; blockedUntil: Date | null };

/**
 * A read of a key's row that `reserveRefusedUntil` would make, taken by a caller's own statement
 * (issue 16: a participant link's look-up reads its address's limit in the same statement):
 * `epoch` is the reserve epoch the read started in.
 */
export type ThrottleReadRequest = { key: string; epoch: number };
/** What such a read found (`row` undefined: the key has no row). */
export type ThrottleRead = ThrottleReadRequest & { row: ThrottleRowValue | undefined };

/**
 * The read of `key` that `reserveRefusedUntil` would make now, to take in the caller's statement
 * (`throttleRowJson`); null when the key was read clear a moment ago and nothing needs reading.
 * Ask for it just before the statement is sent.
 */
export function throttleReadRequest(key: string): ThrottleReadRequest | null {
  if ((clearKeys.get(key) ?? 0) > performance.now()) return null;
  return { key, epoch: reserveEpoch };
}

/** A key's row as one JSON value (null without a row), for a column of the caller's statement. */
export function throttleRowJson(key: SQL | Placeholder): SQL<unknown> {
  // Columns named with their table: Drizzle writes them bare in a statement of one table (the caller's).
  const table = getTableName(loginThrottle);
  const column = (c: { name: string }) => sql`${sql.identifier(table)}.${sql.identifier(c.name)}`;
  const t = loginThrottle;
  return sql`(select json_build_object('failures', ${column(t.failures)}, 'windowStart', ${column(t.windowStart)}, 'blockedUntil', ${column(t.blockedUntil)}) from ${t} where ${column(t.key)} = ${key})`;
}

/** The row `throttleRowJson` read (a JSON object or its text, as the engine gives it back). */
export function throttleRowOfJson(value: unknown): ThrottleRowValue | undefined {
  if (value === null || value === undefined) return undefined;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    failures: number;
    windowStart: string;
    blockedUntil: string | null;
  };
  return {
    failures: json.failures,
    windowStart: new Date(json.windowStart),
    blockedUntil: json.blockedUntil === null ? null : new Date(json.blockedUntil),
  };
}

/**
 * Whether `reserve` would refuse the next use of `key` now, read without counting it: the time
 * it is refused until (what `reserve` answers), or null. For a request that cannot end in the
 * failure the limit counts (issue 16 item 2: a participant link already known): its use would be
 * given back anyway, so one read takes the place of a reserve and its release. `read` is the row
 * the caller's statement read already (throttleReadRequest), else it is read here.
 */
export async function reserveRefusedUntil(
  db: Executor,
  key: string,
  now: Date,
  policy: ThrottlePolicy,
  read?: ThrottleRead,
): Promise<Date | null> {
  const request = read ?? throttleReadRequest(key);
  if (request === null) return null;
  const { epoch } = request;
  const windowMs = policy.windowMinutes * 60_000;
  const row = read ? read.row : await readShared(db, key, epoch);
  if (row?.blockedUntil && row.blockedUntil > now) return row.blockedUntil;
  // reserve's reading: a window that started before `now - windowMinutes` has ended and counts anew.
  const isCurrent = row !== undefined && row.windowStart.getTime() + windowMs >= now.getTime();
  const windowStart = isCurrent ? row.windowStart : now;
  const used = isCurrent ? row.failures : 0;
  // Trusted for a moment when no reserve of this process ran during the read and the key is far
  // from its limit (another server's uses reach it within CLEAR_TRUST_MS).
  if (epoch === reserveEpoch && used * 2 <= policy.maxFailures)
    clearKeys.set(key, performance.now() + CLEAR_TRUST_MS);
  return used + 1 > policy.maxFailures ? new Date(windowStart.getTime() + windowMs) : null;
}

/*
 * Keys `reserveRefusedUntil` read far from their limit, and until when (issue 16 item 2): a
 * participant's next calls within the moment (the fill page's, the submit) read nothing. Every
 * reserve of this process forgets the key it counts and makes reads that were in flight store
 * nothing, so a burst through this server is refused as exactly as before; uses counted by
 * another server are seen at most CLEAR_TRUST_MS late, and only by requests that cannot fail.
 */
const CLEAR_TRUST_MS = 1000;
const CLEAR_KEYS_MAX = 20_000;
const clearKeys = {
  until: new Map<string, number>(),
  get(key: string): number | undefined {
    return this.until.get(key);
  },
  set(key: string, until: number): void {
    this.until.delete(key);
    this.until.set(key, until);
    // Oldest first out (a Map keeps insertion order).
    if (this.until.size > CLEAR_KEYS_MAX) this.until.delete(this.until.keys().next().value as string);
  },
};
let reserveEpoch = 0;

/*
 * Reads of a key in flight, under the reserve epoch they started in: a check of the same key while
 * one is in flight (a participant page's two first calls come together) takes that reading, unless
 * a reserve of this process ran since it started; then it reads again.
 */
const throttleReads = sharedReads<ThrottleRowValue | undefined>();

function readShared(db: Executor, key: string, epoch: number) {
  return throttleReads(key, () => throttleRow(db, { key }).then(([row]) => row), epoch);
}

function forgetClear(key: string): void {
  reserveEpoch += 1;
  clearKeys.until.delete(key);
}

/** Gives a reserved use back (it did not count: the code was right, the link was found). */
export async function release(db: Executor, reservation: Reservation): Promise<void> {
  if (!reservation.allowed) return;
  await releaseStatement(db, { key: reservation.key, windowStart: reservation.windowStart });
}

// reserve's and release's statements, built once (issue 16: every participant request runs both).
const reserveStatement = preparedStatement('throttle_reserve', (db: Executor) => {
  const t = loginThrottle;
  const now = placeholder('now');
  const isBlocked = sql`(${t.blockedUntil} is not null and ${t.blockedUntil} > ${now})`;
  const isExpired = sql`(${t.windowStart} < ${placeholder('windowStartLimit')})`;
  const next = sql`(case when ${isExpired} then 1 else ${t.failures} + 1 end)`;
  return db
    .insert(t)
    .values({ key: placeholder('key'), failures: 1, windowStart: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        // A refused use is not counted: the count stops at one above the limit, which marks the
        // window full until uses are given back or the window ends; no block is set.
        failures: sql`case when ${isBlocked} then ${t.failures} else least(${next}, ${placeholder('cap')}::int) end`,
        windowStart: sql`case when ${isBlocked} then ${t.windowStart} when ${isExpired} then ${now} else ${t.windowStart} end`,
      },
    })
    .returning({ failures: t.failures, windowStart: t.windowStart, blockedUntil: t.blockedUntil });
});

const throttleRow = preparedStatement('throttle_row', (db: Executor) =>
  db
    .select({
      failures: loginThrottle.failures,
      windowStart: loginThrottle.windowStart,
      blockedUntil: loginThrottle.blockedUntil,
    })
    .from(loginThrottle)
    .where(eq(loginThrottle.key, placeholder('key')))
    .limit(1),
);

const releaseStatement = preparedStatement('throttle_release', (db: Executor) =>
  db
    .update(loginThrottle)
    .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
    .where(
      and(
        eq(loginThrottle.key, placeholder('key')),
        eq(loginThrottle.windowStart, placeholder('windowStart')),
      ),
    ),
);

/**
 * Blocks the key now, for `blockMinutes` (a login failure that fills the account's window locks
 * it at once rather than at the next attempt); the count starts again after the block.
 */
export async function block(db: Executor, key: string, now: Date, policy: ThrottlePolicy): Promise<Date> {
  const blockUntil = new Date(now.getTime() + policy.blockMinutes * 60_000);
  const [row] = await db
    .update(loginThrottle)
    .set({
      failures: 0,
      windowStart: blockUntil,
      blockedUntil: sql`case when ${loginThrottle.blockedUntil} > ${now} then ${loginThrottle.blockedUntil} else ${blockUntil} end`,
    })
    .where(eq(loginThrottle.key, key))
    .returning({ blockedUntil: loginThrottle.blockedUntil });
  return row?.blockedUntil ?? blockUntil;
}

/** The throttle key of a staff login email, known or not (the lockout treats both alike). */
export function loginEmailKey(email: string): string {
  return `login:email:${email.trim().toLowerCase()}`;
}
