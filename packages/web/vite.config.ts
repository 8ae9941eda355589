import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import browserslist from 'browserslist';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { deferredMantineSheets } from './vite-mantine-sheets';
import { precompress } from './vite-precompress';
import { zodWithoutJsonSchema } from './vite-zod-json-schema';

const apiPort = process.env.API_PORT ?? '3001';

/**
 * The build target from the browserslist of package.json: the spec's minimum browsers (000 §1,
 * issue 13 item 7), as the lowest version of each family in the form the bundler takes (`chrome84`).
 */
function buildTargetOf(query: string[]): string[] {
  const families: Record<string, string> = {
    chrome: 'chrome',
    edge: 'edge',
    firefox: 'firefox',
    safari: 'safari',
  };
  const lowest = new Map<string, number>();
  for (const entry of browserslist(query)) {
    const [family = '', version = ''] = entry.split(' ');
    const name = families[family];
    const value = Number.parseFloat(version.split('-')[0] ?? '');
    if (name && Number.isFinite(value) && value < (lowest.get(name) ?? Number.POSITIVE_INFINITY)) {
      lowest.set(name, value);
    }
  }
  return [...lowest].map(([name, version]) => `${name}${version}`);
}

const packageJson = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  browserslist: string[];
};
const BUILD_TARGET = buildTargetOf(packageJson.browserslist);

/** Participant pages (spec 002) are their own small app: public.html, apart from the staff bundle. */
const PUBLIC_PAGE = /^\/(public|questionnaire)(\/|\?|$)/;

/** In development, participant routes load public.html as the server does in production. */
function publicPagesInDev(): Plugin {
  return {
    name: 'trialbase-public-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && PUBLIC_PAGE.test(req.url) && !req.url.includes('.')) {
          req.url = '/public.html';
        }
        next();
      });
    },
  };
}

/** The participant page's first script (a tiny entry of its own): starts a link's calls early. */
const EARLY_LINK_ENTRY = 'src/public/link/early/early-link.ts';

/**
 * The pages a participant's link goes through to the first question (spec 002 §2): the token
 * page, the fill page and the zod setup the form pages load with them (app/routes.tsx).
 */
const LINK_PAGE_MODULES = [
  'src/public/link/token-page.tsx',
  'src/public/questionnaire/fill-page.tsx',
  'src/public/app/zod-config.ts',
];
const isLinkPageModule = (id: string) =>
  LINK_PAGE_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`));

/**
 * The modules those pages import statically, found by `linkPreloads` once the build has read
 * every module. Their chunk group takes what these import in turn (as far as the build keeps it);
 * the pages themselves stay chunks of their own (small ones), so the build manifest still names
 * each page's chunk (bench/public-bundle.ts reads it).
 */
const linkPageImports = new Set<string>();

/** English strings of those pages (English is every participant's fallback, so always loaded). */
const LINK_PAGE_STRINGS = /[\\/]locales[\\/]en[\\/](?:public-link|public-questionnaire|renderer)\.json$/;
const FIRST_STRINGS = /[\\/]locales[\\/]en[\\/]public\.json$/;
/** Those strings and `public`, in any language: `link-strings-<hash>.json` maps a language to them. */
const LANGUAGE_STRINGS =
  /[\\/]locales[\\/]([^\\/]+)[\\/](?:public|public-link|public-questionnaire|renderer)\.json$/;

/**
 * A link's page in one download wave (issue 16 item 5). The participant build is split into few
 * chunks (see `codeSplitting`); this adds to public.html, before the app's entry,
 * - the early script (src/public/link/early/early-link.ts), which starts a link's calls and, on a
 *   link's pages only, adds the preloads of `<template id="link-preloads">`. `async`, so it runs as
 *   soon as it is there rather than after the style sheets as deferred scripts do; the entry imports
 *   it too, so it has always run before the app;
 * - that template: the token and fill pages' chunks, styles and English strings, each file the
 *   entry does not load already;
 * - a preload of the English common strings every participant page waits for before its first
 *   render (otherwise asked for only once the entry has run);
 * - `assets/link-strings-<hash>.json` (named by the template's `data-strings`): each other
 *   language's strings of those pages, which the early script preloads once the validation tells
 *   the link's language.
 */
function linkPreloads(): Plugin {
  return {
    name: 'trialbase-link-preloads',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'post',
    buildEnd() {
      linkPageImports.clear();
      for (const id of [...this.getModuleIds()].filter(isLinkPageModule)) {
        const info = this.getModuleInfo(id);
        // (importedIds lists the dynamic imports too: those stay chunks loaded on demand.)
        const dynamic = new Set(info?.dynamicallyImportedIds ?? []);
        for (const imported of info?.importedIds ?? [])
          if (!dynamic.has(imported)) linkPageImports.add(imported);
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rolldown.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const facadeOf = (pattern: RegExp) => chunks.find((chunk) => pattern.test(chunk.facadeModuleId ?? ''));
      const early = facadeOf(/[\\/]public[\\/]link[\\/]early[\\/]early-link\.ts$/);
      const main = facadeOf(/[\\/]public\.html$/);
      const firstStrings = facadeOf(FIRST_STRINGS);
      const html = bundle['public.html'];
      if (!early || !main || !firstStrings || html?.type !== 'asset' || typeof html.source !== 'string')
        throw new Error('link preloads: the public build lacks its entry, early script, strings or page');
      const closure = (roots: Rolldown.OutputChunk[]) => {
        const seen = new Set<string>();
        const visit = (chunk: Rolldown.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        for (const root of roots) visit(root);
        return seen;
      };
      const loaded = closure([main]);
      const pages = chunks.filter((chunk) => chunk.moduleIds.some(isLinkPageModule));
      const strings = chunks.filter((chunk) => LINK_PAGE_STRINGS.test(chunk.facadeModuleId ?? ''));
      if (pages.length === 0 || strings.length !== 3)
        throw new Error('link preloads: the token or fill page or their English strings were not found');
      const scripts = [...closure([...pages, ...strings])].filter((file) => !loaded.has(file));
      const styles = [
        ...new Set(scripts.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])])),
      ];
      // Other languages' strings, for the early script to preload once the link's language is known.
      const byLanguage: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const language = LANGUAGE_STRINGS.exec(chunk.facadeModuleId ?? '')?.[1];
        if (language && language !== 'en')
          byLanguage[language] = [...(byLanguage[language] ?? []), `/${chunk.fileName}`];
      }
      const languageMap = JSON.stringify(byLanguage);
      const languageMapFile = `assets/link-strings-${createHash('sha256').update(languageMap).digest('hex').slice(0, 10)}.json`;
      this.emitFile({ type: 'asset', fileName: languageMapFile, source: languageMap });
      // The template comes first: it is in the document whenever the early script runs.
      const tags = [
        `<template id="link-preloads" data-strings="/${languageMapFile}">`,
        ...scripts.map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">`),
        ...styles.map((file) => `  <link rel="preload" as="style" crossorigin href="/${file}">`),
        '</template>',
        `<script type="module" async crossorigin src="/${early.fileName}"></script>`,
        `<link rel="modulepreload" crossorigin href="/${firstStrings.fileName}">`,
      ];
      const at = html.source.indexOf('<script type="module"');
      if (at < 0) throw new Error('link preloads: public.html has no module script');
      html.source = `${html.source.slice(0, at)}${tags.join('\n    ')}\n    ${html.source.slice(at)}`;
    },
  };
}

