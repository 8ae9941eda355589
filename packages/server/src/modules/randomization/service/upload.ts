/**
 * The uploaded allocation list (issue 22 method c; spec 001 §3 didUploadCustomRandomizationList, §4
 * "randomization is locked once a custom list was uploaded"): CSV rows sequence, stratum, group,
 * checked with the domain's per-row issues, stored as the sealed list, the configuration locked.
 */
import {
  type FieldIssue,
  generateRandomizationSeed,
  parseAllocationListCsv,
  parseStratumKey,
  type RandomizationView,
  randomizationFactors,
  randomizationLocksIn,
  type StudyStatus,
  sha256,
  UNSTRATIFIED_KEY,
} from '@trialbase/domain';
import { AppError, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  deleteListEntries,
  insertListEntries,
  insertState,
  listSiteIds,
  lockState,
  patchProcessDocument,
  updateState,
} from '../repo';
import { presentRandomization } from './configure';
import { assertModule, loadRandomization, requireStudy } from './context';
import { hex } from './seal';

/** Strata whose factors are not the configuration's (in its order) are unknown. */
function strataIssues(
  strata: Iterable<string>,
  factorIds: readonly string[],
  siteIds: ReadonlySet<string>,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const stratum of strata) {
    const parts = stratum === UNSTRATIFIED_KEY ? [] : parseStratumKey(stratum);
    const sameFactors = parts.length === factorIds.length && parts.every((p, i) => p.factor === factorIds[i]);
    const knownSite = parts.every((p) => p.factor !== 'site' || siteIds.has(p.level));
    if (!sameFactors || !knownSite) {
      issues.push({ path: [1, 'stratum'], message: 'UNKNOWN_STRATUM', params: { stratum } });
    }
  }
  return issues;
}

/** Ours: POST .../pathway/{processId}/randomization/list (RANDOMIZATION_LIST_EXPORT). */
export async function uploadAllocationList(
  ctx: UseCaseContext,
  input: { studyId: string; processId: string; csv: string },
): Promise<RandomizationView> {
  const study = await requireStudy(ctx.tx, input.studyId);
  assertModule(study);
  const loaded = await loadRandomization(ctx.tx, study.id, input.processId, { lock: 'update' });
  const config = loaded.config;
  if (!config.randomization || config.trialGroups.length < 2) {
    throw new AppError(
      'PRECONDITION',
      'Configure the randomization and its groups before uploading a list.',
      {
        context: { reason: 'NOT_CONFIGURED' },
      },
    );
  }
  const state = await lockState(ctx.tx, study.id, input.processId);
  const locks = randomizationLocksIn(config, study.status as StudyStatus);
  if (locks.isConfigurationLocked || (state?.allocations ?? 0) > 0 || config.hasRandomizationOnProcess) {
    throw validationError(
      [{ path: [], message: 'LOCKED' }],
      'A list was uploaded already or subjects are allocated.',
    );
  }
  const parsed = parseAllocationListCsv(input.csv, config.trialGroups);
  const factorIds = randomizationFactors(config).map((f) => f.id);
  const issues = [
    ...parsed.issues,
    ...strataIssues(
      new Set(parsed.entries.map((e) => e.stratum)),
      factorIds,
      new Set(await listSiteIds(ctx.tx, study.id)),
    ),
  ];
  if (issues.length > 0) throw validationError(issues, 'The allocation list is not valid.');
  await deleteListEntries(ctx.tx, study.id, input.processId);
  await insertListEntries(
    ctx.tx,
    parsed.entries.map((e) => ({
      studyId: study.id,
      processId: input.processId,
      stratum: e.stratum,
      sequence: e.sequence,
      groupId: e.groupId,
      block: null,
      blockSize: null,
      source: 'UPLOADED',
      enrollmentId: null,
      allocatedAt: null,
    })),
  );
  const after = { ...config, method: 'UPLOADED_LIST' as const, didUploadCustomRandomizationList: true };
  const values = {
    method: 'UPLOADED_LIST',
    config: after as unknown as Record<string, unknown>,
    allocations: 0,
    sealedAt: ctx.now,
    updatedAt: ctx.now,
  };
  if (state) await updateState(ctx.tx, study.id, input.processId, values);
  else {
    const seed = generateRandomizationSeed();
    await insertState(ctx.tx, {
      studyId: study.id,
      processId: input.processId,
      seed,
      seedHash: hex(sha256(seed)),
      ...values,
    });
  }
  await patchProcessDocument(
    ctx.tx,
    study.id,
    input.processId,
    {
      didUploadCustomRandomizationList: true,
      randomizationSettings: {
        method: 'UPLOADED_LIST',
        blocks: config.blocks,
        minimization: config.minimization,
      },
    },
    ctx.now,
  );
  await ctx.audit({
    action: 'RANDOMIZATION_LIST_UPLOADED',
    entityType: 'PROCESS',
    entityId: input.processId,
    studyId: study.id,
    after: {
      entries: parsed.entries.length,
      strata: new Set(parsed.entries.map((e) => e.stratum)).size,
      csvSha256: hex(sha256(input.csv)),
    },
  });
  const reloaded = await loadRandomization(ctx.tx, study.id, input.processId);
  return presentRandomization(ctx.tx, study, input.processId, reloaded);
}
