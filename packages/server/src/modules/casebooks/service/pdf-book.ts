/**
 * The PDF layout of casebooks and blank forms (issue 27 item 4): A4 pages with a header (study,
 * subject, site, generated-at) and "page i of n" on each, a table of contents with page numbers,
 * headings and text in the sizes of spec 000 §9, right-to-left lines (domain bidiRuns) and the
 * scripts of the study's languages through embedded Noto fonts (assets/fonts, SIL OFL).
 */
import fontkit from '@pdf-lib/fontkit';
import {
  bidiRuns,
  hasRtlText,
  CASEBOOK_PDF_SIZES as SIZES,
  type TextRun,
  type TextScript,
  tocPageCount,
} from '@trialbase/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { PDF_FONT_FILES, readPdfFont } from '../../../platform/pdf/fonts';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const HEADER_TOP = 28;
const BODY_TOP = PAGE[1] - 86;
const BODY_BOTTOM = 56;
const WIDTH = PAGE[0] - 2 * MARGIN;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.6, 0.6, 0.6);
const BLACK = rgb(0, 0, 0);

const FONT_FILES = PDF_FONT_FILES satisfies Record<TextScript, readonly [string, string]>;

/** Characters the embedded fonts lack (history summaries use arrows), as plain text. */
const SUBSTITUTES: Record<string, string> = { '→': '->', '←': '<-', '⇒': '=>' };

type Fonts = Record<TextScript, { regular: PDFFont; bold: PDFFont }>;
type Style = { size: number; bold?: boolean; color?: ReturnType<typeof rgb> };
type TocEntry = { title: string; level: 1 | 2; contentPage: number };

/** What the header of every page says, and the texts of the contents page and page numbers. */
export type BookFrame = {
  /** False for a one-section book (a blank form): the title goes on the first page, no contents. */
  contents?: boolean;
  title: string;
  subtitle: string;
  headerLines: string[];
  contentsTitle: string;
  pageLabel: (page: number, total: number) => string;
};

export class PdfBook {
  private page: PDFPage;
  private y = BODY_TOP;
  private readonly toc: TocEntry[] = [];
  private readonly contentPages: PDFPage[] = [];

