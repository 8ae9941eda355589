import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from '../forms/answer-messages';
import { vaultContentMatches } from './content';
import {
  canManageVaultDocument,
  isVaultDocumentVisible,
  VAULT_MAX_BYTES,
  validateVaultUpload,
} from './model';

const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('file vault upload rules (issue 28 item 3, DESIGN.md upload limits)', () => {
  it('accepts a PDF and refuses dots in the base name and unknown types', () => {
    expect(validateVaultUpload({ fileName: 'protocol.pdf', size: 10 })).toEqual([]);
    const dots = validateVaultUpload({ fileName: 'protocol.v2.pdf', size: 10 });
    expect(dots.map((i) => i.message)).toContain(ANSWER_MESSAGES.INVALID_FILENAME_DOTS);
    expect(validateVaultUpload({ fileName: 'run.exe', size: 10 })).toHaveLength(1);
  });

  it('takes up to the consent-document limit, exactly', () => {
    expect(validateVaultUpload({ fileName: 'ib.pdf', size: VAULT_MAX_BYTES })).toEqual([]);
    const big = validateVaultUpload({ fileName: 'ib.pdf', size: VAULT_MAX_BYTES + 1 });
    expect(big.map((i) => i.message)).toEqual([ANSWER_MESSAGES.FILE_TOO_LARGE]);
    expect(validateVaultUpload({ fileName: 'ib.pdf', size: 0 })).toHaveLength(1);
  });

  it('decides the type by content, which must agree with the extension', () => {
    expect(vaultContentMatches('pdf', ascii('%PDF-1.7 ...'), null)).toBe(true);
    expect(vaultContentMatches('pdf', ascii('MZ not a pdf'), null)).toBe(false);
    expect(vaultContentMatches('png', ascii('%PDF-1.7'), null)).toBe(false);
    const pk = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]);
    const docx = { entries: ['[Content_Types].xml', 'word/document.xml'], mimetype: null };
    expect(vaultContentMatches('docx', pk, docx)).toBe(true);
    expect(vaultContentMatches('xlsx', pk, docx)).toBe(false);
    expect(vaultContentMatches('docx', pk, { entries: ['a.txt'], mimetype: null })).toBe(false);
    const odt = { entries: ['mimetype'], mimetype: 'application/vnd.oasis.opendocument.text' };
    expect(vaultContentMatches('odt', pk, odt)).toBe(true);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);
    expect(vaultContentMatches('doc', ole, null)).toBe(true);
    expect(vaultContentMatches('doc', pk, null)).toBe(false);
  });
});

describe('file vault visibility (issue 28 item 3: per site and role)', () => {
  it('shows a document only to listed sites and roles', () => {
    const vis = { siteIds: ['s1'], roles: ['INVESTIGATOR' as const] };
    expect(isVaultDocumentVisible(vis, { siteIds: ['s1'], roles: ['INVESTIGATOR'] })).toBe(true);
    expect(isVaultDocumentVisible(vis, { siteIds: ['s2'], roles: ['INVESTIGATOR'] })).toBe(false);
    expect(isVaultDocumentVisible(vis, { siteIds: ['s1'], roles: ['MONITOR'] })).toBe(false);
    expect(isVaultDocumentVisible(vis, { siteIds: null, roles: ['INVESTIGATOR'] })).toBe(true);
    expect(isVaultDocumentVisible(vis, { siteIds: null, roles: null })).toBe(true);
    const all = { siteIds: null, roles: null };
    expect(isVaultDocumentVisible(all, { siteIds: ['s2'], roles: ['OTHER'] })).toBe(true);
  });

  it('lets an uploader manage documents of their sites only', () => {
    expect(canManageVaultDocument({ siteIds: ['s1'] }, ['s1', 's2'])).toBe(true);
    expect(canManageVaultDocument({ siteIds: ['s1', 's3'] }, ['s1'])).toBe(false);
    expect(canManageVaultDocument({ siteIds: null }, ['s1'])).toBe(false);
    expect(canManageVaultDocument({ siteIds: null }, 'ALL')).toBe(true);
  });
});
