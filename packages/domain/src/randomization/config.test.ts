import { describe, expect, it } from 'vitest';
import {
  canRemoveRandomizationGroup,
  isFormTypeLockedByStratification,
  type RandomizationConfigInput,
  RandomizationConfigSchema,
  randomizationLocks,
  stratificationQuestionIds,
  validateRandomizationConfig,
} from './config';

const config = (over: RandomizationConfigInput = {}) =>
  RandomizationConfigSchema.parse({
    randomization: true,
    targetInclusion: '100',
    stratifyBySite: true,
    trialGroups: [
      { id: 'A', title: { en: 'Active' }, ratio: 2 },
      { id: 'B', title: { en: 'Placebo' } },
    ],
    questionStratifications: [{ dataEvent: 'e1', form: 'f1', question: 'q1' }],
    ...over,
  });
const codes = (c: ReturnType<typeof config>, ctx = {}) =>
  validateRandomizationConfig(c, ctx).map((i) => `${i.path.join('.')}:${i.message}`);

describe('spec 001 §3 randomization fields with ratios and method settings', () => {
  it('parses with defaults: permuted blocks of 1 or 2 times the ratio sum, ratio 1, minimization p 0.8', () => {
    const c = config();
    expect(c.method).toBe('PERMUTED_BLOCKS');
    expect(c.blocks.blockMultipliers).toEqual([1, 2]);
    expect(c.trialGroups.map((g) => g.ratio)).toEqual([2, 1]);
    expect(c.minimization).toEqual({
      imbalance: 'RANGE',
      probability: 0.8,
      siteWeight: 1,
      maxImbalance: null,
    });
    expect(RandomizationConfigSchema.safeParse({ trialGroups: [{ id: 'A', ratio: 0 }] }).success).toBe(false);
    expect(RandomizationConfigSchema.safeParse({ minimization: { probability: 0.3 } }).success).toBe(false);
  });
});

describe('spec 001 §5 randomization authoring rules', () => {
  it('accepts a complete configuration and ignores a disabled one', () => {
    expect(codes(config())).toEqual([]);
    expect(codes(config({ randomization: false, trialGroups: [] }))).toEqual([]);
  });

  it('target inclusion: required, digits only, at least the number of groups', () => {
    expect(codes(config({ targetInclusion: '' }))).toEqual(['targetInclusion:REQUIRED']);
    expect(codes(config({ targetInclusion: null }))).toEqual(['targetInclusion:REQUIRED']);
    expect(codes(config({ targetInclusion: '1e2' }))).toEqual(['targetInclusion:PATTERN']);
    expect(codes(config({ targetInclusion: '-5' }))).toEqual(['targetInclusion:PATTERN']);
    expect(validateRandomizationConfig(config({ targetInclusion: '1' }))).toEqual([
      { path: ['targetInclusion'], message: 'MIN_TARGET_INCLUSION', params: { min: 2 } },
    ]);
    expect(codes(config({ targetInclusion: '2' }))).toEqual([]);
  });

  it('at least two groups, each titled, distinct ids', () => {
    expect(codes(config({ trialGroups: [{ id: 'A', title: { en: 'A' } }], targetInclusion: '5' }))).toEqual([
      'trialGroups:TOO_FEW',
    ]);
    expect(
      codes(
        config({
          trialGroups: [
            { id: 'A', title: { en: 'A' } },
            { id: 'A', title: { de: ' ' } },
          ],
        }),
      ),
    ).toEqual(['trialGroups.1.title:REQUIRED', 'trialGroups.1.id:DUPLICATE']);
    expect([0, 1, 2, 3].map(canRemoveRandomizationGroup)).toEqual([false, false, true, true]);
  });

  it('site choice required; each stratification needs an event before randomization and a question used once; at most the maximum', () => {
    expect(codes(config({ stratifyBySite: null }))).toEqual(['stratifyBySite:REQUIRED']);
    const list = [
      { dataEvent: 'e1', form: 'f1', question: 'q1' },
      { dataEvent: 'e1', form: 'f1', question: 'q1' },
      { dataEvent: null, question: null },
      { dataEvent: 'e9', question: 'q3' },
      { dataEvent: 'e3', question: 'q4' },
    ];
    expect(
      codes(config({ questionStratifications: list }), {
        maxStratifications: 4,
        dataEventIds: ['e1', 'e2', 'e3'],
        randomizationEventId: 'e2',
      }),
    ).toEqual([
      'questionStratifications:TOO_MANY',
      'questionStratifications.1.question:DUPLICATE',
      'questionStratifications.2.dataEvent:REQUIRED',
      'questionStratifications.2.question:REQUIRED',
      'questionStratifications.3.dataEvent:UNKNOWN_REFERENCE',
      'questionStratifications.4.dataEvent:NOT_ALLOWED',
    ]);
    // default maximum is MAX_STRATIFICATIONS (5)
    const six = Array.from({ length: 6 }, (_, i) => ({ dataEvent: 'e1', question: `q${i}` }));
    expect(codes(config({ questionStratifications: six }))).toEqual(['questionStratifications:TOO_MANY']);
  });

  it('minimization needs a factor; block multipliers are distinct', () => {
    expect(
      codes(config({ method: 'MINIMIZATION', stratifyBySite: false, questionStratifications: [] })),
    ).toEqual(['questionStratifications:TOO_FEW']);
    expect(codes(config({ blocks: { blockMultipliers: [2, 2] } }))).toEqual([
      'blocks.blockMultipliers:DUPLICATE',
    ]);
  });
});

describe('spec 001 §4 randomization locks', () => {
  it('an uploaded list locks the whole configuration', () => {
    const locks = randomizationLocks(
      config({ didUploadCustomRandomizationList: true }),
      'STUDY_STATUS_BUILD',
    );
    expect(locks.isConfigurationLocked).toBe(true);
    expect(locks.canAddOrRemoveGroups).toBe(false);
    expect(locks.lockedFields).toContain('randomization');
    expect(locks.lockedFields).toContain('trialGroups');
  });

  it('groups are fixed in amendment and production when randomization exists, free in build', () => {
    expect(randomizationLocks(config(), 'STUDY_STATUS_BUILD').canAddOrRemoveGroups).toBe(true);
    expect(randomizationLocks(config(), 'PRODUCTION').canAddOrRemoveGroups).toBe(false);
    expect(randomizationLocks(config(), 'AMENDMENT').canAddOrRemoveGroups).toBe(false);
    expect(randomizationLocks(config({ randomization: false }), 'PRODUCTION').canAddOrRemoveGroups).toBe(
      true,
    );
    expect(randomizationLocks(config(), 'PRODUCTION').lockedFields).toEqual([]);
  });

  it('once subjects are allocated the method, groups and stratification are fixed', () => {
    const locks = randomizationLocks(config({ hasRandomizationOnProcess: true }), 'AMENDMENT');
    expect(locks.lockedFields).toEqual(
      expect.arrayContaining([
        'method',
        'trialGroups',
        'stratifyBySite',
        'questionStratifications',
        'blocks',
        'minimization',
      ]),
    );
    expect(locks.lockedFields).not.toContain('targetInclusion');
  });

  it('stratification questions are usedByStratification and lock their form type', () => {
    expect(stratificationQuestionIds(config())).toEqual(['q1']);
    expect(stratificationQuestionIds(config({ randomization: false }))).toEqual([]);
    expect(isFormTypeLockedByStratification('f1', config())).toBe(true);
    expect(isFormTypeLockedByStratification('f2', config())).toBe(false);
  });
});
