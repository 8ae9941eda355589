/**
 * Sealing (issue 22 item 2, DESIGN.md "allocation lists and seeds are sealed from every role until
 * used"): a fresh seed from the platform CSPRNG and the permuted-block lists generated from it up
 * front for every stratum known in advance (unstratified, or the study's sites); a stratum of a
 * question factor gets its list from the same seed at its first allocation, which is the same list
 * (`generateSealedBlockList` depends on seed and stratum only). The seed never leaves the database;
 * the audit trail keeps its SHA-256, so a later check can prove the lists came from it.
 */
import {
  generateRandomizationSeed,
  generateSealedBlockList,
  type RandomizationConfig,
  randomizationFactors,
  SITE_FACTOR,
  sha256,
  stratumKey,
  UNSTRATIFIED_KEY,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import type { UseCaseContext } from '../../../platform/use-case';
import {
  deleteListEntries,
  insertListEntries,
  insertState,
  type ListEntryRow,
  listSiteIds,
  lockState,
  type StateRow,
  updateState,
} from '../repo';

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The strata whose levels are all known before the first subject: none stratified, or by site only. */
async function strataKnownUpFront(db: Executor, studyId: string, config: RandomizationConfig) {
  const factors = randomizationFactors(config);
  if (factors.length === 0) return [UNSTRATIFIED_KEY];
  if (factors.length === 1 && factors[0]?.id === SITE_FACTOR) {
    return (await listSiteIds(db, studyId)).map((siteId) => stratumKey(factors, [siteId]));
  }
  return [];
}

/** The generated list records of one stratum under a seed (stored as they are drawn). */
export function generatedEntries(
  studyId: string,
  processId: string,
  config: RandomizationConfig,
  seed: string,
  stratum: string,
): ListEntryRow[] {
  return generateSealedBlockList(config, seed, stratum).map((e) => ({
    studyId,
    processId,
    stratum: e.stratum,
    sequence: e.sequence,
    groupId: e.groupId,
    block: e.block,
    blockSize: e.blockSize,
    source: 'GENERATED',
    enrollmentId: null,
    allocatedAt: null,
  }));
}

/**
 * Draws a new seed and replaces the process's lists (before any allocation only: the caller checks).
 * Uploaded lists are kept when the method is UPLOADED_LIST.
 */
export async function seal(
  ctx: UseCaseContext,
  studyId: string,
  processId: string,
  config: RandomizationConfig,
): Promise<StateRow> {
  const seed = generateRandomizationSeed();
  const seedHash = hex(sha256(seed));
  const existing = await lockState(ctx.tx, studyId, processId);
  const values = {
    seed,
    seedHash,
    method: config.method,
    config: config as unknown as Record<string, unknown>,
    allocations: 0,
    sealedAt: ctx.now,
    updatedAt: ctx.now,
  };
  if (existing) await updateState(ctx.tx, studyId, processId, values);
  else await insertState(ctx.tx, { studyId, processId, ...values });
  let entries = 0;
  const strata: string[] = [];
  if (config.method !== 'UPLOADED_LIST') {
    await deleteListEntries(ctx.tx, studyId, processId);
    if (config.method === 'PERMUTED_BLOCKS') {
      for (const stratum of await strataKnownUpFront(ctx.tx, studyId, config)) {
        const rows = generatedEntries(studyId, processId, config, seed, stratum);
        await insertListEntries(ctx.tx, rows);
        entries += rows.length;
        strata.push(stratum);
      }
    }
  }
  await ctx.audit({
    action: 'RANDOMIZATION_SEALED',
    entityType: 'PROCESS',
    entityId: processId,
    studyId,
    after: { method: config.method, seedSha256: seedHash, strata: strata.length, entries },
  });
  return { studyId, processId, ...values };
}

/** Randomization switched off (before any allocation): no seed, no lists. */
export async function unseal(ctx: UseCaseContext, studyId: string, processId: string): Promise<void> {
  const existing = await lockState(ctx.tx, studyId, processId);
  if (!existing) return;
  await deleteListEntries(ctx.tx, studyId, processId);
  await updateState(ctx.tx, studyId, processId, { method: 'NONE', updatedAt: ctx.now });
}
