import { describe, expect, it } from 'vitest';
import { checkTransitionTable } from '../common/state-machine-test-kit';
import { TOKEN_STATUSES } from '../tokens/model';
import { ECONSENT_FILE_MAX_BYTES, EConsentFileSchema, econsentView, isEConsentSigned } from './model';
import { ECONSENT_ACTIONS, econsentStateMachine } from './state-machine';

describe('Spec 002 §4 e-consent token completion', () => {
  checkTransitionTable(econsentStateMachine, {
    states: TOKEN_STATUSES,
    actions: ECONSENT_ACTIONS,
    allowed: [
      ['UNUSED', 'openSigning', 'IN_USE'],
      ['UNUSED', 'markSigned', 'COMPLETED'],
      ['IN_USE', 'openSigning', 'IN_USE'],
      ['IN_USE', 'markSigned', 'COMPLETED'],
    ],
  });

  it('COMPLETED means signed', () => {
    for (const s of TOKEN_STATUSES) expect(isEConsentSigned(s)).toBe(s === 'COMPLETED');
  });

  it('shows the signed file when completed, the signing frame with file and flow key, else nothing', () => {
    expect(econsentView({ status: 'COMPLETED', hasConsentFileForLanguage: false, flowKey: null })).toBe(
      'SIGNED_DOWNLOAD',
    );
    expect(econsentView({ status: 'UNUSED', hasConsentFileForLanguage: true, flowKey: 'k' })).toBe(
      'SIGNING_FRAME',
    );
    expect(econsentView({ status: 'UNUSED', hasConsentFileForLanguage: true, flowKey: null })).toBe(
      'UNAVAILABLE',
    );
    expect(econsentView({ status: 'IN_USE', hasConsentFileForLanguage: false, flowKey: 'k' })).toBe(
      'UNAVAILABLE',
    );
  });
});

describe('Spec 000 §9 consent PDF limit', () => {
  const file = {
    id: 'a'.repeat(24),
    studyId: 'b'.repeat(24),
    dataEventId: null,
    language: 'da',
    fileName: 'consent.pdf',
    contentType: 'application/pdf',
    size: ECONSENT_FILE_MAX_BYTES,
    uploadedBy: 'c'.repeat(24),
    uploadedTime: '2024-01-01T00:00:00Z',
  };
  it('accepts exactly 10,240,000 bytes and refuses one more', () => {
    expect(EConsentFileSchema.safeParse(file).success).toBe(true);
    expect(EConsentFileSchema.safeParse({ ...file, size: 10_240_001 }).success).toBe(false);
  });
  it('accepts only PDFs', () => {
    expect(EConsentFileSchema.safeParse({ ...file, fileName: 'consent.docx' }).success).toBe(false);
    expect(EConsentFileSchema.safeParse({ ...file, contentType: 'image/png' }).success).toBe(false);
  });
});
