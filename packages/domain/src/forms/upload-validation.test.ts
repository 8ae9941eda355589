import { describe, expect, it } from 'vitest';
import { ANSWER_MESSAGES } from './answer-messages';
import { hasDotsInBaseName, validateUpload } from './upload-validation';

describe('Spec 001 §5 uploads (DESIGN.md exact limits)', () => {
  it('passes 1,024,000 bytes and fails 1,024,001 bytes', () => {
    expect(validateUpload({ fileName: 'scan.pdf', size: 1_024_000 }, 'ANSWER_FILE')).toEqual([]);
    expect(validateUpload({ fileName: 'scan.pdf', size: 1_024_001 }, 'ANSWER_FILE')).toEqual([
      { path: ['size'], message: ANSWER_MESSAGES.FILE_TOO_LARGE, params: { max: 1_024_000 } },
    ]);
  });

  it('allows consent PDFs up to 10,240,000 bytes, PDF only', () => {
    expect(validateUpload({ fileName: 'consent.pdf', size: 10_240_000 }, 'CONSENT_PDF')).toEqual([]);
    expect(validateUpload({ fileName: 'consent.PDF', size: 1 }, 'CONSENT_PDF')).toEqual([]);
    expect(validateUpload({ fileName: 'consent.pdf', size: 10_240_001 }, 'CONSENT_PDF')[0]?.params).toEqual({
      max: 10_240_000,
    });
    expect(validateUpload({ fileName: 'consent.docx', size: 1 }, 'CONSENT_PDF')[0]?.message).toBe(
      'INVALID_PDF',
    );
  });

  it('fails with INVALID_FILENAME_DOTS when the base name contains a dot', () => {
    expect(hasDotsInBaseName('scan.pdf')).toBe(false);
    expect(hasDotsInBaseName('scan')).toBe(false);
    expect(hasDotsInBaseName('scan.v2.pdf')).toBe(true);
    expect(validateUpload({ fileName: 'scan.v2.pdf', size: 10 }, 'ANSWER_FILE')).toEqual([
      { path: ['fileName'], message: 'INVALID_FILENAME_DOTS' },
    ]);
  });

  it('accepts images only for image answers', () => {
    expect(validateUpload({ fileName: 'photo.jpg', size: 10 }, 'ANSWER_IMAGE')).toEqual([]);
    expect(validateUpload({ fileName: 'photo', size: 10, mimeType: 'image/png' }, 'ANSWER_IMAGE')).toEqual(
      [],
    );
    expect(validateUpload({ fileName: 'notes.txt', size: 10 }, 'ANSWER_IMAGE')[0]?.message).toBe(
      ANSWER_MESSAGES.IMAGE_ONLY,
    );
  });

  it('rejects an empty base name', () => {
    expect(validateUpload({ fileName: '', size: 1 }, 'ANSWER_FILE')[0]?.message).toBe(ANSWER_MESSAGES.VALID);
  });
});
