/**
 * Content checks of uploads (spec 000 §7 files, 002 §5 upload; issue 8 item 5 "uploads are checked by
 * content type, not name alone"): the type comes from the first bytes, never from the name.
 */

export const SNIFFED_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const;
export type SniffedType = (typeof SNIFFED_TYPES)[number];

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0): boolean =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** Spec 000 §7: the accepted type of a file by its magic bytes (PDF, PNG, JPEG, GIF, WEBP), else null. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** Spec 002 §5 "image upload accepts images only". */
export function isImageType(type: SniffedType): boolean {
  return type.startsWith('image/');
}
