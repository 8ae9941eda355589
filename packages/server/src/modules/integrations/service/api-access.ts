import {
  type ApiAccess,
  type ApiKeyMetadata,
  type ExtendedValidationSignature,
  isModuleEnabled,
  type RenewedApiKey,
  type StudyInfo,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, notFound } from '../../../platform/errors';
import { newId, newLinkToken, newSecret } from '../../../platform/ids';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  type ApiKeyRow,
  findActiveApiKey,
  findStudyForApi,
  hashApiKey,
  insertApiKey,
  listSitesForApi,
  revokeApiKey,
  type StudyForApi,
  setKeyViewIdentifiable,
  setStudyApiUserSetting,
} from '../repo';
import { apiUserSettingsOf } from '../settings';

function presentKey(row: ApiKeyRow): ApiKeyMetadata {
  return {
    id: row.id,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Spec 001 §3 API user: the viewIdentifiable setting kept in the study's settings (default false). */
function apiUserViewIdentifiable(study: StudyForApi): boolean {
  return apiUserSettingsOf(study.settings).viewIdentifiable;
}

/**
 * Spec 000 §1, 001 §2: API access is a paid module; without it every API-key call of the
 * study is refused (the page shows its module-disabled message).
 */
export async function loadStudyWithApiModule(db: Executor, studyId: string): Promise<StudyForApi> {
  const study = await findStudyForApi(db, studyId);
  if (!study) throw notFound('The study');
  if (!isModuleEnabled(study, 'API_KEYS')) {
    throw new AppError(
      'PRECONDITION',
      'The API access module is not enabled for this study. A system administrator can add it.',
      { context: { module: 'API_KEYS' } },
    );
  }
  return study;
}

/** Spec 001 §2 API access: the key's metadata (never the key), the API user setting and the caller's abilities. */
export async function getApiAccess(
  db: Executor,
  input: { studyId: string; abilities: ApiAccess['abilities'] },
): Promise<ApiAccess> {
  const study = await loadStudyWithApiModule(db, input.studyId);
  const key = await findActiveApiKey(db, study.id);
  return {
    studyId: study.id,
    key: key ? presentKey(key) : null,
    viewIdentifiable: apiUserViewIdentifiable(study),
    dataFeed: apiUserSettingsOf(study.settings).dataFeed,
    dataWrite: apiUserSettingsOf(study.settings).dataWrite,
    extendedValidation: study.extendedValidation,
    abilities: input.abilities,
  };
}

/**
 * Spec 001 §2 API access: renewing creates a new key and revokes the old one in one
 * transaction. The full key is returned this once and stored only as its SHA-256; the
 * signature of extended validation (000 §6) is recorded with the event.
 */
export async function renewApiKey(
  ctx: UseCaseContext,
  input: { studyId: string; userId: string; signature: ExtendedValidationSignature | null },
): Promise<RenewedApiKey> {
  const study = await loadStudyWithApiModule(ctx.tx, input.studyId);
  const previous = await findActiveApiKey(ctx.tx, study.id);
  if (previous) {
    await revokeApiKey(ctx.tx, study.id, previous.id, ctx.now);
    await ctx.audit({
      action: 'API_KEY_REVOKED',
      entityType: 'API_KEY',
      entityId: previous.id,
      studyId: study.id,
      before: { prefix: previous.prefix, revokedAt: null },
      after: { prefix: previous.prefix, revokedAt: ctx.now.toISOString() },
      reason: 'Renewed',
    });
  }
  const prefix = newLinkToken(8);
  const key = `tb_${prefix}_${newSecret()}`;
  const row: Omit<ApiKeyRow, 'studyId'> = {
    id: newId(ctx.now),
    keyHash: hashApiKey(key),
    prefix,
    viewIdentifiable: previous?.viewIdentifiable ?? apiUserViewIdentifiable(study),
    createdBy: input.userId,
    createdAt: ctx.now,
    lastUsedAt: null,
    revokedAt: null,
  };
  await insertApiKey(ctx.tx, study.id, row);
  await ctx.audit({
    action: 'API_KEY_RENEWED',
    entityType: 'API_KEY',
    entityId: row.id,
    studyId: study.id,
    before: previous ? { keyId: previous.id, prefix: previous.prefix } : null,
    after: {
      prefix,
      viewIdentifiable: row.viewIdentifiable,
      ...(input.signature ? { signature: input.signature } : {}),
    },
  });
  return { key, metadata: presentKey({ ...row, studyId: study.id }) };
}

/**
 * Spec 001 §2, §3: saves the API user settings for the study and its current key: viewIdentifiable,
 * and dataFeed (issue 26 item 4: may the key read the incremental feed; kept when left out).
 */
export async function updateApiUserSettings(
  ctx: UseCaseContext,
  input: {
    studyId: string;
    viewIdentifiable: boolean;
    dataFeed?: boolean | undefined;
    dataWrite?: boolean | undefined;
  },
): Promise<{ viewIdentifiable: boolean; dataFeed: boolean; dataWrite: boolean }> {
  const study = await loadStudyWithApiModule(ctx.tx, input.studyId);
  const before = apiUserSettingsOf(study.settings);
  const after = {
    viewIdentifiable: input.viewIdentifiable,
    dataFeed: input.dataFeed ?? before.dataFeed,
    dataWrite: input.dataWrite ?? before.dataWrite,
  };
  if (
    before.viewIdentifiable === after.viewIdentifiable &&
    before.dataFeed === after.dataFeed &&
    before.dataWrite === after.dataWrite
  ) {
    return after;
  }
  await setStudyApiUserSetting(ctx.tx, study.id, after);
  await setKeyViewIdentifiable(ctx.tx, study.id, after.viewIdentifiable);
  const key = await findActiveApiKey(ctx.tx, study.id);
  await ctx.audit({
    action: 'API_KEY_SETTINGS_UPDATED',
    entityType: 'API_KEY',
    entityId: key?.id ?? null,
    studyId: study.id,
    before,
    after,
  });
  return after;
}

/** Spec 001 §2 API access: the study's information for API users (ids, status, languages, sites). */
export async function getStudyInfo(db: Executor, studyId: string): Promise<StudyInfo> {
  const study = await loadStudyWithApiModule(db, studyId);
  const siteRows = await listSitesForApi(db, study.id);
  return {
    id: study.id,
    name: study.name,
    status: study.status,
    primaryLanguage: study.primaryLanguage,
    languages: study.languages,
    sites: siteRows,
  };
}
