/**
 * The randomization configuration as stored in the process document (spec 001 §3 pathway fields plus
 * our ratio, weight and `randomizationSettings`), and the change check of the spec 001 §4 locks used by
 * both saves (the randomization route and the process editor's PUT).
 */
import type { FieldIssue } from '../common/errors';
import type { Process } from '../processes/model';
import type { StudyStatus } from '../studies/model';
import { studyEditScope } from '../studies/state-machine';
import {
  type RandomizationConfig,
  type RandomizationConfigInput,
  RandomizationConfigSchema,
  type RandomizationLocks,
  randomizationLocks,
} from './config';

/** A group without a stored id gets its position's id (`G1`, `G2`, …), stable while groups are fixed. */
export function defaultGroupId(index: number): string {
  return `G${index + 1}`;
}

type StoredFields = Pick<
  Process,
  | 'randomization'
  | 'targetInclusion'
  | 'trialGroups'
  | 'stratifyBySite'
  | 'questionStratifications'
  | 'hasRandomizationOnProcess'
  | 'didUploadCustomRandomizationList'
  | 'randomizationSettings'
>;

/** Issue 22: the configuration of a stored process (defaults for what an older document lacks). */
export function randomizationConfigOf(process: StoredFields): RandomizationConfig {
  const settings = process.randomizationSettings ?? {};
  const parsed = RandomizationConfigSchema.safeParse({
    ...settings,
    randomization: process.randomization,
    targetInclusion: process.targetInclusion ?? null,
    trialGroups: process.trialGroups.map((g, i) => ({
      id: g.id || defaultGroupId(i),
      title: g.title,
      ratio: g.ratio ?? 1,
    })),
    stratifyBySite: process.stratifyBySite ?? null,
    questionStratifications: process.questionStratifications.map((s) => ({ ...s, weight: s.weight ?? 1 })),
    hasRandomizationOnProcess: process.hasRandomizationOnProcess,
    didUploadCustomRandomizationList: process.didUploadCustomRandomizationList,
  });
  if (parsed.success) return parsed.data;
  // Settings written by an older build that no longer parse: the spec fields with default settings.
  return RandomizationConfigSchema.parse({
    randomization: process.randomization,
    targetInclusion: process.targetInclusion ?? null,
    trialGroups: process.trialGroups.map((g, i) => ({ id: g.id || defaultGroupId(i), title: g.title })),
    stratifyBySite: process.stratifyBySite ?? null,
    questionStratifications: process.questionStratifications,
  });
}

/** The process document fields a configuration writes (derived flags are the server's, kept as they are). */
export function processFieldsOfConfig(
  config: RandomizationConfigInput,
): Pick<
  Process,
  | 'randomization'
  | 'targetInclusion'
  | 'trialGroups'
  | 'stratifyBySite'
  | 'questionStratifications'
  | 'randomizationSettings'
> {
  const c = RandomizationConfigSchema.parse(config);
  return {
    randomization: c.randomization,
    targetInclusion: c.targetInclusion ?? null,
    trialGroups: c.trialGroups.map((g) => ({ id: g.id, title: g.title, ratio: g.ratio })),
    stratifyBySite: c.stratifyBySite ?? null,
    questionStratifications: c.questionStratifications.map((s) => ({
      dataEvent: s.dataEvent ?? null,
      form: s.form ?? null,
      question: s.question ?? null,
      weight: s.weight,
    })),
    randomizationSettings: { method: c.method, blocks: c.blocks, minimization: c.minimization },
  };
}

/** Order-independent JSON of a value (key order never counts as a change). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * Spec 001 §4: the locks of the configuration in the study's status; a read-only study (locked,
 * completed, …) locks every field.
 */
export function randomizationLocksIn(
  config: RandomizationConfig,
  studyStatus: StudyStatus,
): RandomizationLocks {
  const locks = randomizationLocks(config, studyStatus);
  if (studyEditScope(studyStatus).settings) return locks;
  return {
    isConfigurationLocked: true,
    canAddOrRemoveGroups: false,
    lockedFields: randomizationLocks({ ...config, didUploadCustomRandomizationList: true }, studyStatus)
      .lockedFields,
  };
}

/**
 * Spec 001 §4: every change from `before` to `after` the locks forbid, as LOCKED issues at the field
 * (`['trialGroups']` for adding or removing groups). Titles of groups stay editable (translations).
 */
export function randomizationChangeIssues(
  before: RandomizationConfig,
  after: RandomizationConfig,
  locks: RandomizationLocks,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const withoutTitles = (c: RandomizationConfig) => ({
    ...c,
    trialGroups: c.trialGroups.map((g) => ({ id: g.id, ratio: g.ratio })),
  });
  const [was, is] = [withoutTitles(before), withoutTitles(after)];
  for (const field of locks.lockedFields) {
    if (canonical(was[field]) !== canonical(is[field])) issues.push({ path: [field], message: 'LOCKED' });
  }
  const groupsLocked = locks.lockedFields.includes('trialGroups');
  if (!groupsLocked && !locks.canAddOrRemoveGroups) {
    if (before.trialGroups.length !== after.trialGroups.length) {
      issues.push({ path: ['trialGroups'], message: 'LOCKED', params: { change: 'ADD_OR_REMOVE' } });
    }
  }
  return issues;
}

/**
 * A process save from the editor keeps what only the randomization route writes: the method settings,
 * and a group's id and ratio or a stratification's weight the body leaves out (taken by position).
 */
export function keepRandomizationExtras<T extends StoredFields>(before: StoredFields, after: T): T {
  return {
    ...after,
    randomizationSettings: before.randomizationSettings,
    trialGroups: after.trialGroups.map((g, i) => {
      const was = before.trialGroups[i];
      return {
        ...g,
        ...(g.id ? {} : was?.id ? { id: was.id } : {}),
        ...(g.ratio !== undefined ? {} : was?.ratio !== undefined ? { ratio: was.ratio } : {}),
      };
    }),
    questionStratifications: after.questionStratifications.map((s, i) => {
      const was = before.questionStratifications[i];
      return s.weight !== undefined || was?.weight === undefined ? s : { ...s, weight: was.weight };
    }),
  };
}
