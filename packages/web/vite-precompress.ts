import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'trialbase-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const stat = statSync(file);
        if (stat.size < MIN_BYTES) continue;
        const data = readFileSync(file);
        const copies = [
          {
            file: `${file}.br`,
            make: () =>
              brotliCompressSync(data, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
          },
          { file: `${file}.gz`, make: () => gzipSync(data, { level: constants.Z_BEST_COMPRESSION }) },
        ];
        for (const copy of copies) {
          if (isNewer(copy.file, stat.mtimeMs)) continue;
          const compressed = copy.make();
          if (compressed.length < data.length) writeFileSync(copy.file, compressed);
          else rmSync(copy.file, { force: true });
        }
      }
    },
  };
}

function isNewer(file: string, than: number): boolean {
  try {
    return statSync(file).mtimeMs >= than;
  } catch {
    return false;
  }
}
