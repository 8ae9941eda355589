/**
 * What leaves the server of allocations (CONVENTIONS.md presenters). The group goes out only when the
 * caller may see it (blinding.ts decides); otherwise `trialGroup` is null and `blinded` true.
 */
import type {
  BlindBreakView,
  LocalizedText,
  RandomizationAllocationView,
  RandomizationConfig,
} from '@trialbase/domain';
import type { AllocationRow, BlindBreakRow } from './repo';

export function groupOf(
  config: Pick<RandomizationConfig, 'trialGroups'>,
  groupId: string,
): { id: string; title: LocalizedText } {
  const group = config.trialGroups.find((g) => g.id === groupId);
  return { id: groupId, title: group?.title ?? {} };
}

export function presentAllocation(
  row: AllocationRow,
  config: Pick<RandomizationConfig, 'trialGroups'>,
  canViewGroup: boolean,
): RandomizationAllocationView {
  return {
    enrollmentId: row.enrollmentId,
    processId: row.processId,
    tokenId: row.tokenId,
    randomId: row.randomId,
    sequence: row.sequence,
    allocatedAt: row.allocatedAt.toISOString(),
    allocatedBy: { id: row.allocatedBy, name: row.allocatedByName },
    blinded: !canViewGroup,
    trialGroup: canViewGroup ? groupOf(config, row.groupId) : null,
  };
}

export function presentBlindBreak(row: BlindBreakRow): BlindBreakView {
  return {
    signedBy: row.userId,
    signedByName: row.userName,
    signedTime: row.signedAt.toISOString(),
    reason: row.reason,
  };
}
