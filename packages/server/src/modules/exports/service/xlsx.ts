/**
 * Excel (XLSX, issue 26 formats): one sheet per form, written as a stream. The workbook is a zip of
 * SpreadsheetML parts (ECMA-376) built with fflate inside the export's zip; rows are inline strings,
 * numbers of numeric variables as numbers, so nothing is held but the current block of rows.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { xml } from './odm';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const BLOCK = 64 * 1024;

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

/** A workbook being written: sheets one after another, then `end` writes the workbook parts. */
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
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(strToU8(text), true);
  }

  /** Starts a sheet; `row` writes one row (numbers where `isNumber` says so), `end` closes it. */
  sheet(name: string) {
    this.sheets.push(name);
    const entry = new ZipDeflate(`xl/worksheets/sheet${this.sheets.length}.xml`, { level: 6 });
    this.zip.add(entry);
    let block = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>`;
    let rowIndex = 0;
    return {
      row: (values: readonly unknown[], isNumber: (column: number) => boolean = () => false) => {
        rowIndex++;
        const cells = values.map((value, column) => {
          const ref = `${columnName(column)}${rowIndex}`;
          const text = value === null || value === undefined ? '' : String(value);
          if (isNumber(column) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text))
            return `<c r="${ref}"><v>${text}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(text).replace(/&#10;/g, '\n').replace(/&#9;/g, '\t').replace(/&#13;/g, '')}</t></is></c>`;
        });
        block += `<row r="${rowIndex}">${cells.join('')}</row>`;
        if (block.length >= BLOCK) {
          entry.push(strToU8(block));
          block = '';
        }
      },
      end: () => {
        entry.push(strToU8(`${block}</sheetData></worksheet>`), true);
      },
    };
  }

  end(): void {
    // A workbook needs a sheet: an export of no form still opens.
    if (this.sheets.length === 0) this.sheet('Data').end();
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