/**
 * The participant build in few chunks (issue 16 item 5: on a slow phone each request costs a round
 * trip and HTTP/1.1 allows six at a time): what the entry loads in one chunk beside it, what the
 * link's pages (token and fill page) import and the entry does not in another.
 * Pages and question types loaded on demand keep their own chunks, as do the strings.
 */
const PUBLIC_CODE_SPLITTING = {
  groups: [
    {
      name: 'public-first',
      tags: ['$initial' as const],
      // Not the entry (public.html and main.tsx): the group takes its captured modules' imports
      // too, and the entry imports the early script, which stays a chunk of its own.
      test: (id: string) =>
        !/(?:\.html|[\\/]src[\\/]public[\\/]main\.tsx)$|[\\/]src[\\/]public[\\/]link[\\/]early[\\/]/.test(id),
      priority: 2,
    },
    { name: 'link-pages', test: (id: string) => linkPageImports.has(id), priority: 1 },
  ],
};

// The built app must run under the server's CSP (script-src 'self', no eval, no CDNs),
// so everything is bundled and index.html carries no inline script.
// Two builds into one dist: the staff app (index.html), then with `--mode public` the participant
// app (public.html). Separate builds tree-shake each app on its own, so the participant bundle does
// not carry what only staff screens use (zod schemas, the rich-text editor).
export default defineConfig(({ mode }) => ({
  // Every text asset also as .br and .gz, served by the server as the browser accepts (issue 16 item 5).
  // The participant build's Mantine sheets of components its first pages do not render come with
  // those components' chunks (vite-mantine-sheets.ts); its zod has no JSON Schema generation
  // (vite-zod-json-schema.ts).
  plugins: [
    react(),
    publicPagesInDev(),
    deferredMantineSheets(),
    zodWithoutJsonSchema(),
    linkPreloads(),
    precompress(),
  ],
  // The participant build's i18next and react-i18next are src/public/app/i18n-lite*.ts: the part of
  // them the participant pages and the shared form renderer use, about 13 KiB gzip less on every
  // participant page (issue 16); i18n-lite.test.ts checks it against i18next on every catalog.
  ...(mode === 'public'
    ? {
        resolve: {
          alias: [
            {
              find: /^i18next$/,
              replacement: fileURLToPath(new URL('./src/public/app/i18n-lite.ts', import.meta.url)),
            },
            {
              find: /^react-i18next$/,
              replacement: fileURLToPath(new URL('./src/public/app/i18n-lite-react.ts', import.meta.url)),
            },
          ],
        },
      }
    : {}),
  build: {
    target: BUILD_TARGET,
    outDir: 'dist',
    emptyOutDir: mode !== 'public',
    sourcemap: false,
    modulePreload: { polyfill: false },
    // The bench reads the manifest to size the participant bundle on its own.
    manifest: mode === 'public' ? '.vite/public-manifest.json' : true,
    rolldownOptions: {
      output: {
        // A catalog's chunk is named by its language and namespace (locale-de-queries-[hash].js), so
        // what a page downloads can be read off the network (issue 18 item 1: lazy strings).
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return catalog ? `assets/locale-${catalog[1]}-${catalog[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        ...(mode === 'public' ? { codeSplitting: PUBLIC_CODE_SPLITTING } : {}),
      },
      input: (mode === 'public'
        ? { public: 'public.html', 'early-link': EARLY_LINK_ENTRY }
        : { main: 'index.html' }) as Record<string, string>,
      // The domain package is pure (no I/O, no import-time effects, CONVENTIONS.md), so what
      // the web app does not use of it (phone metadata, country lists) is left out of the bundle.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]domain[\\/]src[\\/]/, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/](libphonenumber-js|i18n-iso-countries|jsep)[\\/]/,
            sideEffects: false,
          },
        ],
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}`, changeOrigin: false },
    },
  },
}));
