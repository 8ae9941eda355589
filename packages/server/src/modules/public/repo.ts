/** SQL of the public participant flows (spec 002): links, codes, participant sessions, read-outs for the pages. */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type ThrottleRowValue, throttleRowJson, throttleRowOfJson } from '../../platform/auth/throttle';
import { sharedReads } from '../../platform/cache/in-flight';
import type { Executor } from '../../platform/db/client';
import {
  type CompiledStatement,
  placeholder,
  preparedPart,
  preparedStatement,
} from '../../platform/db/prepared';
import { enrollments } from '../enrollments/tables';
import { tokens } from '../enrollments/tokens/tables';
import { studyImages } from '../forms/tables';
import { processes } from '../processes/tables';
import {
  type FillRead,
  type FillRows,
  fillReadOf,
  fillRowsQuery,
  fillRowsWhere,
  fillRowsWithTokenQuery,
} from '../questionnaires/api';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { subjects } from '../subjects/tables';
import { oneTimePasswords, participantSessions, publicSubmissions } from './tables';

export type OtpRow = typeof oneTimePasswords.$inferSelect;
export type PublicStudyRow = typeof studies.$inferSelect;

/** A live study, or null. */
export async function findPublicStudy(db: Executor, studyId: string): Promise<PublicStudyRow | null> {
  const [row] = await db
    .select()
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The token of a link secret in this study (the secret is unique across studies). */
export async function findTokenByLink(
  db: Executor,
  studyId: string,
  link: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(tokens)
    .where(and(eq(tokens.studyId, studyId), eq(tokens.token, link)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The token id and enrollment of a link secret in this study. */
export async function findLinkRow(db: Executor, studyId: string, link: string) {
  const [row] = await linkRow(db, { studyId, link });
  return row ?? null;
}

// A new link's first request reads it (platform/db/prepared.ts).
const linkRow = preparedStatement('public_link_row', (db: Executor) =>
  db
    .select({ id: tokens.id, enrollmentId: tokens.enrollmentId })
    .from(tokens)
    .where(and(eq(tokens.studyId, placeholder('studyId')), eq(tokens.token, placeholder('link'))))
    .limit(1),
);

/**
 * findLinkRow with the link's fill (the rows loadLink reads without the lock) and the row of a rate
 * limit's key in the same statement (issue 16: a new link's first request reads its address's limit
 * too, and its use case then reads nothing more of the link): null when the study has no such link.
 * `limitKey` null reads no limit row.
 */
export async function findLinkFillReadingLimit(
  db: Executor,
  studyId: string,
  link: string,
  limitKey: string | null,
): Promise<{
  id: string;
  enrollmentId: string;
  limitRow: ThrottleRowValue | undefined;
  fill: FillRead | null;
} | null> {
  const rows = await linkFillReadingLimit(db, { studyId, link, limitKey });
  const first = rows[0];
  if (first)
    return {
      id: first.token.id,
      enrollmentId: first.token.enrollmentId,
      limitRow: throttleRowOfJson(first.limitRow),
      fill: fillReadOf(rows),
    };
  // No row: no such link, or its enrollment, study or process is missing (the link still names its token).
  if (limitKey === null) {
    const row = await findLinkRow(db, studyId, link);
    return row ? { ...row, limitRow: undefined, fill: null } : null;
  }
  const row = await findLinkRowReadingLimit(db, studyId, link, limitKey);
  return row ? { ...row, fill: null } : null;
}

const linkFillReadingLimit = preparedStatement('public_link_fill_limit', (db: Executor) =>
  fillRowsWithTokenQuery(
    db,
    and(eq(tokens.studyId, placeholder('studyId')), eq(tokens.token, placeholder('link'))),
    { limitRow: throttleRowJson(placeholder('limitKey')) },
  ),
);

/** findLinkRow with the row of a rate limit's key in the same statement: null when the study has no such link. */
async function findLinkRowReadingLimit(
  db: Executor,
  studyId: string,
  link: string,
  limitKey: string,
): Promise<{ id: string; enrollmentId: string; limitRow: ThrottleRowValue | undefined } | null> {
  const [row] = await linkRowReadingLimit(db, { studyId, link, limitKey });
  return row
    ? { id: row.id, enrollmentId: row.enrollmentId, limitRow: throttleRowOfJson(row.limitRow) }
    : null;
}

const linkRowReadingLimit = preparedStatement('public_link_row_limit', (db: Executor) =>
  db
    .select({
      id: tokens.id,
      enrollmentId: tokens.enrollmentId,
      limitRow: throttleRowJson(placeholder('limitKey')),
    })
    .from(tokens)
    .where(and(eq(tokens.studyId, placeholder('studyId')), eq(tokens.token, placeholder('link'))))
    .limit(1),
);

export async function findPublicSite(db: Executor, studyId: string, siteId: string) {
  const [row] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.studyId, studyId), eq(sites.id, siteId)))
    .limit(1);
  return row ?? null;
}

/** Live processes of a study, oldest first (the site page offers the first public one). */
export async function listLiveProcessIds(db: Executor, studyId: string) {
  return db
    .select({ id: processes.id, document: processes.document })
    .from(processes)
    .where(and(eq(processes.studyId, studyId), isNull(processes.deletedAt)))
    .orderBy(asc(processes.createdAt), asc(processes.id));
}

/** Subjects of the study with this email (case-insensitive). */
export async function findSubjectsByEmail(db: Executor, studyId: string, email: string) {
  return db
    .select()
    .from(subjects)
    .where(
      and(
        eq(subjects.studyId, studyId),
        sql`lower(${subjects.attributes}->>'email') = ${email.trim().toLowerCase()}`,
      ),
    );
}

export async function findStudyImage(db: Executor, studyId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(studyImages)
    .where(and(eq(studyImages.studyId, studyId), eq(studyImages.id, imageId)))
    .limit(1);
  return row ?? null;
}

// One-time passwords

export async function insertOtp(db: Executor, row: typeof oneTimePasswords.$inferInsert): Promise<void> {
  await db.insert(oneTimePasswords).values(row);
}

/** The newest code for what it is for (sent or not yet used); `lock` serialises attempts on it. */
export async function findLatestOtp(
  db: Executor,
  studyId: string,
  purpose: string,
  subjectRef: string,
  options: { lock?: boolean } = {},
): Promise<OtpRow | null> {
  const query = db
    .select()
    .from(oneTimePasswords)
    .where(
      and(
        eq(oneTimePasswords.studyId, studyId),
        eq(oneTimePasswords.purpose, purpose),
        eq(oneTimePasswords.subjectRef, subjectRef),
      ),
    )
    .orderBy(desc(oneTimePasswords.createdAt), desc(oneTimePasswords.id))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOtp(
  db: Executor,
  studyId: string,
  id: string,
  values: Partial<Pick<OtpRow, 'failures' | 'usedAt' | 'expiresAt'>>,
): Promise<void> {
  await db
    .update(oneTimePasswords)
    .set(values)
    .where(and(eq(oneTimePasswords.studyId, studyId), eq(oneTimePasswords.id, id)));
}

/** A new code replaces the old ones: they can no longer be used (single-use, newest wins). */
export async function retireOpenOtps(
  db: Executor,
  studyId: string,
  purpose: string,
  subjectRef: string,
  now: Date,
) {
  await db
    .update(oneTimePasswords)
    .set({ expiresAt: now })
    .where(
      and(
        eq(oneTimePasswords.studyId, studyId),
        eq(oneTimePasswords.purpose, purpose),
        eq(oneTimePasswords.subjectRef, subjectRef),
        isNull(oneTimePasswords.usedAt),
      ),
    );
}

// Participant sessions

/** What a session check needs of a participant session row. */
export type ParticipantSessionState = Pick<
  ParticipantSessionRow,
  'studyId' | 'tokenId' | 'expiresAt' | 'revokedAt'
>;

/**
 * A participant's submit (issue 16 item 2): the link's fill rows with the enrollment locked
 * (questionnaires' findFillRows), and the participant session `sessionId` beside them, in one
 * statement, its transaction's first; the session is thus checked in the transaction that writes.
 * `session` is null when there is no such session; null for no rows (the session not read).
 */
export async function findLockedFillWithSession(
  db: Executor,
  input: { studyId: string; tokenId: string; enrollmentId: string },
  sessionId: string,
): Promise<{ rows: FillRows; session: ParticipantSessionState | null } | null> {
  const [row] = await lockedFillWithSession(db, { ...input, sessionId });
  if (!row) return null;
  const { session, ...rows } = row;
  return { rows, session: participantSessionOfJson(session) };
}

const lockedFillWithSession = preparedStatement('public_fill_rows_lock_session', (db: Executor) => {
  // A statement of several tables: Drizzle names each column with its table.
  const s = participantSessions;
  return fillRowsQuery(
    db,
    fillRowsWhere(true),
    {
      session: sql<unknown>`(select json_build_object('studyId', ${s.studyId}, 'tokenId', ${s.tokenId},
        'expiresAt', ${s.expiresAt}, 'revokedAt', ${s.revokedAt}) from ${s} where ${s.id} = ${placeholder('sessionId')})`,
    },
    true,
  );
});

/** The session `lockedFillWithSession` read (a JSON object or its text, as the engine gives it back). */
function participantSessionOfJson(value: unknown): ParticipantSessionState | null {
  if (value === null || value === undefined) return null;
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as {
    studyId: string;
    tokenId: string;
    expiresAt: string;
    revokedAt: string | null;
  };
  return {
    studyId: json.studyId,
    tokenId: json.tokenId,
    expiresAt: new Date(json.expiresAt),
    revokedAt: json.revokedAt === null ? null : new Date(json.revokedAt),
  };
}

/**
 * Reads of a session in flight (issue 16 item 2): the fill page's getProcess and fillState come
 * together with the same session, and one reading serves both. A revoke on this server moves the
 * epoch, so a read that starts after it never takes a reading that started before.
 */
const sessionReads = sharedReads<ParticipantSessionRow | null>();
let revokeEpoch = 0;

export type ParticipantSessionRow = typeof participantSessions.$inferSelect;

export async function findParticipantSession(
  db: Executor,
  id: string,
): Promise<ParticipantSessionRow | null> {
  return sessionReads(id, async () => (await participantSession(db, { id }))[0] ?? null, revokeEpoch);
}

// Every participant call after the link page reads its session: built once (platform/db/prepared.ts).
const participantSession = preparedStatement('participant_session', (db: Executor) =>
  db
    .select()
    .from(participantSessions)
    .where(eq(participantSessions.id, placeholder('id')))
    .limit(1),
);

/** Ends every session of these tokens (unsubscribe, disable). */
export async function revokeTokenSessions(db: Executor, studyId: string, tokenIds: string[], now: Date) {
  if (tokenIds.length === 0) return;
  revokeEpoch += 1;
  await db
    .update(participantSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(participantSessions.studyId, studyId),
        inArray(participantSessions.tokenId, tokenIds),
        isNull(participantSessions.revokedAt),
      ),
    );
}

export async function findEnrollmentRow(
  db: Executor,
  studyId: string,
  enrollmentId: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.studyId, studyId), eq(enrollments.id, enrollmentId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export type PublicSubmissionRow = typeof publicSubmissions.$inferSelect;

/** Spec 002 §7: the stored submit of a link under an idempotency key, if any. */
export async function findPublicSubmission(
  db: Executor,
  studyId: string,
  tokenId: string,
  idempotencyKey: string,
): Promise<PublicSubmissionRow | null> {
  const rows = await publicSubmission(db, { studyId, tokenId, idempotencyKey });
  return rows[0] ?? null;
}

const publicSubmission = preparedStatement('public_submission', (db: Executor) =>
  db
    .select()
    .from(publicSubmissions)
    .where(
      and(
        eq(publicSubmissions.studyId, placeholder('studyId')),
        eq(publicSubmissions.tokenId, placeholder('tokenId')),
        eq(publicSubmissions.idempotencyKey, placeholder('idempotencyKey')),
      ),
    ),
);

/** The unique index a submission's key is stored under: a violation of it means the key was taken. */
export const PUBLIC_SUBMISSION_KEY_INDEX = 'public_submission_key_idx';

/**
 * insertPublicSubmission's statement for a use case's deferWrite (issue 16 item 2): it writes the
 * row, and fails on public_submission_key_idx (unique violation) when the key was taken already, so
 * that nothing of the use case is kept. Built once (preparedPart).
 */
export const publicSubmissionInsert: (db: Executor, row: PublicSubmissionRow) => CompiledStatement =
  preparedPart((db) =>
    db
      .insert(publicSubmissions)
      .values({
        studyId: placeholder('studyId'),
        id: placeholder('id'),
        tokenId: placeholder('tokenId'),
        idempotencyKey: placeholder('idempotencyKey'),
        questionnaireId: placeholder('questionnaireId'),
        fingerprint: placeholder('fingerprint'),
        result: placeholder('result'),
        createdAt: placeholder('createdAt'),
      })
      .returning({ one: sql`1` }),
  );

/** A participant session row for a use case's deferWrite (nothing reads it back in the use case). */
export const participantSessionInsert: (
  db: Executor,
  row: Omit<typeof participantSessions.$inferInsert, 'revokedAt'>,
) => CompiledStatement = preparedPart((db) =>
  db
    .insert(participantSessions)
    .values({
      id: placeholder('id'),
      studyId: placeholder('studyId'),
      tokenId: placeholder('tokenId'),
      createdAt: placeholder('createdAt'),
      expiresAt: placeholder('expiresAt'),
    })
    .returning({ one: sql`1` }),
);
