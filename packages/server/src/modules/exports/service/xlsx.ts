/**
 * Excel (XLSX, issue 26 formats): one sheet per form, written as a stream. The workbook is a zip of
 * SpreadsheetML parts (ECMA-376) built with fflate inside the export's zip; rows are inline strings,
 * numbers of numeric variables as numbers. The rows wait in spill files while the export reads the
 * data once, so nothing is held in memory but the current block of rows.
 */
import { guardFormula } from '@trialbase/domain';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { xml } from './odm';
import { DEFLATE_LEVEL, type SpillFile } from './zip-sink';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** Sheet names: at most 31 characters, none of []:*?/\, unique without case. */
export function sheetNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const base = raw.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - `_${n}`.length)}_${n}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
/** Element text: the markup characters escaped, characters XML 1.0 cannot hold dropped. */
const PLAIN_TEXT = /^[\t\n\r\x20-\x25\x27-\x3b\x3d\x3f-\x7e\u00a0-\ud7ff\ue000-\ufffd]*$/;
function xmlText(text: string): string {
  if (PLAIN_TEXT.test(text)) return text;
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Renders the rows of one sheet. Cells of numeric columns that hold a number are numbers; every
 * other cell is an inline string (text, never a formula), neutralised like the CSV (a leading
 * apostrophe before = + - @ tab or CR: OWASP CSV injection, for whoever saves the sheet as CSV).
 */
export class SheetRows {
  private rowIndex = 0;
  private readonly refs: string[];

  constructor(
    columns: number,
    private readonly numeric: readonly boolean[],
  ) {
    this.refs = Array.from({ length: columns }, (_, i) => columnName(i));
  }

  row(values: readonly string[]): string {
    this.rowIndex++;
    const r = this.rowIndex;
    let out = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const text = values[i] ?? '';
      const ref = `${this.refs[i] ?? columnName(i)}${r}`;
      if (this.numeric[i] === true && NUMBER.test(text)) out += `<c r="${ref}"><v>${text}</v></c>`;
      else
        out += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xmlText(guardFormula(text, this.numeric[i] === true))}</t></is></c>`;
    }
    return `${out}</row>`;
  }
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

/** A workbook: sheets one after another (their rows from a spill file), then `end` writes the workbook parts. */
export class XlsxWriter {
  private readonly zip: Zip;
  private readonly sheets: string[] = [];

  constructor(out: { push(data: Uint8Array, final?: boolean): void }) {
    this.zip = new Zip((err, data, final) => {
      if (err) throw err;
      out.push(data, final);
    });
  }

  private part(name: string, text: string) {
    const entry = new ZipDeflate(name, { level: DEFLATE_LEVEL });
    this.zip.add(entry);
    entry.push(strToU8(text), true);
  }

  /** Adds a sheet whose rows (`SheetRows`) wait in `rows`; `between` runs after each piece. */
  async sheet(name: string, rows: SpillFile | null, between?: () => Promise<void>): Promise<void> {
    this.sheets.push(name);
    const entry = new ZipDeflate(`xl/worksheets/sheet${this.sheets.length}.xml`, { level: DEFLATE_LEVEL });
    this.zip.add(entry);
    entry.push(strToU8(SHEET_HEAD));
    await rows?.copyTo((data) => entry.push(data), between);
    entry.push(strToU8(SHEET_TAIL), true);
  }

  end(): void {
    // A workbook needs a sheet: an export of no form still opens.
    if (this.sheets.length === 0) {
      this.sheets.push('Data');
      this.part('xl/worksheets/sheet1.xml', SHEET_HEAD + SHEET_TAIL);
    }
    const sheets = this.sheets;
    this.part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
    );
    this.part(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    );
    this.part(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>${sheets.map((name, i) => `<sheet name="${xml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    );
    this.part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL}">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    );
    this.zip.end();
  }
}
