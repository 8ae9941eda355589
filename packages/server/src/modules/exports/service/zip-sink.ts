import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { guardFormula } from '@trialbase/domain';
import { type AsyncFlateStreamHandler, Zip, ZipPassThrough } from 'fflate';

/** Pieces of the zip are stored at about this size (export_chunk rows). */
const CHUNK_BYTES = 1024 * 1024;
/** Text is handed to the compressor in blocks of about this size. */
const TEXT_BLOCK = 64 * 1024;
/**
 * Deflate level of the zip's files. Level 1 compresses the repetitive text of an export to within
 * a few per cent of level 6 in a fraction of the time (bench/export.ts).
 */
export const DEFLATE_LEVEL = 1;

/** One file being written into the zip: text in, compressed as it comes. */
export type ZipTextFile = {
  write(text: string): void;
  writeBytes(data: Uint8Array): void;
  /** Waits while the compressor has more than a block waiting (call between batches). */
  settle(): Promise<void>;
  end(): Promise<void>;
};

/**
 * A zip entry compressed by Node's zlib (native, off the main thread) instead of fflate's
 * JavaScript deflate, which was the largest cost of a big export: fflate's Zip takes any entry that
 * hands it compressed pieces through `ondata` and knows its CRC-32 and size by the last one.
 */
class NativeDeflateEntry {
  readonly compression = 8;
  readonly flag = 0;
  size = 0;
  crc = 0;
  ondata?: AsyncFlateStreamHandler;
  private readonly z: DeflateRaw;
  private readonly finished: Promise<void>;
  private failure: Error | null = null;

  constructor(readonly filename: string) {
    this.z = createDeflateRaw({ level: DEFLATE_LEVEL, chunkSize: 256 * 1024 });
    this.z.on('data', (chunk: Buffer) =>
      this.ondata?.(null, chunk as Uint8Array as Uint8Array<ArrayBuffer>, false),
    );
    this.finished = new Promise((resolve, reject) => {
      this.z.on('end', resolve);
      this.z.on('error', (err) => {
        this.failure = err;
        reject(err);
      });
    });
    this.finished.catch(() => undefined);
  }

  push(data: Uint8Array): void {
    if (this.failure) throw this.failure;
    this.size += data.length;
    this.crc = crc32(data, this.crc);
    this.z.write(data);
  }

  async settle(): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.z.writableLength <= CHUNK_BYTES) return;
    await new Promise<void>((resolve) => this.z.once('drain', resolve));
  }

  async end(): Promise<void> {
    this.z.end();
    await this.finished;
    this.ondata?.(null, new Uint8Array(0), true);
  }
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/**
 * A file written aside while the export reads its rows once (issue 26 speed): the zip takes one
 * file at a time, so the files written in the same pass as the one it is taking wait on disk, in
 * the process's temporary folder, and are copied in afterwards. Memory stays flat.
 */
export class SpillFile {
  private fd: number;
  private block = '';
  bytes = 0;

  constructor(readonly file: string) {
    this.fd = openSync(file, 'w+');
  }

  write(text: string): void {
    this.block += text;
    if (this.block.length >= TEXT_BLOCK) this.drain();
  }

  private drain() {
    if (this.block === '') return;
    const data = utf8(this.block);
    this.block = '';
    writeSync(this.fd, data, 0, data.length, this.bytes);
    this.bytes += data.length;
  }

  /** Hands the file's bytes to `push` in pieces (`between` after each, e.g. a flush), then removes it. */
  async copyTo(push: (data: Uint8Array) => void, between?: () => Promise<void>): Promise<void> {
    this.drain();
    for (let at = 0; at < this.bytes; ) {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, this.bytes - at));
      const n = readSync(this.fd, buffer, 0, buffer.length, at);
      if (n <= 0) break;
      push(n === buffer.length ? buffer : buffer.subarray(0, n));
      at += n;
      if (between) await between();
    }
    this.close();
  }

  close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
    rmSync(this.file, { force: true });
  }
}

/** A temporary folder for an export's spill files, removed with `dispose`. */
export class SpillFolder {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'tb-export-'));
  private readonly files: SpillFile[] = [];

  file(name: string): SpillFile {
    const spill = new SpillFile(
      path.join(this.dir, `${this.files.length}-${name.replace(/[^A-Za-z0-9_.-]/g, '_')}`),
    );
    this.files.push(spill);
    return spill;
  }

  dispose(): void {
    for (const f of this.files) f.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

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
    const entry = new NativeDeflateEntry(name);
    this.zip.add(entry);
    let block = '';
    const drain = () => {
      if (block === '') return;
      entry.push(utf8(block));
      block = '';
    };
    return {
      write: (text) => {
        block += text;
        if (block.length >= TEXT_BLOCK) drain();
      },
      writeBytes: (data) => {
        drain();
        entry.push(data);
      },
      settle: () => entry.settle(),
      end: async () => {
        drain();
        await entry.end();
      },
    };
  }

  /** A file whose text waited in a spill file: copied in now, `between` after each piece. */
  async fileFrom(
    name: string,
    head: string,
    spill: SpillFile,
    tail: string,
    between: () => Promise<void>,
  ): Promise<void> {
    const file = this.file(name);
    file.write(head);
    await spill.copyTo(
      (data) => file.writeBytes(data),
      async () => {
        await file.settle();
        await between();
      },
    );
    file.write(tail);
    await file.end();
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

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/**
 * One CSV cell (RFC 4180) from text: neutralised when a spreadsheet would run it as a formula
 * (OWASP CSV injection; a plain number of a numeric column is data), quoted when it holds a comma,
 * quote or line break.
 */
export function csvText(text: string, numeric = false): string {
  const safe = guardFormula(text, numeric);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(QUOTES, '""')}"` : safe;
}

/** One CSV field: numbers and booleans as they are, text through `csvText`. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return csvText(String(value));
}

export function csvRow(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) line += i === 0 ? csvField(values[i]) : `,${csvField(values[i])}`;
  return `${line}\r\n`;
}
