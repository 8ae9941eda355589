/**
 * Randomization configuration of a pathway (issue 22; spec 001 §3 pathway fields randomization,
 * targetInclusion, trialGroups, stratifyBySite, questionStratifications, hasRandomizationOnProcess,
 * didUploadCustomRandomizationList), its authoring rules (001 §5) and locks (001 §4).
 *
 * The spec's trial group has only a title per language; we add the allocation ratio and the method
 * settings (permuted blocks, minimization, uploaded list). Issue codes are those of
 * `authoring/issues.ts` (the spec names no error ids for these rules), so the web shows them with the
 * same messages as the process editor.
 */
import { z } from 'zod';
import { authoringIssue, checkLocalizedText } from '../authoring/issues';
import type { FieldIssue } from '../common/errors';
import { LocalizedTextSchema } from '../common/languages';
import { MAX_STRATIFICATIONS, MIN_TRIAL_GROUPS, TRIAL_GROUP_TITLE_MAX } from '../processes/model';
import type { StudyStatus } from '../studies/model';

export const RANDOMIZATION_METHODS = ['PERMUTED_BLOCKS', 'MINIMIZATION', 'UPLOADED_LIST'] as const;
export type RandomizationMethod = (typeof RANDOMIZATION_METHODS)[number];

export const IMBALANCE_MEASURES = ['RANGE', 'VARIANCE'] as const;
export type ImbalanceMeasure = (typeof IMBALANCE_MEASURES)[number];

/** Not in the spec: a group's allocation ratio is a whole number from 1 to 10 (1:1, 2:1, 3:2:1 …). */
export const MAX_ALLOCATION_RATIO = 10;
/** Not in the spec: block sizes are 1 to 6 times the ratio sum. */
export const MAX_BLOCK_MULTIPLIER = 6;

/** A trial group (spec 001 §3: title per language) with its allocation ratio. */
export const RandomizationGroupSchema = z.object({
  /** Stable key, stored with each allocation and used in uploaded lists. */
  id: z.string().min(1).max(32),
  title: LocalizedTextSchema.default({}),
  ratio: z.number().int().min(1).max(MAX_ALLOCATION_RATIO).default(1),
});
export type RandomizationGroup = z.infer<typeof RandomizationGroupSchema>;

/** Spec 001 §3 question stratification (data event, form, question) with its minimization weight. */
export const RandomizationStratificationSchema = z.object({
  dataEvent: z.string().nullish(),
  form: z.string().nullish(),
  question: z.string().nullish(),
  weight: z.number().positive().max(100).default(1),
});
export type RandomizationStratification = z.infer<typeof RandomizationStratificationSchema>;

export const PermutedBlocksSettingsSchema = z.object({
  /** Block sizes are these multiples of the ratio sum, one drawn at random for each block. */
  blockMultipliers: z.array(z.number().int().min(1).max(MAX_BLOCK_MULTIPLIER)).min(1).default([1, 2]),
});
export type PermutedBlocksSettings = z.infer<typeof PermutedBlocksSettingsSchema>;

export const MinimizationSettingsSchema = z.object({
  imbalance: z.enum(IMBALANCE_MEASURES).default('RANGE'),
  /** Probability of taking the group that minimizes imbalance (Pocock–Simon p); 1 is deterministic. */
  probability: z.number().min(0.5).max(1).default(0.8),
  /** Weight of the site factor (question weights sit on each stratification). */
  siteWeight: z.number().positive().max(100).default(1),
  /**
   * Optional hard bound on every marginal imbalance (range of ratio-scaled counts, in subjects): a
   * group that would take one of the subject's marginals beyond it is never chosen while another
   * group keeps all of them within it.
   */
  maxImbalance: z.number().int().min(1).max(100).nullable().default(null),
});
export type MinimizationSettings = z.infer<typeof MinimizationSettingsSchema>;

/** The pathway's randomization fields (spec 001 §3) and the method settings. */
export const RandomizationConfigSchema = z.object({
  randomization: z.boolean().default(false),
  method: z.enum(RANDOMIZATION_METHODS).default('PERMUTED_BLOCKS'),
  targetInclusion: z.string().nullish(),
  trialGroups: z.array(RandomizationGroupSchema).default([]),
  stratifyBySite: z.boolean().nullish(),
  questionStratifications: z.array(RandomizationStratificationSchema).default([]),
  hasRandomizationOnProcess: z.boolean().default(false),
  didUploadCustomRandomizationList: z.boolean().default(false),
  blocks: PermutedBlocksSettingsSchema.default({ blockMultipliers: [1, 2] }),
  minimization: MinimizationSettingsSchema.default({
    imbalance: 'RANGE',
    probability: 0.8,
    siteWeight: 1,
    maxImbalance: null,
  }),
});
export type RandomizationConfig = z.infer<typeof RandomizationConfigSchema>;
export type RandomizationConfigInput = z.input<typeof RandomizationConfigSchema>;

