/**
 * A small RFC 4180 CSV reader for subject import files (spec 000 §3, §5). Hospital exports
 * come from spreadsheets: a byte-order mark, CRLF line ends, quoted cells with commas or
 * line breaks, and a semicolon delimiter where the decimal mark is a comma.
 */

export type CsvRecord = {
  cells: string[];
  /** The physical line the record starts on (1 = the first line of the file). */
  line: number;
};

/** The delimiter of the header line: a semicolon when it has more of them than commas. */
export function detectCsvDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads CSV text into records (RFC 4180): quoted cells may hold delimiters, quotes ("")
 * and line breaks. A leading byte-order mark is dropped; a record is kept even if empty.
 */
export function parseCsv(input: string, delimiter: ',' | ';' = detectCsvDelimiter(input)): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push({ cells, line: recordLine });
    cells = [];
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        cell += c;
      }
      i += 1;
      continue;
    }
    if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      i += 1;
      continue;
    } else if (c === '\n') {
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += c;
    i += 1;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Is this record empty (a blank line, or only empty cells)? */
export function isBlankCsvRecord(record: CsvRecord): boolean {
  return record.cells.every((cell) => cell.trim() === '');
}
