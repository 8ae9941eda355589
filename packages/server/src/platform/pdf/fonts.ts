import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The fonts every server-made PDF embeds (casebooks, blank forms, signed consent pages): Noto Sans
 * for Latin, Greek and Cyrillic, Noto Sans Arabic and Noto Sans Hebrew (SIL OFL, assets/fonts),
 * shipped with the server so no machine needs fonts installed.
 */
export const PDF_FONT_FILES = {
  latin: ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'],
  arabic: ['NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'],
  hebrew: ['NotoSansHebrew-Regular.ttf', 'NotoSansHebrew-Bold.ttf'],
} as const;

/** Finds the fonts: beside the bundle in production (dist/assets), in the package in development. */
function fontsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, 'assets/fonts'), path.resolve(here, '../../../assets/fonts')];
  const found = candidates.find((dir) => existsSync(path.join(dir, PDF_FONT_FILES.latin[0])));
  if (!found) throw new Error(`PDF fonts not found (looked in ${candidates.join(', ')})`);
  return found;
}

const fontBytes = new Map<string, Uint8Array>();

/** The bytes of one font file of PDF_FONT_FILES, read once. */
export function readPdfFont(file: string): Uint8Array {
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(path.join(fontsDir(), file));
    fontBytes.set(file, bytes);
  }
  return bytes;
}