const DIGITS_ONLY = /^\d+$/;

/** What the rules need to know about the process around the configuration. */
export type RandomizationRuleContext = {
  /** Configured maximum of question stratifications (spec 001 §9 "configured value"). */
  maxStratifications?: number;
  /** Data event ids of the process, in order; a stratification must name one of them. */
  dataEventIds?: readonly string[];
  /** Id of the TYPE_RANDOMIZATION event; stratification events must come before it. */
  randomizationEventId?: string | null;
};

/** Spec 001 §5: target inclusion required, digits only, at least the number of trial groups. */
export function validateTargetInclusion(
  config: Pick<RandomizationConfig, 'targetInclusion' | 'trialGroups'>,
): FieldIssue[] {
  const target = config.targetInclusion?.trim() ?? '';
  if (target === '') return [authoringIssue(['targetInclusion'], 'REQUIRED')];
  if (!DIGITS_ONLY.test(target)) return [authoringIssue(['targetInclusion'], 'PATTERN')];
  const min = Math.max(config.trialGroups.length, 1);
  return Number(target) < min ? [authoringIssue(['targetInclusion'], 'MIN_TARGET_INCLUSION', { min })] : [];
}

/** Spec 001 §5: at least two groups, each titled, distinct ids, whole-number ratios. */
export function validateTrialGroups(config: Pick<RandomizationConfig, 'trialGroups'>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (config.trialGroups.length < MIN_TRIAL_GROUPS) {
    issues.push(authoringIssue(['trialGroups'], 'TOO_FEW', { min: MIN_TRIAL_GROUPS }));
  }
  const ids = new Set<string>();
  config.trialGroups.forEach((group, i) => {
    issues.push(
      ...checkLocalizedText(['trialGroups', i, 'title'], group.title, {
        isRequired: true,
        max: TRIAL_GROUP_TITLE_MAX,
      }),
    );
    if (ids.has(group.id)) issues.push(authoringIssue(['trialGroups', i, 'id'], 'DUPLICATE'));
    ids.add(group.id);
    if (!Number.isInteger(group.ratio) || group.ratio < 1 || group.ratio > MAX_ALLOCATION_RATIO) {
      issues.push(
        authoringIssue(['trialGroups', i, 'ratio'], 'OUT_OF_RANGE', { min: 1, max: MAX_ALLOCATION_RATIO }),
      );
    }
  });
  return issues;
}

/**
 * Spec 001 §5: the site choice is required; each stratification needs a data event and a question, a
 * question is used once, and there are at most the configured maximum (default MAX_STRATIFICATIONS).
 */
export function validateStratification(
  config: Pick<RandomizationConfig, 'stratifyBySite' | 'questionStratifications'>,
  context: RandomizationRuleContext = {},
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (config.stratifyBySite == null) issues.push(authoringIssue(['stratifyBySite'], 'REQUIRED'));
  const max = context.maxStratifications ?? MAX_STRATIFICATIONS;
  const list = config.questionStratifications;
  if (list.length > max) issues.push(authoringIssue(['questionStratifications'], 'TOO_MANY', { max }));
  const events = context.dataEventIds;
  const randomizationAt =
    context.randomizationEventId != null && events ? events.indexOf(context.randomizationEventId) : -1;
  const seen = new Set<string>();
  list.forEach((s, i) => {
    const path = ['questionStratifications', i];
    if (!s.dataEvent) issues.push(authoringIssue([...path, 'dataEvent'], 'REQUIRED'));
    else if (events && !events.includes(s.dataEvent)) {
      issues.push(authoringIssue([...path, 'dataEvent'], 'UNKNOWN_REFERENCE'));
    } else if (events && randomizationAt >= 0 && events.indexOf(s.dataEvent) >= randomizationAt) {
      // issue 22: questions answered before the randomization event
      issues.push(authoringIssue([...path, 'dataEvent'], 'NOT_ALLOWED'));
    }
    if (!s.question) issues.push(authoringIssue([...path, 'question'], 'REQUIRED'));
    else if (seen.has(s.question)) issues.push(authoringIssue([...path, 'question'], 'DUPLICATE'));
    else seen.add(s.question);
  });
  return issues;
}

