import { createHash } from 'node:crypto';
import { PAID_MODULES, type PlanModuleCode, type StudySubscription } from '@trialbase/domain';
import type { Executor } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import type { UseCaseContext } from '../../../platform/use-case';
import { findEnterpriseCode, findPlan, redeemEnterpriseCode, type StudyRow, updateStudyRow } from '../repo';
import { loadStudyForChange } from './update-study';

/** Enabled modules in the order of PAID_MODULES, unknown codes dropped. */
function mergeModules(current: readonly string[], added: readonly string[]): PlanModuleCode[] {
  const wanted = new Set([...current, ...added]);
  return PAID_MODULES.filter((module) => wanted.has(module));
}

/** Spec 000 §1, §6 POST /studies/{studyId}/addons: a system admin switches paid modules on. */
export async function enableStudyModules(
  ctx: UseCaseContext,
  input: { studyId: string; modules: PlanModuleCode[] },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  const modules = mergeModules(row.modules, input.modules);
  const added = modules.filter((module) => !row.modules.includes(module));
  if (added.length === 0) return row;
  const updated = await updateStudyRow(ctx.tx, row.id, { modules, updatedAt: ctx.now });
  await ctx.audit({
    action: 'STUDY_MODULES_ENABLED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { modules: row.modules },
    after: { modules, added },
  });
  return updated;
}

/** Enterprise codes are stored as their SHA-256 only (spec 000 §8 enterprise-code errors). */
export function hashEnterpriseCode(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex');
}

/**
 * Spec 001 §7 POST /study/{id}/{code}/applyEnterpriseCode, 000 §8: one code per study
 * (STUDY_HAS_CODE), one study per code (CODE_REDEEMED); an unknown or expired code is
 * INVALID_ENTERPRISE_CODE. The code's modules (and plan) apply to the study.
 */
export async function applyEnterpriseCode(
  ctx: UseCaseContext,
  input: { studyId: string; code: string },
): Promise<StudyRow> {
  const row = await loadStudyForChange(ctx, input.studyId);
  if (row.enterpriseCode !== null) {
    throw new AppError('STUDY_HAS_CODE', 'This study already has an enterprise code.');
  }
  const codeHash = hashEnterpriseCode(input.code);
  const code = await findEnterpriseCode(ctx.tx, codeHash);
  if (!code || (code.expiresAt !== null && code.expiresAt <= ctx.now)) {
    throw new AppError('INVALID_ENTERPRISE_CODE', 'This enterprise code is not valid.');
  }
  if (code.redeemedByStudyId !== null || !(await redeemEnterpriseCode(ctx.tx, codeHash, row.id, ctx.now))) {
    throw new AppError('CODE_REDEEMED', 'This enterprise code has already been used.');
  }
  const modules = mergeModules(row.modules, code.modules);
  const updated = await updateStudyRow(ctx.tx, row.id, {
    enterpriseCode: codeHash,
    modules,
    planId: code.planId ?? row.planId,
    updatedAt: ctx.now,
  });
  await ctx.audit({
    action: 'STUDY_ENTERPRISE_CODE_APPLIED',
    entityType: 'STUDY',
    entityId: row.id,
    studyId: row.id,
    before: { modules: row.modules, planId: row.planId },
    after: { modules, planId: updated.planId, codeLabel: code.label },
  });
  return updated;
}

/** Spec 001 §7 GET /study/{id}/subscriptionPlan: the plan, the modules and whether a code was applied. */
export async function getStudySubscription(db: Executor, row: StudyRow): Promise<StudySubscription> {
  const plan = row.planId ? await findPlan(db, row.planId) : undefined;
  return {
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          currency: plan.currency,
          planClass: plan.planClass,
          type: plan.type,
          status: plan.status,
          modules: mergeModules([], plan.modules),
        }
      : null,
    modules: mergeModules([], row.modules),
    hasEnterpriseCode: row.enterpriseCode !== null,
  };
}
