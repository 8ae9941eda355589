import { describe, expect, it } from 'vitest';
import { buildCheckTargetPath } from './links';

describe('buildCheckTargetPath (issue 23 item 3)', () => {
  it('sends each target to the screen and item to fix', () => {
    const s = 'a'.repeat(24);
    expect(buildCheckTargetPath(s, { screen: 'FORM', formId: 'f1', questionId: 'q 2' })).toBe(
      `/study/${s}/questionnaireTemplate/f1/edit?qId=q%202`,
    );
    expect(buildCheckTargetPath(s, { screen: 'FORM', formId: 'f1', questionId: null })).toBe(
      `/study/${s}/questionnaireTemplate/f1/edit`,
    );
    expect(buildCheckTargetPath(s, { screen: 'PROCESS', processId: 'p1', dataEventId: 'e1' })).toBe(
      `/study/${s}/pathway/p1/edit?dataEvent=e1`,
    );
    expect(buildCheckTargetPath(s, { screen: 'VALIDATION_RULE', ruleId: 'r1' })).toBe(
      `/study/${s}/validationRule/r1/edit`,
    );
    expect(buildCheckTargetPath(s, { screen: 'SHOW_RULE', ruleId: 'r2' })).toBe(
      `/study/${s}/showRule/r2/edit`,
    );
    expect(buildCheckTargetPath(s, { screen: 'TRANSLATIONS', area: 'forms', language: 'da' })).toBe(
      `/study/${s}/translate/forms?language=da`,
    );
    expect(buildCheckTargetPath(s, { screen: 'SETTINGS', section: 'PARTICIPANT_SETTINGS' })).toBe(
      `/study/${s}/overview`,
    );
  });
});
