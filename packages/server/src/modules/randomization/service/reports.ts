/**
 * Reports (issue 22 items 5 and 6): the allocation list export (ADMIN, CSV, audited), the balance per
 * stratum and overall, and the simulator over the domain's `simulateRandomization`.
 */
import {
  type AccessUser,
  balanceReport,
  generateRandomizationSeed,
  type RandomizationBalance,
  RandomizationConfigSchema,
  randomizationFactors,
  ratioSum,
  SIMULATION_MAX_WORK,
  SITE_FACTOR,
  type SimulationRequest,
  SimulationRequestSchema,
  type SimulationResponse,
  simulateRandomization,
  sitesWithPermission,
  targetInclusionCount,
} from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError, validationError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findState, listAllocations, listListEntries } from '../repo';
import { assertModule, loadRandomization, requireStudy } from './context';

function csvCell(value: string): string {
  return /[",;\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Spec 000 §6 randomization list export: the whole sealed list (free records too) with the enrollment,
 * random id and time of each used record; for minimization the allocations made. Audited.
 */
export async function exportAllocationList(
  ctx: UseCaseContext,
  input: { studyId: string; processId: string },
): Promise<{ fileName: string; csv: string }> {
  const study = await requireStudy(ctx.tx, input.studyId);
  assertModule(study);
  await loadRandomization(ctx.tx, study.id, input.processId);
  const state = await findState(ctx.tx, study.id, input.processId);
  if (!state || state.method === 'NONE') {
    throw new AppError('PRECONDITION', 'Nothing is sealed for this process yet.', {
      context: { reason: 'NOT_CONFIGURED' },
    });
  }
  const allocations = await listAllocations(ctx.tx, study.id, input.processId);
  const byEnrollment = new Map(allocations.map((a) => [a.enrollmentId, a]));
  const lines = ['sequence,stratum,group,block,blockSize,enrollmentId,randomId,allocatedAt'];
  let rows = 0;
  if (state.method === 'MINIMIZATION') {
    for (const a of allocations) {
      lines.push(
        [
          String(a.sequence),
          csvCell(a.stratum),
          csvCell(a.groupId),
          '',
          '',
          a.enrollmentId,
          a.randomId,
          a.allocatedAt.toISOString(),
        ].join(','),
      );
      rows++;
    }
  } else {
    for (const e of await listListEntries(ctx.tx, study.id, input.processId)) {
      const a = e.enrollmentId ? byEnrollment.get(e.enrollmentId) : undefined;
      lines.push(
        [
          String(e.sequence),
          csvCell(e.stratum),
          csvCell(e.groupId),
          e.block == null ? '' : String(e.block),
          e.blockSize == null ? '' : String(e.blockSize),
          e.enrollmentId ?? '',
          a?.randomId ?? '',
          e.allocatedAt?.toISOString() ?? '',
        ].join(','),
      );
      rows++;
    }
  }
  await ctx.audit({
    action: 'RANDOMIZATION_LIST_EXPORTED',
    entityType: 'PROCESS',
    entityId: input.processId,
    studyId: study.id,
    after: { method: state.method, rows, allocations: allocations.length },
  });
  return { fileName: `randomization-${input.processId}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}

/**
 * Issue 22 item 5: allocations per group overall, per stratum and per factor level. Counts only the
 * sites where the caller holds TRIAL_GROUP_VIEW (study-wide holders see all).
 */
export async function balanceOf(
  db: Executor,
  input: { studyId: string; processId: string; access: AccessUser },
): Promise<RandomizationBalance> {
  const loaded = await loadRandomization(db, input.studyId, input.processId);
  const sites = sitesWithPermission(input.access, 'TRIAL_GROUP_VIEW', input.studyId);
  const allocations = await listAllocations(
    db,
    input.studyId,
    input.processId,
    sites === 'ALL' ? undefined : sites,
  );
  const state = await findState(db, input.studyId, input.processId);
  const config = state ? RandomizationConfigSchema.parse(state.config) : loaded.config;
  const factors = randomizationFactors(config);
  const titles = new Map(loaded.config.trialGroups.map((g) => [g.id, g.title]));
  return {
    groups: config.trialGroups.map((g) => ({ id: g.id, title: titles.get(g.id) ?? g.title, ratio: g.ratio })),
    factors: factors.map((f) => ({
      id: f.id,
      kind: f.id === SITE_FACTOR ? 'SITE' : 'QUESTION',
      weight: f.weight,
    })),
    allocations: allocations.length,
    report: balanceReport(config.trialGroups, factors, allocations),
  };
}

/**
 * Issue 22 item 6: many simulated trials of the target size under the (draft or stored) configuration;
 * the distribution of imbalance per method. A seed is drawn when none is given and returned.
 */
export async function simulate(
  db: Executor,
  input: { studyId: string; processId: string; body: SimulationRequest },
): Promise<SimulationResponse> {
  const body = SimulationRequestSchema.parse(input.body);
  const loaded = await loadRandomization(db, input.studyId, input.processId);
  const config = body.config ?? loaded.config;
  if (config.trialGroups.length < 2) {
    throw validationError([{ path: ['config', 'trialGroups'], message: 'TOO_FEW', params: { min: 2 } }]);
  }
  const subjects = body.subjects ?? Math.max(targetInclusionCount(config), ratioSum(config.trialGroups));
  if (body.trials * subjects > SIMULATION_MAX_WORK) {
    throw validationError(
      [
        {
          path: ['trials'],
          message: 'TOO_MANY',
          params: { max: Math.floor(SIMULATION_MAX_WORK / subjects) },
        },
      ],
      'Too many simulated subjects in one run.',
    );
  }
  const seed = body.seed ?? generateRandomizationSeed();
  const result = simulateRandomization({
    seed,
    trials: body.trials,
    subjects,
    ratios: config.trialGroups.map((g) => g.ratio),
    factors: body.factors,
    ...(body.methods ? { methods: body.methods } : {}),
    blockMultipliers: config.blocks.blockMultipliers,
    minimization: config.minimization,
    ...(body.binWidth ? { binWidth: body.binWidth } : {}),
  });
  return { seed, ...result };
}
