import type { RandomizationConfig, RandomizationView, StudyStatus } from '@trialbase/domain';
import type { TFunction } from 'i18next';

export type LockState = {
  /** The process editor is read-only for this caller (no PATHWAY_UPDATE, or the study's state). */
  isReadOnly: boolean;
  studyStatus: StudyStatus;
  view: Pick<RandomizationView, 'locks' | 'config'>;
};

/**
 * Spec 001 §4: why a randomization field is locked, or null when it may change: an uploaded list
 * locks everything; once a subject was allocated the method, groups and strata are fixed; the rest
 * of the study's read-only states say so.
 */
export function randomizationFieldLock(
  t: TFunction,
  state: LockState,
  field: keyof RandomizationConfig,
): string | null {
  if (state.isReadOnly) return t('RANDOMIZATION.LOCKS.READ_ONLY');
  const { locks, config } = state.view;
  if (locks.isConfigurationLocked) return t('RANDOMIZATION.LOCKS.LIST_UPLOADED');
  if (!locks.lockedFields.includes(field)) return null;
  if (config.hasRandomizationOnProcess) return t('RANDOMIZATION.LOCKS.ALLOCATED');
  return t('RANDOMIZATION.LOCKS.STUDY_STATUS');
}

/** Spec 001 §4: adding or removing trial groups is blocked with randomization in production or an amendment. */
export function groupChangeLock(t: TFunction, state: LockState): string | null {
  const reason = randomizationFieldLock(t, state, 'trialGroups');
  if (reason) return reason;
  if (!state.view.locks.canAddOrRemoveGroups) {
    return t(
      state.studyStatus === 'AMENDMENT'
        ? 'RANDOMIZATION.LOCKS.GROUPS_AMENDMENT'
        : 'RANDOMIZATION.LOCKS.GROUPS_PRODUCTION',
    );
  }
  return null;
}
