// Issue 8 item 6 and issue 16 item 5: what a participant's phone downloads. The participant pages
// load as their own bundle (public.html), apart from the staff app. Prints, per page, the bytes of
// the HTML, the entry with its static imports and the page's chunks and strings (app/routes.tsx
// loads a page's chunk and its areas' strings together): raw, and as the gzip and brotli copies the
// server sends (packages/web/vite-precompress.ts writes them at build time; where a copy is missing
// the figure is computed here at the same level and marked `*`).
// Then every on-demand chunk on its own, the whole public app, the staff app's first load, and the
// getProcess form of the bench form as stored and as sent to a participant.
// Strings (issue 18): each language and namespace is its own chunk (packages/web/src/locales/{lng}/{ns}.json);
// a participant downloads the namespaces of the page in their language and English (the fallback),
// so the first load and the fill page are printed per language, and what one participant downloads
// does not grow with the number of languages in the build.
// Aims: fill page (first load + fill page) <= 190 KiB gzip (issue 16). Run `npm run build` first.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FormTemplateDocumentSchema, toParticipantForm } from '@trialbase/domain';
import { benchForm } from './form-builder';
import { ISSUE_ROWS, reportRow } from './lib/report';

const FILL_PAGE_AIM_GZIP_KIB = 190;

type Chunk = {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
  isDynamicEntry?: boolean;
};

// BENCH_WEB_DIST measures another build (a private one) than packages/web/dist.
const dist = process.env.BENCH_WEB_DIST ?? path.resolve(import.meta.dirname, '../packages/web/dist');
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

/**
 * Modules the participant build puts into one of its named chunks (packages/web/vite.config.ts,
 * PUBLIC_CODE_SPLITTING), so the manifest gives them no entry of their own: their chunk by name.
 */
const GROUPED: [RegExp, string][] = [
  [/^src\/locales\/en\/public\.json$/, 'public-first'],
  [
    /^src\/(?:public\/(?:link\/token-page\.tsx|questionnaire\/fill-page\.tsx)|locales\/en\/(?:public-link|public-questionnaire|renderer)\.json)$/,
    'link-pages',
  ],
];
function groupChunkOf(key: string): Chunk | undefined {
  const name = GROUPED.find(([pattern]) => pattern.test(key))?.[1];
  return Object.values(manifest).find((chunk) => chunk.name === name && chunk.file.endsWith('.js'));
}

