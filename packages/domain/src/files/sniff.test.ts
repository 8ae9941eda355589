import { describe, expect, it } from 'vitest';
import { isImageType, sniffContentType } from './sniff';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('spec 000 §7: uploads are typed by content, not by name', () => {
  it('recognises PDF, PNG, JPEG, GIF and WEBP by their magic bytes', () => {
    expect(sniffContentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffContentType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffContentType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffContentType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffContentType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses executables, scripts, truncated headers and empty files', () => {
    expect(sniffContentType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffContentType(bytes([0x7f], 'ELF'))).toBeNull();
    expect(sniffContentType(bytes('<svg onload=alert(1)>'))).toBeNull();
    expect(sniffContentType(bytes([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffContentType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });

  it('counts only images as images', () => {
    expect(isImageType('image/webp')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
  });
});