  private constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly rtl: boolean,
  ) {
    this.page = this.newPage();
  }

  /** A new book; `rtl` when the language is written right to left. */
  static async create(options: { rtl: boolean; title: string }): Promise<PdfBook> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setTitle(options.title);
    doc.setProducer('Trialbase');
    doc.setCreator('Trialbase');
    const fonts = {} as Fonts;
    for (const script of Object.keys(FONT_FILES) as TextScript[]) {
      const [regular, bold] = FONT_FILES[script];
      fonts[script] = {
        regular: await doc.embedFont(readPdfFont(regular), { subset: true }),
        bold: await doc.embedFont(readPdfFont(bold), { subset: true }),
      };
    }
    return new PdfBook(doc, fonts, options.rtl);
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage(PAGE);
    this.contentPages.push(page);
    this.y = BODY_TOP;
    return page;
  }

  private ensure(height: number): void {
    if (this.y - height < BODY_BOTTOM) this.page = this.newPage();
  }

  private fontOf(run: TextRun, bold: boolean): PDFFont {
    const pair = this.fonts[run.script];
    return bold ? pair.bold : pair.regular;
  }

  /**
   * A line of a right-to-left book without right-to-left letters reads left to right (still aligned
   * right). Characters none of the fonts has are written as their nearest plain text.
   */
  private runsOf(text: string) {
    const plainText = text.replace(/[→←⇒]/g, (c) => SUBSTITUTES[c] ?? c);
    return bidiRuns(plainText, this.rtl && hasRtlText(plainText));
  }

  private measure(text: string, style: Style): number {
    let width = 0;
    for (const run of this.runsOf(text)) {
      width += this.fontOf(run, style.bold ?? false).widthOfTextAtSize(run.text, style.size);
    }
    return width;
  }

  /** Draws one line; `x` is where it starts on the reading side (from the right edge when RTL). */
  private drawLine(
    page: PDFPage,
    text: string,
    y: number,
    style: Style,
    options: { indent?: number; x?: number } = {},
  ) {
    const indent = options.indent ?? 0;
    const width = this.measure(text, style);
    let x = options.x ?? (this.rtl ? PAGE[0] - MARGIN - indent - width : MARGIN + indent);
    for (const run of this.runsOf(text)) {
      const font = this.fontOf(run, style.bold ?? false);
      page.drawText(run.text, { x, y, size: style.size, font, color: style.color ?? BLACK });
      x += font.widthOfTextAtSize(run.text, style.size);
    }
  }

  /** Splits a text into lines that fit `width` (at spaces; a longer word is cut). */
  private wrap(text: string, style: Style, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      const words = paragraph.split(/\s+/).filter((w) => w !== '');
      let line = '';
      for (const word of words) {
        const candidate = line === '' ? word : `${line} ${word}`;
        if (this.measure(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line !== '') lines.push(line);
        line = word;
        while (this.measure(line, style) > width && [...line].length > 1) {
          const chars = [...line];
          let cut = chars.length - 1;
          while (cut > 1 && this.measure(chars.slice(0, cut).join(''), style) > width) cut--;
          lines.push(chars.slice(0, cut).join(''));
          line = chars.slice(cut).join('');
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** A section heading (level 1: subtitle size with a rule; level 2: bold text), listed in the contents. */
  heading(text: string, level: 1 | 2): void {
    const style: Style =
      level === 1 ? { size: SIZES.subtitle, bold: true } : { size: SIZES.text, bold: true };
    const lines = this.wrap(text, style, WIDTH);
    // A section starts on the page it fits on with a few lines of its own (empty ones stay short).
    this.ensure(style.size * 1.4 * lines.length + SIZES.text * (level === 1 ? 8 : 3));
    if (this.y < BODY_TOP) this.y -= level === 1 ? 18 : 6;
    this.toc.push({ title: text, level, contentPage: this.contentPages.length - 1 });
    for (const line of lines) {
      this.y -= style.size * 1.35;
      this.drawLine(this.page, line, this.y, style);
    }
    this.y -= level === 1 ? 10 : 4;
    if (level === 1) {
      this.page.drawLine({
        start: { x: MARGIN, y: this.y + 5 },
        end: { x: PAGE[0] - MARGIN, y: this.y + 5 },
        thickness: 0.5,
        color: LINE,
      });
    }
  }

  /** Running text, wrapped (text size unless told), indented from the reading side. */
  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean; indent?: number } = {}): void {
    const style: Style = {
      size: options.size ?? SIZES.text,
      bold: options.bold ?? false,
      ...(options.grey ? { color: GREY } : {}),
    };
    const indent = options.indent ?? 0;
    for (const line of this.wrap(text, style, WIDTH - indent)) {
      this.ensure(style.size * 1.35);
      this.y -= style.size * 1.35;
      this.drawLine(this.page, line, this.y, style, { indent });
    }
  }

  /** Label and value pairs: the label in small grey, the value in text size below it. */
  fields(rows: readonly (readonly [string, string])[], options: { indent?: number } = {}): void {
    for (const [label, value] of rows) {
      this.ensure(SIZES.small * 1.3 + SIZES.text * 1.35);
      this.text(label, { size: SIZES.small, grey: true, indent: options.indent ?? 0 });
      this.text(value === '' ? '—' : value, { indent: options.indent ?? 0 });
      this.y -= 3;
    }
  }

  /** Vertical space. */
  space(points = 8): void {
    this.y -= points;
  }

  /** A choice with an empty box to tick (blank forms). */
  choice(text: string, options: { indent?: number } = {}): void {
    const indent = (options.indent ?? 0) + 18;
    const style: Style = { size: SIZES.text };
    const lines = this.wrap(text, style, WIDTH - indent);
    this.ensure(style.size * 1.4 * Math.min(lines.length, 2));
    const boxX = this.rtl ? PAGE[0] - MARGIN - (options.indent ?? 0) - 11 : MARGIN + (options.indent ?? 0);
    this.page.drawRectangle({
      x: boxX,
      y: this.y - style.size * 1.35 - 1,
      width: 11,
      height: 11,
      borderColor: BLACK,
      borderWidth: 0.8,
    });
    for (const line of lines) {
      this.ensure(style.size * 1.35);
      this.y -= style.size * 1.35;
      this.drawLine(this.page, line, this.y, style, { indent });
    }
    this.y -= 3;
  }

  /** An empty box to write in, `lines` text lines high (blank forms). */
  writeBox(lines: number, options: { indent?: number } = {}): void {
    const height = lines * SIZES.text * 1.6 + 6;
    this.ensure(height + 4);
    const indent = options.indent ?? 0;
    this.y -= height + 5;
    this.page.drawRectangle({
      x: this.rtl ? MARGIN : MARGIN + indent,
      y: this.y,
      width: WIDTH - indent,
      height,
      borderColor: BLACK,
      borderWidth: 0.8,
    });
    this.y -= 6;
  }

  /** Content pages written so far (progress). */
  get pageCount(): number {
    return this.contentPages.length;
  }

  /**
   * Puts the contents pages first (with the title), numbers the pages and draws the header on each;
   * returns the PDF and its page count.
   */
  async finish(frame: BookFrame): Promise<{ bytes: Uint8Array; pageCount: number }> {
    const entryHeight = SIZES.text * 1.5;
    const firstTop = BODY_TOP - SIZES.title * 1.6 - SIZES.subtitle * 1.5 - SIZES.subtitle * 2.2;
    const perFirst = Math.floor((firstTop - BODY_BOTTOM) / entryHeight);
    const perPage = Math.floor((BODY_TOP - BODY_BOTTOM) / entryHeight);
    const tocPages = frame.contents === false ? 0 : tocPageCount(this.toc.length, perFirst, perPage);
    const pages: PDFPage[] = [];
    for (let i = 0; i < tocPages; i++) pages.push(this.doc.insertPage(i, PAGE));
    let y = BODY_TOP;
    let index = 0;
    const first = pages[0];
    if (!first) this.toc.length = 0;
    if (first) {
      y -= SIZES.title * 1.3;
      this.drawLine(first, frame.title, y, { size: SIZES.title, bold: true });
      y -= SIZES.subtitle * 1.5;
      this.drawLine(first, frame.subtitle, y, { size: SIZES.subtitle });
      y -= SIZES.subtitle * 2.2;
      this.drawLine(first, frame.contentsTitle, y, { size: SIZES.subtitle, bold: true });
      y -= 6;
    }
    for (const entry of this.toc) {
      if (y - entryHeight < BODY_BOTTOM) {
        index++;
        y = BODY_TOP;
      }
      const page = pages[index];
      if (!page) break;
      y -= entryHeight;
      const style: Style = {
        size: entry.level === 1 ? SIZES.text : SIZES.small + 1,
        bold: entry.level === 1,
      };
      const number = String(entry.contentPage + tocPages + 1);
      const numberWidth = this.measure(number, style);
      const indent = entry.level === 1 ? 0 : 16;
      let title = entry.title;
      while (this.measure(title, style) > WIDTH - indent - numberWidth - 24 && title.length > 4) {
        title = `${[...title].slice(0, -2).join('')}…`;
      }
      this.drawLine(page, title, y, style, { indent });
      const numberX = this.rtl ? MARGIN : PAGE[0] - MARGIN - numberWidth;
      this.drawLine(page, number, y, style, { x: numberX });
      const titleWidth = this.measure(title, style);
      const dotsStart = this.rtl ? MARGIN + numberWidth + 4 : MARGIN + indent + titleWidth + 4;
      const dotsEnd = this.rtl
        ? PAGE[0] - MARGIN - indent - titleWidth - 4
        : PAGE[0] - MARGIN - numberWidth - 4;
      if (dotsEnd > dotsStart) {
        page.drawLine({
          start: { x: dotsStart, y: y + 2 },
          end: { x: dotsEnd, y: y + 2 },
          thickness: 0.6,
          color: LINE,
          dashArray: [1, 3],
        });
      }
    }
    const all = this.doc.getPages();
    const total = all.length;
    all.forEach((page, i) => {
      let hy = PAGE[1] - HEADER_TOP;
      for (const line of frame.headerLines) {
        this.drawLine(page, line, hy, { size: SIZES.small, color: GREY });
        hy -= SIZES.small * 1.4;
      }
      page.drawLine({
        start: { x: MARGIN, y: hy + 4 },
        end: { x: PAGE[0] - MARGIN, y: hy + 4 },
        thickness: 0.5,
        color: LINE,
      });
      const label = frame.pageLabel(i + 1, total);
      const width = this.measure(label, { size: SIZES.small });
      this.drawLine(page, label, 30, { size: SIZES.small, color: GREY }, { x: (PAGE[0] - width) / 2 });
    });
    return { bytes: await this.doc.save(), pageCount: total };
  }
}