/** The files a chunk needs before it runs: itself, its CSS and its static imports, recursively. */
function closure(
  key: string,
  files = new Set<string>(),
  withDynamic = false,
  from: Manifest = manifest,
): Set<string> {
  const chunk = from[key] ?? (from === manifest ? groupChunkOf(key) : undefined);
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
const PAGES: { name: string; page: string; areas: string[] }[] = [
  { name: 'link (token validation)', page: 'link/token-page.tsx', areas: ['link'] },
  { name: 'consent', page: 'link/consent-page.tsx', areas: ['link'] },
  { name: 'one-time password', page: 'link/one-time-password-page.tsx', areas: ['link'] },
  {
    name: 'fill page',
    page: 'questionnaire/fill-page.tsx',
    areas: ['questionnaire', 'renderer', 'link'],
  },
  {
    name: 'questionnaire index',
    page: 'questionnaire/index-page.tsx',
    areas: ['questionnaire', 'renderer', 'link'],
  },
  { name: 'sign-up', page: 'signup/sign-up-page.tsx', areas: ['signup', 'link'] },
];
/** The namespace of each string area (public/app/i18n.ts AREA_NAMESPACES). */
const NAMESPACES: Record<string, string> = {
  link: 'public-link',
  signup: 'public-signup',
  unsubscribe: 'public-unsubscribe',
  questionnaire: 'public-questionnaire',
  renderer: 'renderer',
};
const key = (file: string) => `src/public/${file}`;
const catalogKey = (language: string, namespace: string) => `src/locales/${language}/${namespace}.json`;
/** Languages with participant catalogs in this build. */
const built = [
  ...new Set(
    [
      ...Object.keys(manifest),
      ...(groupChunkOf(catalogKey('en', 'public')) ? [catalogKey('en', 'public')] : []),
    ]
      .map((k) => /^src\/locales\/([^/]+)\/public\.json$/.exec(k)?.[1])
      .filter((l): l is string => Boolean(l)),
  ),
].sort();

/** Namespaces whose catalog map is a chunk of its own (public/app/i18n.ts OTHER_PAGE_NAMESPACES). */
const OTHER_PAGE_NAMESPACES = new Set(['public-signup', 'public-unsubscribe', 'public-econsent']);
const OTHER_PAGE_MAP = 'src/public/app/i18n-other-pages.ts';

/**
 * Adds the catalogs of these namespaces in `language` and English (public/app/i18n.ts loads just
 * these), and the chunk of their catalog map when it is not the first load's.
 */
function withStrings(files: Set<string>, language: string, namespaces: string[]): Set<string> {
  for (const code of new Set([language, 'en']))
    for (const namespace of namespaces)
      if (manifest[catalogKey(code, namespace)]) closure(catalogKey(code, namespace), files);
  if (namespaces.some((namespace) => OTHER_PAGE_NAMESPACES.has(namespace)) && manifest[OTHER_PAGE_MAP])
    closure(OTHER_PAGE_MAP, files);
  return files;
}

const catalogFiles = new Set(
  Object.entries(manifest)
    .filter(([k]) => k.startsWith('src/locales/'))
    .map(([, chunk]) => chunk.file),
);
const html = new Set(['public.html']);
const initial = closure('public.html', new Set(html));
const pageFiles = (page: (typeof PAGES)[number], language: string) => {
  const files = closure(key(page.page), withStrings(new Set(initial), language, ['public']));
  withStrings(
    files,
    language,
    page.areas.map((area) => NAMESPACES[area] as string),
  );
  return files;
};

console.log(`participant pages, KiB sent (* computed: no copy in dist), strings in English`);
console.log(
  `${'page'.padEnd(40)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  ${'brotli'.padStart(7)}  files  aim`,
);
line('first load (public.html + entry + strings)', withStrings(new Set(initial), 'en', ['public']));
let fillPage: Sizes | null = null;
for (const page of PAGES) {
  const isFill = page.page === 'questionnaire/fill-page.tsx';
  const sizes = line(
    `  ${page.name}`,
    pageFiles(page, 'en'),
    isFill ? `<= ${FILL_PAGE_AIM_GZIP_KIB} KiB gzip` : '',
  );
  if (isFill) fillPage = sizes;
}
if (fillPage) {
  const over = fillPage.gzip / 1024 - FILL_PAGE_AIM_GZIP_KIB;
  console.log(
    `fill page vs aim: ${kib(fillPage.gzip)} KiB gzip, ${over > 0 ? `${over.toFixed(1)} KiB over` : `${(-over).toFixed(1)} KiB under`} the ${FILL_PAGE_AIM_GZIP_KIB} KiB aim`,
  );
}

// Per language: what one participant downloads in that language (its strings and English's).
const fill = PAGES.find((page) => page.page === 'questionnaire/fill-page.tsx');
const SHOWN = ['en', 'da', 'ar', 'pl', 'zh-cn'];
console.log(`\nper language (${built.length} languages with participant strings in this build), gzip KiB:`);
console.log(
  `${'language'.padEnd(12)} ${'first load'.padStart(10)} ${'fill page'.padStart(10)}  strings of the fill page`,
);
const perLanguage = new Map<string, { first: Sizes; fill: Sizes; strings: Sizes }>();
for (const language of [...new Set([...SHOWN, ...built])]) {
  const first = total(withStrings(new Set(initial), language, ['public']));
  const fillFiles = fill ? pageFiles(fill, language) : new Set<string>();
  const strings = total([...fillFiles].filter((file) => catalogFiles.has(file)));
  perLanguage.set(language, { first, fill: total(fillFiles), strings });
  if (SHOWN.includes(language))
    console.log(
      `${`${language}${built.includes(language) ? '' : ' (English)'}`.padEnd(12)} ${kib(first.gzip).padStart(10)} ${kib(total(fillFiles).gzip).padStart(10)}  ${kib(strings.gzip)}`,
    );
}
const largest = [...perLanguage].sort(([, a], [, b]) => b.fill.gzip - a.fill.gzip)[0];
const everyLanguage = total(catalogFiles);
if (largest)
  console.log(
    `largest fill page over all ${perLanguage.size} languages: ${largest[0]} ${kib(largest[1].fill.gzip)} KiB gzip; every language's strings together (what bundling them would add): ${kib(everyLanguage.gzip)} KiB gzip`,
  );

// The one thing in the first load that grows with the languages: the loader's map from language and
// namespace to chunk (import.meta.glob in public/app/i18n.ts), one short entry per file.
{
  const entries = [...initial]
    .filter((file) => file.endsWith('.js'))
    .flatMap(
      (file) =>
        readFileSync(path.join(dist, file), 'utf8').match(
          /"[./]*locales\/[^"]+\.json":\s*\(\)\s*=>[^,]+,/g,
        ) ?? [],
    );
  const gzip = gzipSync(Buffer.from(entries.join('')), { level: 9 }).length;
  console.log(
    `catalog map in the first load: ${entries.length} files, ${kib(gzip).trim()} KiB gzip (${(gzip / Math.max(built.length, 1) / 1024).toFixed(2)} KiB per language)`,
  );
}
console.log('on-demand chunks, each with what it needs beyond the first load (gzip KiB):');
for (const chunk of Object.keys(manifest).filter(
  (k) => manifest[k]?.isDynamicEntry && !k.startsWith('src/locales/'),
)) {
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

const english = perLanguage.get('en');
if (english && largest) {
  const worst = largest[1].fill.gzip / 1024;
  reportRow({
    id: 'public-bundle',
    measure: ISSUE_ROWS['public-bundle'].measure,
    trialbase: `first load ${kib(english.first.gzip).trim()} KiB, fill page ${kib(english.fill.gzip).trim()} KiB (en); largest of ${perLanguage.size} languages ${worst.toFixed(1)} KiB (${largest[0]})`,
    anchor: '—',
    ratio: '—',
    goal: ISSUE_ROWS['public-bundle'].goal,
    met: worst <= FILL_PAGE_AIM_GZIP_KIB,
  });
}