/** Method settings: block multipliers distinct, minimization needs at least one factor. */
export function validateMethodSettings(config: RandomizationConfig): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (config.method === 'PERMUTED_BLOCKS') {
    const m = config.blocks.blockMultipliers;
    if (m.length === 0) issues.push(authoringIssue(['blocks', 'blockMultipliers'], 'REQUIRED'));
    if (new Set(m).size !== m.length)
      issues.push(authoringIssue(['blocks', 'blockMultipliers'], 'DUPLICATE'));
  }
  if (
    config.method === 'MINIMIZATION' &&
    !config.stratifyBySite &&
    config.questionStratifications.length === 0
  ) {
    issues.push(authoringIssue(['questionStratifications'], 'TOO_FEW', { min: 1 }));
  }
  return issues;
}

/** Every authoring issue of an enabled randomization (none when randomization is off). */
export function validateRandomizationConfig(
  config: RandomizationConfig,
  context: RandomizationRuleContext = {},
): FieldIssue[] {
  if (!config.randomization) return [];
  return [
    ...validateTargetInclusion(config),
    ...validateTrialGroups(config),
    ...validateStratification(config, context),
    ...validateMethodSettings(config),
  ];
}

/** Spec 001 §5: only trial groups at index 2 and later can be removed. */
export function canRemoveRandomizationGroup(index: number): boolean {
  return Number.isInteger(index) && index >= MIN_TRIAL_GROUPS;
}

export type RandomizationLocks = {
  /** Spec 001 §4: the whole configuration is locked once a custom list was uploaded. */
  isConfigurationLocked: boolean;
  /** Spec 001 §4: adding or removing groups is blocked in an amendment or production when randomization exists. */
  canAddOrRemoveGroups: boolean;
  /** Fields the editor shows read-only. */
  lockedFields: (keyof RandomizationConfig)[];
};

const CONFIG_FIELDS = Object.keys(RandomizationConfigSchema.shape) as (keyof RandomizationConfig)[];
const DERIVED_FIELDS = new Set<keyof RandomizationConfig>([
  'hasRandomizationOnProcess',
  'didUploadCustomRandomizationList',
]);

/**
 * Spec 001 §4 locks of the randomization: an uploaded list locks everything; with randomization in an
 * amendment or production the groups are fixed; once anyone has been allocated (hasRandomizationOnProcess)
 * the method, ratios and stratification are fixed too, since changing them would break the sealed lists.
 */
export function randomizationLocks(
  config: Pick<
    RandomizationConfig,
    'randomization' | 'hasRandomizationOnProcess' | 'didUploadCustomRandomizationList'
  >,
  studyStatus: StudyStatus,
): RandomizationLocks {
  const editable = CONFIG_FIELDS.filter((f) => !DERIVED_FIELDS.has(f));
  if (config.didUploadCustomRandomizationList) {
    return { isConfigurationLocked: true, canAddOrRemoveGroups: false, lockedFields: editable };
  }
  const hasRandomization = config.randomization || config.hasRandomizationOnProcess;
  const isLive = studyStatus === 'AMENDMENT' || studyStatus === 'PRODUCTION';
  const canAddOrRemoveGroups = !(hasRandomization && isLive);
  const locked = new Set<keyof RandomizationConfig>();
  if (config.hasRandomizationOnProcess) {
    for (const f of [
      'randomization',
      'method',
      'trialGroups',
      'stratifyBySite',
      'questionStratifications',
      'blocks',
      'minimization',
    ] as const) {
      locked.add(f);
    }
  }
  return {
    isConfigurationLocked: false,
    canAddOrRemoveGroups,
    lockedFields: editable.filter((f) => locked.has(f)),
  };
}

/**
 * Spec 001 §4: questions used by stratification are `usedByStratification` and lock their form's type.
 * Returns the question ids of an enabled randomization.
 */
export function stratificationQuestionIds(
  config: Pick<RandomizationConfig, 'randomization' | 'questionStratifications'>,
): string[] {
  if (!config.randomization) return [];
  return config.questionStratifications.flatMap((s) => (s.question ? [s.question] : []));
}

/** Spec 001 §4: a form's type is locked when one of its questions is used by stratification. */
export function isFormTypeLockedByStratification(
  formId: string,
  config: Pick<RandomizationConfig, 'randomization' | 'questionStratifications'>,
): boolean {
  return (
    config.randomization && config.questionStratifications.some((s) => s.form === formId && !!s.question)
  );
}

/** The ratio sum, the smallest block that keeps the ratio. */
export function ratioSum(groups: readonly Pick<RandomizationGroup, 'ratio'>[]): number {
  return groups.reduce((sum, g) => sum + g.ratio, 0);
}

/** Target inclusion as a number (0 when not set or not digits). */
export function targetInclusionCount(config: Pick<RandomizationConfig, 'targetInclusion'>): number {
  const t = config.targetInclusion?.trim() ?? '';
  return DIGITS_ONLY.test(t) ? Number(t) : 0;
}
