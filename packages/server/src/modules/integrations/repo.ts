import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { sites } from '../sites/tables';
import { studies } from '../studies/tables';
import { apiKeys } from './tables';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type StudyForApi = Pick<
  typeof studies.$inferSelect,
  'id' | 'name' | 'status' | 'primaryLanguage' | 'languages' | 'extendedValidation' | 'modules' | 'settings'
>;

/** Keys are stored only as the SHA-256 of the whole key (DESIGN.md security model). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The live (not deleted) study, with what API access needs of it. */
export async function findStudyForApi(db: Executor, studyId: string): Promise<StudyForApi | null> {
  const [row] = await db
    .select({
      id: studies.id,
      name: studies.name,
      status: studies.status,
      primaryLanguage: studies.primaryLanguage,
      languages: studies.languages,
      extendedValidation: studies.extendedValidation,
      modules: studies.modules,
      settings: studies.settings,
    })
    .from(studies)
    .where(and(eq(studies.id, studyId), isNull(studies.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The study's sites in site-number order, for the study information. */
export async function listSitesForApi(db: Executor, studyId: string) {
  return db
    .select({ id: sites.id, name: sites.name, siteNumber: sites.siteNumber })
    .from(sites)
    .where(eq(sites.studyId, studyId))
    .orderBy(asc(sites.siteNumber));
}

/** The study's current (not revoked) key, if any. */
export async function findActiveApiKey(db: Executor, studyId: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.studyId, studyId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function revokeApiKey(db: Executor, studyId: string, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.studyId, studyId), eq(apiKeys.id, keyId)));
}

export async function insertApiKey(db: Executor, studyId: string, row: Omit<ApiKeyRow, 'studyId'>) {
  await db.insert(apiKeys).values({ ...row, studyId });
}

export async function setKeyViewIdentifiable(db: Executor, studyId: string, value: boolean): Promise<void> {
  await db
    .update(apiKeys)
    .set({ viewIdentifiable: value })
    .where(and(eq(apiKeys.studyId, studyId), isNull(apiKeys.revokedAt)));
}

/**
 * Keeps the API user settings in the study's settings document (spec 001 §3 API user), so new keys
 * inherit them; dataFeed (issue 26 item 4) is read from here when a key authenticates.
 */
export async function setStudyApiUserSetting(
  db: Executor,
  studyId: string,
  settings: { viewIdentifiable: boolean; dataFeed: boolean; dataWrite: boolean },
): Promise<void> {
  // jsonb_set touches only this entry, so settings other modules keep there are not overwritten.
  const value = JSON.stringify(settings);
  await db
    .update(studies)
    .set({ settings: sql`jsonb_set(${studies.settings}, '{apiUser}', ${value}::jsonb)` })
    .where(eq(studies.id, studyId));
}

/**
 * Resolves a bearer key to its live key and study. Crosses studies on purpose: the key
 * itself says which study it belongs to. Looks up by hash, so the key is never compared in clear.
 */
export async function findLiveApiKeyByHashAcrossStudies(db: Executor, keyHash: string) {
  const [row] = await db
    .select({ key: apiKeys, modules: studies.modules, settings: studies.settings })
    .from(apiKeys)
    .innerJoin(studies, eq(studies.id, apiKeys.studyId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt), isNull(studies.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function touchApiKey(db: Executor, studyId: string, keyId: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.studyId, studyId), eq(apiKeys.id, keyId)));
}
