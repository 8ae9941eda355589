import { describe, expect, it } from 'vitest';
import { balanceReport } from './balance';
import { RandomizationConfigSchema } from './config';
import { parseStratumKey, stratumKey, subjectFactorLevels, subjectStratum, UNSTRATIFIED_KEY } from './strata';

describe('issue 22 item 5: balance per stratum and overall', () => {
  it('stratum keys name the subject levels and read back', () => {
    const factors = [
      { id: 'site', weight: 1 },
      { id: 'q=1', weight: 1 },
    ];
    const levels = subjectFactorLevels(factors, { siteId: 'S1', answers: { 'q=1': 2 } });
    expect(levels).toEqual(['S1', '2']);
    const key = stratumKey(factors, levels);
    expect(key).toBe('site=S1;q%3D1=2');
    expect(parseStratumKey(key)).toEqual([
      { factor: 'site', level: 'S1' },
      { factor: 'q=1', level: '2' },
    ]);
    expect(stratumKey([], [])).toBe(UNSTRATIFIED_KEY);
    expect(subjectFactorLevels(factors, {})).toEqual(['', '']);
    const config = RandomizationConfigSchema.parse({
      stratifyBySite: true,
      questionStratifications: [
        { dataEvent: 'e1', question: 'q7' },
        { dataEvent: 'e1', question: null },
      ],
    });
    expect(subjectStratum(config, { siteId: 'S2', answers: { q7: 'yes' } })).toEqual({
      levels: ['S2', 'yes'],
      stratum: 'site=S2;q7=yes',
    });
    expect(
      subjectStratum(RandomizationConfigSchema.parse({ stratifyBySite: false }), { siteId: 'S2' }),
    ).toEqual({
      levels: [],
      stratum: UNSTRATIFIED_KEY,
    });
  });

  it('counts, expected counts by ratio, shares and imbalance overall, per stratum and per factor level', () => {
    const groups = [
      { id: 'A', ratio: 2 },
      { id: 'B', ratio: 1 },
    ];
    const factors = [
      { id: 'site', weight: 1 },
      { id: 'sex', weight: 1 },
    ];
    const a = (groupId: string, site: string, sex: string) => ({
      groupId,
      levels: [site, sex],
      stratum: stratumKey(factors, [site, sex]),
    });
    const report = balanceReport(groups, factors, [
      a('A', 'S1', 'f'),
      a('A', 'S1', 'f'),
      a('B', 'S1', 'm'),
      a('B', 'S2', 'f'),
    ]);
    expect(report.overall).toEqual({
      total: 4,
      groups: [
        { groupId: 'A', count: 2, expected: 8 / 3, share: 0.5 },
        { groupId: 'B', count: 2, expected: 4 / 3, share: 0.5 },
      ],
      imbalance: 1, // scaled counts 2/2 = 1 and 2/1 = 2
    });
    expect(report.strata.map((s) => [s.stratum, s.groups.map((g) => g.count)])).toEqual([
      ['site=S1;sex=f', [2, 0]],
      ['site=S1;sex=m', [0, 1]],
      ['site=S2;sex=f', [0, 1]],
    ]);
    expect(
      report.marginals.map((m) => [m.factor, m.level, m.groups.map((g) => g.count), m.imbalance]),
    ).toEqual([
      ['sex', 'f', [2, 1], 0],
      ['sex', 'm', [0, 1], 1],
      ['site', 'S1', [2, 1], 0],
      ['site', 'S2', [0, 1], 1],
    ]);
    expect(balanceReport(groups, factors, []).overall).toMatchObject({ total: 0, imbalance: 0 });
  });
});
