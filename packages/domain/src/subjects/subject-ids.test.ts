import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSubjectId, nextSubjectIds } from './subject-ids';

const base = { siteNumber: 7, siteSubjectIds: [] as string[], studySubjectIds: [] as string[] };

describe('Spec 000 §3 subject id automation', () => {
  it('manual: nothing is suggested', () => {
    expect(nextSubjectId({ ...base, type: 'manual' })).toBeNull();
    expect(nextSubjectIds({ ...base, type: 'manual' }, 3)).toEqual([]);
  });

  it('siteIdSiteNum: site number and the number at the site', () => {
    expect(nextSubjectId({ ...base, type: 'siteIdSiteNum' })).toBe('07-001');
    const siteSubjectIds = ['07-001', '07-009', 'hand-typed', '08-050'];
    expect(nextSubjectId({ ...base, type: 'siteIdSiteNum', siteSubjectIds })).toBe('07-010');
  });

  it('siteIdStudyNum: site number and the number in the study', () => {
    const studySubjectIds = ['01-0001', '02-0002', '03-0041'];
    expect(nextSubjectId({ ...base, type: 'siteIdStudyNum', studySubjectIds })).toBe('07-0042');
  });

  it('studyNum: the number in the study', () => {
    expect(nextSubjectId({ ...base, type: 'studyNum', studySubjectIds: ['0001', '0007', 'X'] })).toBe('0008');
  });

  it('a batch continues the sequence', () => {
    expect(nextSubjectIds({ ...base, type: 'studyNum', studySubjectIds: ['0002'] }, 3)).toEqual([
      '0003',
      '0004',
      '0005',
    ]);
  });

  it('property: the next id is never one already used', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('siteIdSiteNum' as const, 'siteIdStudyNum' as const, 'studyNum' as const),
        fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 99 }),
        (type, numbers, siteNumber) => {
          const ids = numbers.map((n) =>
            type === 'studyNum' ? String(n).padStart(4, '0') : `${String(siteNumber).padStart(2, '0')}-${n}`,
          );
          const input = { type, siteNumber, siteSubjectIds: ids, studySubjectIds: ids };
          const batch = nextSubjectIds(input, 5);
          expect(new Set(batch).size).toBe(5);
          for (const id of batch) expect(ids).not.toContain(id);
        },
      ),
    );
  });
});
