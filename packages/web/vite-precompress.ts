import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type BrotliCompress, constants, createBrotliCompress, createGzip, type Gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** What is worth compressing: text formats. Images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than the response headers weigh. */
const MIN_BYTES = 512;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(full);
    return [full];
  });
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) next to every compressible
 * file of the build (issue 16 item 5): the server sends the best copy the browser accepts
 * (@fastify/static `preCompressed`), so the maximum compression costs nothing per request.
 * A copy that is not smaller than the file is not written. Runs after each of the two builds
 * that share dist; files compressed by the first are skipped when their copies are newer.
 * A page's copies end a compressed block just before its first inline `<style>`: a decoder gives
 * out nothing of a block before its end, and the tags above the styles (public.html's scripts and
 * preloads) should start their downloads as soon as they arrive, not once the styles have too.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'trialbase-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const stat = statSync(file);
        if (stat.size < MIN_BYTES) continue;
        const data = readFileSync(file);
        const flushAt = file.endsWith('.html') ? data.indexOf('<style>') : -1;
        const copies = [
          {
            file: `${file}.br`,
            make: () =>
              createBrotliCompress({
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
            flush: constants.BROTLI_OPERATION_FLUSH,
          },
          {
            file: `${file}.gz`,
            make: () => createGzip({ level: constants.Z_BEST_COMPRESSION }),
            flush: constants.Z_SYNC_FLUSH,
          },
        ];
        for (const copy of copies) {
          if (isNewer(copy.file, stat.mtimeMs)) continue;
          const compressed = await compress(copy.make(), data, flushAt > 0 ? [flushAt] : [], copy.flush);
          if (compressed.length < data.length) writeFileSync(copy.file, compressed);
          else rmSync(copy.file, { force: true });
        }
      }
    },
  };
}

/** `data` through `stream`, each compressed block ending at one of `flushAt` (byte offsets). */
function compress(
  stream: BrotliCompress | Gzip,
  data: Buffer,
  flushAt: number[],
  flush: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(out)));
    let from = 0;
    const next = (index: number) => {
      const to = flushAt[index];
      if (to === undefined) {
        stream.end(data.subarray(from));
        return;
      }
      stream.write(data.subarray(from, to));
      from = to;
      stream.flush(flush, () => next(index + 1));
    };
    next(0);
  });
}

function isNewer(file: string, than: number): boolean {
  try {
    return statSync(file).mtimeMs >= than;
  } catch {
    return false;
  }
}
