/**
 * Content checks of vault documents (issue 28 item 3, DESIGN.md "type-checked by content"): PDF and
 * images by their magic bytes (files/sniff.ts), office documents by their container: Microsoft
 * OOXML and OpenDocument are ZIP archives (the entries tell which), legacy Office files OLE
 * compound files. The name's extension must agree with the content.
 */
import { sniffContentType } from '../files/sniff';
import type { VaultExtension } from './model';

export const VAULT_CONTENT_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
} as const satisfies Record<VaultExtension, string>;
export type VaultContentType = (typeof VAULT_CONTENT_TYPES)[VaultExtension];

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** A ZIP archive (local file header), whose entries the caller lists for `vaultContentMatches`. */
export function isZipContainer(bytes: Uint8Array): boolean {
  return startsWith(bytes, ZIP);
}

/**
 * Issue 28 item 3: does the content agree with the extension? `zip` holds the archive's entry
 * names and, for OpenDocument, the text of its `mimetype` entry (null when the bytes are no ZIP or
 * it could not be read).
 */
export function vaultContentMatches(
  extension: VaultExtension,
  bytes: Uint8Array,
  zip: { entries: readonly string[]; mimetype: string | null } | null,
): boolean {
  const expected = VAULT_CONTENT_TYPES[extension];
  switch (extension) {
    case 'pdf':
    case 'png':
    case 'jpg':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return sniffContentType(bytes) === expected;
    case 'doc':
    case 'xls':
    case 'ppt':
      return startsWith(bytes, OLE);
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      if (!zip?.entries.includes('[Content_Types].xml')) return false;
      const folder = extension === 'docx' ? 'word/' : extension === 'xlsx' ? 'xl/' : 'ppt/';
      return zip.entries.some((name) => name.startsWith(folder));
    }
    case 'odt':
    case 'ods':
    case 'odp':
      return zip?.mimetype?.trim() === expected;
    default:
      return extension satisfies never;
  }
}
