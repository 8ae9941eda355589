import { describe, expect, it } from 'vitest';
import { isUnscheduledToken, tokenPagePath } from './token-links';

const ref = { studyId: 's1', enrollmentId: 'e1', tokenId: 't1', dataEventId: 'd1' };

describe('token page links (spec 001 §2 fill and review routes)', () => {
  it('builds the fill and review routes of a scheduled token', () => {
    expect(tokenPagePath('fill', { ...ref, type: 'HP' })).toBe('/study/s1/patient/visit/e1/t1/d1');
    expect(tokenPagePath('review', ref)).toBe('/study/s1/patient/review/e1/d1/t1');
  });

  it('marks unscheduled tokens so their pages use the /unscheduled calls, keeping other parameters', () => {
    expect(tokenPagePath('fill', { ...ref, type: 'UNEXPECTED' })).toBe(
      '/study/s1/patient/visit/e1/t1/d1?unscheduled=1',
    );
    expect(tokenPagePath('review', { ...ref, type: 'DISCONTINUED' }, { questionnaireTemplateId: 'f1' })).toBe(
      '/study/s1/patient/review/e1/d1/t1?questionnaireTemplateId=f1&unscheduled=1',
    );
  });

  it('knows the three unscheduled token types', () => {
    expect(['UNEXPECTED', 'DISCONTINUED', 'EXTERNAL'].every((t) => isUnscheduledToken(t as 'EXTERNAL'))).toBe(
      true,
    );
    expect(isUnscheduledToken('PATIENT')).toBe(false);
    expect(isUnscheduledToken(undefined)).toBe(false);
  });
});
