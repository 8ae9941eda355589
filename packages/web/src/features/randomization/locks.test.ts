import { RandomizationConfigSchema, randomizationLocks } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { nextGroupId } from './editor-parts';
import { groupChangeLock, randomizationFieldLock } from './locks';

const t = ((key: string) => key) as unknown as TFunction;
const config = (over: object = {}) => RandomizationConfigSchema.parse({ randomization: true, ...over });
const state = (
  over: object,
  studyStatus: 'STUDY_STATUS_BUILD' | 'PRODUCTION' | 'AMENDMENT',
  isReadOnly = false,
) => {
  const c = config(over);
  return { isReadOnly, studyStatus, view: { config: c, locks: randomizationLocks(c, studyStatus) } } as const;
};

describe('spec 001 §4 randomization locks, as the editor says them', () => {
  it('an uploaded list locks every field', () => {
    const s = state({ didUploadCustomRandomizationList: true }, 'STUDY_STATUS_BUILD');
    expect(randomizationFieldLock(t, s, 'targetInclusion')).toBe('RANDOMIZATION.LOCKS.LIST_UPLOADED');
    expect(groupChangeLock(t, s)).toBe('RANDOMIZATION.LOCKS.LIST_UPLOADED');
  });

  it('once subjects are allocated the method and groups are fixed, the target is not', () => {
    const s = state({ hasRandomizationOnProcess: true }, 'PRODUCTION');
    expect(randomizationFieldLock(t, s, 'method')).toBe('RANDOMIZATION.LOCKS.ALLOCATED');
    expect(randomizationFieldLock(t, s, 'targetInclusion')).toBeNull();
  });

  it('groups cannot be added or removed in production or an amendment, but can in build', () => {
    expect(groupChangeLock(t, state({}, 'PRODUCTION'))).toBe('RANDOMIZATION.LOCKS.GROUPS_PRODUCTION');
    expect(groupChangeLock(t, state({}, 'AMENDMENT'))).toBe('RANDOMIZATION.LOCKS.GROUPS_AMENDMENT');
    expect(groupChangeLock(t, state({}, 'STUDY_STATUS_BUILD'))).toBeNull();
  });

  it('a read-only editor says so first', () => {
    expect(randomizationFieldLock(t, state({}, 'STUDY_STATUS_BUILD', true), 'method')).toBe(
      'RANDOMIZATION.LOCKS.READ_ONLY',
    );
  });
});

describe('group codes', () => {
  it('gives the next free letter', () => {
    expect(nextGroupId([{ id: 'A' }, { id: 'B' }])).toBe('C');
    expect(nextGroupId([{ id: 'B' }])).toBe('A');
  });
});
