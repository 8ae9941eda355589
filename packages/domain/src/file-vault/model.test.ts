import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { isVaultDocumentVisible, validateVaultUpload } from './model';

describe('file vault rules', () => {
  it('accepts a PDF and refuses dots in the base name and unknown types', () => {
    expect(validateVaultUpload({ fileName: 'protocol.pdf', size: 10 })).toEqual([]);
    const dots = validateVaultUpload({ fileName: 'protocol.v2.pdf', size: 10 });
    expect(dots.map((i) => i.message)).toContain(ANSWER_MESSAGES.INVALID_FILENAME_DOTS);
    expect(validateVaultUpload({ fileName: 'run.exe', size: 10 })).toHaveLength(1);
  });

  it('shows a document only to listed sites and roles', () => {
    const vis = { siteIds: ['s1'], roleIds: ['investigator'] };
    expect(isVaultDocumentVisible(vis, { siteIds: ['s1'], roleId: 'investigator' })).toBe(true);
    expect(isVaultDocumentVisible(vis, { siteIds: ['s2'], roleId: 'investigator' })).toBe(false);
    expect(isVaultDocumentVisible(vis, { siteIds: ['s1'], roleId: 'monitor' })).toBe(false);
    expect(isVaultDocumentVisible({ siteIds: null, roleIds: null }, { siteIds: ['s2'], roleId: 'x' })).toBe(
      true,
    );
  });
});
