import { describe, expect, it } from 'vitest';
import { ProcessSchema } from '../processes/model';
import { REDACTED } from '../subjects/model';
import { redactAuditPayload, redactTrialGroup } from './blinding';
import {
  keepRandomizationExtras,
  processFieldsOfConfig,
  randomizationChangeIssues,
  randomizationConfigOf,
  randomizationLocksIn,
} from './process-config';

const process = (extra: Record<string, unknown> = {}) =>
  ProcessSchema.parse({
    id: 'p1',
    randomization: true,
    targetInclusion: '20',
    trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' }, ratio: 2 }],
    stratifyBySite: true,
    ...extra,
  });

describe('issue 22: the configuration in the process document', () => {
  it('reads spec fields with defaults: position ids, ratio 1, default method settings', () => {
    const config = randomizationConfigOf(process());
    expect(config.trialGroups.map((g) => [g.id, g.ratio])).toEqual([
      ['G1', 1],
      ['G2', 2],
    ]);
    expect(config.method).toBe('PERMUTED_BLOCKS');
    expect(config.blocks.blockMultipliers).toEqual([1, 2]);
  });

  it('writes and reads back the same configuration', () => {
    const config = { ...randomizationConfigOf(process()), method: 'MINIMIZATION' as const };
    const stored = process(processFieldsOfConfig(config));
    expect(randomizationConfigOf(stored)).toEqual(config);
  });

  it('spec 001 §4: once allocated, method and ratios are LOCKED; titles stay editable', () => {
    const before = randomizationConfigOf(process({ hasRandomizationOnProcess: true }));
    const locks = randomizationLocksIn(before, 'PRODUCTION');
    const retitled = {
      ...before,
      trialGroups: before.trialGroups.map((g) => ({ ...g, title: { en: `${g.title.en} arm` } })),
    };
    expect(randomizationChangeIssues(before, retitled, locks)).toEqual([]);
    const reratioed = { ...before, trialGroups: before.trialGroups.map((g) => ({ ...g, ratio: 3 })) };
    expect(randomizationChangeIssues(before, reratioed, locks)).toEqual([
      { path: ['trialGroups'], message: 'LOCKED' },
    ]);
    expect(randomizationChangeIssues(before, { ...before, method: 'MINIMIZATION' }, locks)).toEqual([
      { path: ['method'], message: 'LOCKED' },
    ]);
  });

  it('spec 001 §4: a read-only study locks every field', () => {
    const config = randomizationConfigOf(process());
    expect(randomizationLocksIn(config, 'COMPLETED').isConfigurationLocked).toBe(true);
    expect(randomizationLocksIn(config, 'STUDY_STATUS_BUILD').isConfigurationLocked).toBe(false);
  });

  it('an editor save keeps the settings and the ids and ratios it left out', () => {
    const before = process({
      trialGroups: [
        { id: 'a', title: { en: 'A' }, ratio: 2 },
        { id: 'b', title: { en: 'B' }, ratio: 1 },
      ],
      randomizationSettings: { method: 'MINIMIZATION' },
    });
    const after = process({ trialGroups: [{ title: { en: 'A2' } }, { title: { en: 'B' } }] });
    const kept = keepRandomizationExtras(before, after);
    expect(kept.trialGroups).toEqual([
      { id: 'a', title: { en: 'A2' }, ratio: 2 },
      { id: 'b', title: { en: 'B' }, ratio: 1 },
    ]);
    expect(kept.randomizationSettings).toEqual({ method: 'MINIMIZATION' });
  });
});

describe('issue 22: blinding', () => {
  const payload = {
    randomId: 'R0001',
    trialGroup: { id: 'a' },
    nested: [{ trialGroup: 'A', firstName: 'Ann' }],
  };

  it('redacts every trialGroup key without the view, nothing with it', () => {
    expect(redactTrialGroup(payload, true)).toBe(payload);
    expect(redactTrialGroup(payload, false)).toEqual({
      randomId: 'R0001',
      trialGroup: REDACTED,
      nested: [{ trialGroup: REDACTED, firstName: 'Ann' }],
    });
  });

  it('redacts audit payloads by the export scope: groups and identity fields not granted', () => {
    expect(redactAuditPayload(payload, { canViewTrialGroup: false, visibleSubjectFields: [] })).toEqual({
      randomId: 'R0001',
      trialGroup: REDACTED,
      nested: [{ trialGroup: REDACTED, firstName: REDACTED }],
    });
    expect(
      redactAuditPayload(payload, { canViewTrialGroup: true, visibleSubjectFields: ['firstName'] }),
    ).toEqual(payload);
  });
});
