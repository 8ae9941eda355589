import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Pieces of the zip are stored at about this size (export_chunk rows). */
const CHUNK_BYTES = 1024 * 1024;
/** Text is handed to the compressor in blocks of about this size. */
const TEXT_BLOCK = 64 * 1024;

/** One file being written into the zip: text in, compressed as it comes. */
export type ZipTextFile = { write(text: string): void; end(): void };

/**
 * A zip written as a stream (issue 26: memory stays flat): fflate compresses each file as text
 * arrives, the output is cut into pieces of about a megabyte and handed to `store` in order. One
 * file at a time; call `flush` between pages so the pieces leave memory.
 */
export class ZipSink {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private failure: Error | null = null;
  size = 0;

  constructor(private readonly store: (seq: number, data: Buffer) => Promise<void>) {
    this.zip = new Zip((err, data, _final) => {
      if (err) {
        this.failure = err;
        return;
      }
      this.pending.push(data);
      this.pendingBytes += data.length;
      this.size += data.length;
    });
  }

  file(name: string): ZipTextFile {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    let block = '';
    return {
      write: (text) => {
        block += text;
        if (block.length >= TEXT_BLOCK) {
          entry.push(strToU8(block));
          block = '';
        }
      },
      end: () => {
        entry.push(strToU8(block), true);
        block = '';
      },
    };
  }

  /** A file whose bytes are already compressed (an XLSX workbook is itself a zip): stored as they come. */
  rawFile(name: string): { push(data: Uint8Array, final?: boolean): void } {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    return { push: (data, final = false) => entry.push(data, final) };
  }

  /** Stores what is ready once a piece is full (or everything with `all`). */
  async flush(all = false): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.pendingBytes === 0 || (!all && this.pendingBytes < CHUNK_BYTES)) return;
    const data = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.store(this.seq++, data);
  }

  async end(): Promise<void> {
    this.zip.end();
    await this.flush(true);
  }
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
export function csvField(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
