// Issue 8 item 6 and issue 16 item 5: what a participant's phone downloads. The participant pages
// load as their own bundle (public.html), apart from the staff app. Prints, per page, the bytes of
// the HTML, the entry with its static imports and the page's chunks and strings (app/routes.tsx
// loads a page's chunk, its areas' strings and, for forms, zod-config together): raw, and as the
// gzip and brotli copies the server sends (packages/web/vite-precompress.ts writes them at build
// time; where a copy is missing the figure is computed here at the same level and marked `*`).
// Then every on-demand chunk on its own, the whole public app, the staff app's first load, and the
// getProcess form of the bench form as stored and as sent to a participant.
// Aims: fill page (first load + fill page) <= 190 KiB gzip (issue 16). Run `npm run build` first.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FormTemplateDocumentSchema, toParticipantForm } from '@trialbase/domain';
import { benchForm } from './form-builder';

const FILL_PAGE_AIM_GZIP_KIB = 190;

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

type Sizes = { raw: number; gzip: number; brotli: number; computed: boolean };

/** Bytes sent for `data` as it is and compressed (computed here when the build wrote no copy). */
function sizesOf(data: Buffer, copies: { gzip?: number; brotli?: number } = {}): Sizes {
  const gzip = copies.gzip ?? gzipSync(data, { level: constants.Z_BEST_COMPRESSION }).length;
  const brotli =
    copies.brotli ??
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
      .length;
  return {
    raw: data.length,
    // The server sends the smaller of the file and its copy (no copy is written when not smaller).
    gzip: Math.min(gzip, data.length),
    brotli: Math.min(brotli, data.length),
    computed: copies.gzip === undefined || copies.brotli === undefined,
  };
}

const fileCache = new Map<string, Sizes>();
function fileSizes(file: string): Sizes {
  let sizes = fileCache.get(file);
  if (!sizes) {
    const full = path.join(dist, file);
    const copy = (ext: string) => (existsSync(full + ext) ? statSync(full + ext).size : undefined);
    const data = readFileSync(full);
    const precompressed = { gzip: copy('.gz'), brotli: copy('.br') };
    // Files under the build's 512-byte floor go out as they are: count them as sent.
    sizes =
      data.length < 512
        ? { raw: data.length, gzip: data.length, brotli: data.length, computed: false }
        : sizesOf(data, precompressed);
    fileCache.set(file, sizes);
  }
  return sizes;
}

function total(files: Iterable<string>): Sizes {
  const sum: Sizes = { raw: 0, gzip: 0, brotli: 0, computed: false };
  for (const file of files) {
    const sizes = fileSizes(file);
    sum.raw += sizes.raw;
    sum.gzip += sizes.gzip;
    sum.brotli += sizes.brotli;
    sum.computed ||= sizes.computed;
  }
  return sum;
}

/** The files a chunk needs before it runs: itself, its CSS and its static imports, recursively. */
function closure(
  key: string,
  files = new Set<string>(),
  withDynamic = false,
  from: Manifest = manifest,
): Set<string> {
  const chunk = from[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files, withDynamic, from);
  if (withDynamic) for (const imported of chunk.dynamicImports ?? []) closure(imported, files, true, from);
  return files;
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
function line(name: string, files: Set<string>, aim = '') {
  const sizes = total(files);
  const mark = sizes.computed ? '*' : ' ';
  console.log(
    `${name.padEnd(40)} ${kib(sizes.raw)} ${kib(sizes.gzip)}${mark} ${kib(sizes.brotli)}${mark} ${String(files.size).padStart(5)}  ${aim}`,
  );
  return sizes;
}

if (!manifest['public.html']) {
  console.log('public bundle: public.html is not in the build');
  process.exit(0);
}

// The page chunks and string areas of app/routes.tsx (keep in step with its route table).
const PAGES: { name: string; page: string; areas: string[]; forms?: boolean }[] = [
  { name: 'link (token validation)', page: 'link/token-page.tsx', areas: ['link'] },
  { name: 'consent', page: 'link/consent-page.tsx', areas: ['link'] },
  { name: 'one-time password', page: 'link/one-time-password-page.tsx', areas: ['link'] },
  {
    name: 'fill page',
    page: 'questionnaire/fill-page.tsx',
    areas: ['questionnaire', 'renderer', 'link'],
    forms: true,
  },
  {
    name: 'questionnaire index',
    page: 'questionnaire/index-page.tsx',
    areas: ['questionnaire', 'renderer', 'link'],
    forms: true,
  },
  { name: 'sign-up', page: 'signup/sign-up-page.tsx', areas: ['signup', 'link'] },
];
const STRINGS: Record<string, string> = {
  link: 'link/messages.ts',
  signup: 'signup/messages.ts',
  unsubscribe: 'unsubscribe/messages.ts',
  questionnaire: 'questionnaire/messages.ts',
  renderer: 'questionnaire/renderer-messages.ts',
};
const key = (file: string) => `src/public/${file}`;

console.log(`participant pages, KiB sent (* computed: no copy in dist)`);
console.log(
  `${'page'.padEnd(40)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  ${'brotli'.padStart(7)}  files  aim`,
);
const html = new Set(['public.html']);
const initial = closure('public.html', new Set(html));
line('first load (public.html + entry)', initial);
let fillPage: Sizes | null = null;
for (const page of PAGES) {
  const files = closure(key(page.page), new Set(initial));
  for (const area of page.areas) closure(key(STRINGS[area] as string), files);
  if (page.forms) closure(key('app/zod-config.ts'), files);
  const isFill = page.page === 'questionnaire/fill-page.tsx';
  const sizes = line(`  ${page.name}`, files, isFill ? `<= ${FILL_PAGE_AIM_GZIP_KIB} KiB gzip` : '');
  if (isFill) fillPage = sizes;
}
if (fillPage) {
  const over = fillPage.gzip / 1024 - FILL_PAGE_AIM_GZIP_KIB;
  console.log(
    `fill page vs aim: ${kib(fillPage.gzip)} KiB gzip, ${over > 0 ? `${over.toFixed(1)} KiB over` : `${(-over).toFixed(1)} KiB under`} the ${FILL_PAGE_AIM_GZIP_KIB} KiB aim`,
  );
}

console.log('on-demand chunks, each with what it needs beyond the first load (gzip KiB):');
for (const chunk of Object.keys(manifest).filter((k) => manifest[k]?.isDynamicEntry)) {
  const files = closure(chunk, new Set(initial));
  for (const file of initial) files.delete(file);
  console.log(`  + ${chunk.replace(/^src\/(public\/)?/, '').padEnd(58)} ${kib(total(files).gzip)}`);
}
line('public pages, everything', closure('public.html', new Set(html), true));
line(
  'staff app, first load (index.html + entry)',
  closure('index.html', new Set(['index.html']), false, staffManifest),
);

// The form part of getProcess for the bench form: the stored document against what is sent.
const form = FormTemplateDocumentSchema.parse(benchForm());
const stored = sizesOf(Buffer.from(JSON.stringify(form)));
const sent = sizesOf(Buffer.from(JSON.stringify(toParticipantForm(form))));
const row = (name: string, s: Sizes) =>
  console.log(`${name.padEnd(40)} ${kib(s.raw)} ${kib(s.gzip)}  ${kib(s.brotli)}`);
console.log(
  `getProcess form, ${form.questions.length}-question bench form (brotli here at quality 11; the server uses 4):`,
);
row('  stored document', stored);
row('  sent to the participant', sent);
