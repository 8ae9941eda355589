/**
 * Text on the consent signature pages in any of the study languages (issue 24 item 4): each line is
 * cut into runs of one direction and one script (domain bidiRuns, as the casebooks print), each run
 * drawn with its Noto font (platform/pdf/fonts: Latin, Arabic, Hebrew), right-aligned on a
 * right-to-left page. A character no embedded font has prints as '?', so a name never breaks the page.
 */
import fontkit from '@pdf-lib/fontkit';
import { bidiRuns, hasRtlText, type TextRun, type TextScript } from '@trialbase/domain';
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';
import { PDF_FONT_FILES, readPdfFont } from '../../../platform/pdf/fonts';

export type PageFonts = Record<TextScript, PDFFont>;

/** The regular Noto font of each script, embedded (subset) in the document. */
export async function embedPageFonts(doc: PDFDocument): Promise<PageFonts> {
  doc.registerFontkit(fontkit);
  const fonts = {} as PageFonts;
  for (const script of Object.keys(PDF_FONT_FILES) as TextScript[]) {
    fonts[script] = await doc.embedFont(readPdfFont(PDF_FONT_FILES[script][0]), { subset: true });
  }
  return fonts;
}

type FontkitFont = { hasGlyphForCodePoint(codePoint: number): boolean };

/** Whether the embedded font has a glyph for the character (pdf-lib would draw .notdef, a box, otherwise). */
function canDraw(font: PDFFont, char: string): boolean {
  const fontkitFont = (font as unknown as { embedder: { font: FontkitFont } }).embedder.font;
  return fontkitFont.hasGlyphForCodePoint(char.codePointAt(0) ?? 0);
}

let checkers: FontkitFont[] | null = null;

/**
 * Whether every character of the text has a glyph in one of the embedded fonts: a translated label
 * in a script they lack (Japanese, Thai…) prints in English instead of as '?'.
 */
export function isPrintable(text: string): boolean {
  checkers ??= Object.values(PDF_FONT_FILES).map(
    ([regular]) => fontkit.create(Buffer.from(readPdfFont(regular))) as unknown as FontkitFont,
  );
  const fonts = checkers;
  return [...text].every(
    (c) => /\s/.test(c) || fonts.some((f) => f.hasGlyphForCodePoint(c.codePointAt(0) ?? 0)),
  );
}

/** A writer of wrapped, direction-aware lines on one page. */
export class PageText {
  constructor(
    private readonly fonts: PageFonts,
    private readonly rtl: boolean,
  ) {}

  private runs(text: string): TextRun[] {
    // A line of a right-to-left page without right-to-left letters (a hash) reads left to right.
    const runs = bidiRuns(text, this.rtl && hasRtlText(text));
    return runs.map((run) => {
      const font = this.fonts[run.script];
      // A neutral the script's font lacks (the Arabic font has no '@') is drawn with the Latin font.
      const script: TextScript = [...run.text].every((c) => canDraw(font, c)) ? run.script : 'latin';
      const latin = this.fonts.latin;
      const text =
        script === run.script
          ? run.text
          : [...run.text].map((c) => (canDraw(latin, c) || /\s/.test(c) ? c : '?')).join('');
      return { ...run, script, text };
    });
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce(
      (sum, run) => sum + this.fonts[run.script].widthOfTextAtSize(run.text, size),
      0,
    );
  }

  /** Breaks a paragraph into lines that fit the width (at spaces; a longer word, a hash, is cut). */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter((w) => w !== '')) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (this.width(line, size) > width && [...line].length > 1) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && this.width(chars.slice(0, cut).join(''), size) > width) cut--;
        lines.push(chars.slice(0, cut).join(''));
        line = chars.slice(cut).join('');
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Draws one line at `y`, from `left` (or ending at `left + width` on a right-to-left page). */
  drawLine(
    page: PDFPage,
    text: string,
    at: { left: number; width: number; y: number; size: number; color: RGB },
  ) {
    const lineWidth = this.width(text, at.size);
    let x = this.rtl ? at.left + at.width - lineWidth : at.left;
    for (const run of this.runs(text)) {
      const font = this.fonts[run.script];
      page.drawText(run.text, { x, y: at.y, size: at.size, font, color: at.color });
      x += font.widthOfTextAtSize(run.text, at.size);
    }
  }
}
