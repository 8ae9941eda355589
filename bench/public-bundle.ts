// Issue 8 item 6: the participant pages load as their own bundle (public.html), apart from the
// staff app. Prints the gzip size a participant downloads: the entry with its static imports,
// then the entry plus each chunk it loads on demand (a page, an area's strings, which app/routes.tsx
// loads together: add the strings to the page's figure), then everything the public app can ever load.
// Aim: under 150 KiB gzip. Run `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
  isDynamicEntry?: boolean;
};

const dist = path.resolve(import.meta.dirname, '../packages/web/dist');
// Two builds (staff app, then `--mode public`) write two manifests into one dist.
type Manifest = Record<string, Chunk>;
let staffManifest: Manifest;
let manifest: Manifest;
try {
  const read = (name: string) => JSON.parse(readFileSync(path.join(dist, '.vite', name), 'utf8')) as Manifest;
  staffManifest = read('manifest.json');
  manifest = read('public-manifest.json');
} catch {
  console.log('public bundle: not built (run `npm run build`)');
  process.exit(0);
}

const gzipCache = new Map<string, number>();
function gz(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The files a chunk needs before it runs: itself, its CSS and its static imports, recursively. */
function closure(
  key: string,
  files = new Set<string>(),
  withDynamic = false,
  from: Manifest = manifest,
): Set<string> {
  const chunk = from[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files, withDynamic, from);
  if (withDynamic) for (const imported of chunk.dynamicImports ?? []) closure(imported, files, true, from);
  return files;
}

const kib = (files: Set<string>) => [...files].reduce((sum, file) => sum + gz(file), 0) / 1024;
const entry = manifest['public.html'];
if (!entry) {
  console.log('public bundle: public.html is not in the build');
  process.exit(0);
}
const initial = closure('public.html');
console.log(
  `public pages, first load (gzip):       ${kib(initial).toFixed(1).padStart(7)} KiB in ${initial.size} files`,
);
const onDemand = Object.keys(manifest).filter((key) => manifest[key]?.isDynamicEntry);
for (const page of onDemand) {
  const files = closure(page, new Set(initial));
  console.log(
    `  + ${page.replace(/^src\/public\//, '').padEnd(38)} ${kib(files).toFixed(1).padStart(7)} KiB`,
  );
}
const everything = closure('public.html', new Set(), true);
console.log(
  `public pages, everything (gzip):       ${kib(everything).toFixed(1).padStart(7)} KiB in ${everything.size} files`,
);
const staff = closure('index.html', new Set(), false, staffManifest);
console.log(
  `staff app, first load (gzip):          ${kib(staff).toFixed(1).padStart(7)} KiB in ${staff.size} files`,
);
