import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import browserslist from 'browserslist';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { bundleInlineScript } from './vite-early-script';
import { deferredMantineSheets } from './vite-mantine-sheets';
import { precompress } from './vite-precompress';
import { pureDomainConstants } from './vite-pure-domain';
import { zodFreePages } from './vite-zod-free-pages';
import { zodJitless, zodWithoutJsonSchema } from './vite-zod-json-schema';

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

/** The participant page's first script, carried inline by public.html: starts a link's calls early. */
const EARLY_LINK_ENTRY = 'src/public/link/early/early-link.ts';
/** The participant app's entry module (public.html's script). */
const ENTRY_MODULE = /[\\/]src[\\/]public[\\/]main\.tsx$/;
/** What the entry's import of the early script resolves to in the participant build: nothing. */
const INLINED_EARLY_SCRIPT = '\0trialbase-inlined-early-script';
/**
 * The server's Content-Security-Policy (packages/server/src/app.ts, `CONTENT_SECURITY_POLICY`)
 * must list the inline early script's hash; the build fails, naming the hash, when it does not.
 */
const SERVER_CSP_SOURCE = new URL('../server/src/app.ts', import.meta.url);

/** The pages a participant's link goes through to the first question (spec 002 §2): token and fill page. */
const LINK_PAGE_MODULES = ['src/public/link/token-page.tsx', 'src/public/questionnaire/fill-page.tsx'];
const isLinkPageModule = (id: string) =>
  LINK_PAGE_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`));

/** English strings of those pages (English is every participant's fallback, so always loaded). */
const LINK_PAGE_STRINGS = /[\\/]locales[\\/]en[\\/](?:public-link|public-questionnaire|renderer)\.json$/;
const FIRST_STRINGS = /[\\/]locales[\\/]en[\\/]public\.json$/;
/** Those strings and `public`, in any language: `link-strings-<hash>.json` maps a language to them. */
const LANGUAGE_STRINGS =
  /[\\/]locales[\\/]([^\\/]+)[\\/](?:public|public-link|public-questionnaire|renderer)\.json$/;

/**
 * A link's pages (the token and fill pages, their English strings) and what they
 * import statically, found by `linkPreloads` once the build has read every module: the
 * `link-pages` group of `PUBLIC_CODE_SPLITTING` (which takes their imports in turn, as far as the
 * build keeps them) makes them one file.
 */
const linkModules = new Set<string>();

/** The style sheets public.html carries inline, by chunk: those of the two chunks above. */
const inlineSheets = new Map<string, string[]>();

/**
 * A link's page in one download wave (issue 16 items 5 and 7: on the slow phone each file costs a
 * round trip and about 1 KiB of response headers, and HTTP/1.1 allows six at a time). The
 * participant build comes in two files (see `PUBLIC_CODE_SPLITTING`) and this makes public.html
 * carry, in this order,
 * - `<template id="link-preloads">`: the modulepreload of `link-pages`, which the early script adds
 *   on a link's pages only;
 * - the early script (src/public/link/early/early-link.ts), bundled on its own and inline
 *   (vite-early-script.ts): it starts a link's calls while the head is parsed, before the app's
 *   files are asked for, and adds the template's preloads. The entry's import of it (which makes it
 *   run first in development) resolves to nothing here. The server's CSP lists its hash;
 * - the entry and its modulepreload (vite's own tags);
 * - the style sheets of both chunks, inline (style-src allows it), after the tags that start
 *   downloads: their bytes come while the page waits for the first answers anyway. Their files
 *   stay in the build but no chunk loads them.
 * It also writes `assets/link-strings-<hash>.json` (named by the template's `data-strings`): each
 * other language's strings of those pages, which the early script preloads once the validation
 * tells the link's language.
 */
function linkPreloads(): Plugin[] {
  const applies = (env: { command: string; mode: string }) =>
    env.command === 'build' && env.mode === 'public';
  return [
    {
      name: 'trialbase-inlined-early-script',
      apply: (_config, env) => applies(env),
      enforce: 'pre',
      resolveId(source, importer) {
        if (importer && ENTRY_MODULE.test(importer) && /[\\/]early[\\/]early-link$/.test(source))
          return INLINED_EARLY_SCRIPT;
        return null;
      },
      load(id) {
        return id === INLINED_EARLY_SCRIPT ? 'export {};' : null;
      },
    },
    {
      name: 'trialbase-link-preloads',
      apply: (_config, env) => applies(env),
      enforce: 'post',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        linkModules.clear();
        for (const id of ids.filter((id) => isLinkPageModule(id) || LINK_PAGE_STRINGS.test(id))) {
          linkModules.add(id);
          const info = this.getModuleInfo(id);
          // (importedIds lists the dynamic imports too: those stay chunks loaded on demand.)
          const dynamic = new Set(info?.dynamicallyImportedIds ?? []);
          for (const imported of info?.importedIds ?? [])
            if (!dynamic.has(imported)) linkModules.add(imported);
        }
      },
      // After vite's CSS plugin: the two chunks' style sheets go inline (generateBundle), so no
      // chunk or page loads their files.
      renderChunk(_code, chunk) {
        if (chunk.name !== 'public-first' && chunk.name !== 'link-pages') return null;
        const css = chunk.viteMetadata?.importedCss;
        if (css) {
          inlineSheets.set(chunk.name, [...css]);
          css.clear();
        }
        return null;
      },
      async generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is Rolldown.OutputChunk => file.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const html = bundle['public.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string')
          throw new Error('link preloads: the public build lacks its page');
        // The entry's chunks (vite's tags).
        const entry = [...html.source.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map((m) =>
          byFile.get(m[1] ?? ''),
        );
        if (entry.length === 0 || entry.some((chunk) => !chunk))
          throw new Error('link preloads: public.html does not load the entry chunks');
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
        const loaded = closure(entry as Rolldown.OutputChunk[]);
        if (![...loaded].some((file) => byFile.get(file)?.moduleIds.some((id) => FIRST_STRINGS.test(id))))
          throw new Error('link preloads: the English common strings are not in the first load');
        const pages = chunks.filter((chunk) =>
          chunk.moduleIds.some((id) => isLinkPageModule(id) || LINK_PAGE_STRINGS.test(id)),
        );
        if (pages.length === 0) throw new Error('link preloads: the token or fill page were not found');
        const scripts = [...closure(pages)].filter((file) => !loaded.has(file));
        const stray = [...loaded, ...scripts].flatMap((file) => [
          ...(byFile.get(file)?.viteMetadata?.importedCss ?? []),
        ]);
        if (stray.length > 0) throw new Error(`link preloads: style sheets not inlined: ${stray.join(', ')}`);
        const sheets = ['public-first', 'link-pages'].flatMap((name) => inlineSheets.get(name) ?? []);
        const css = sheets
          .map((file) => {
            const sheet = bundle[file];
            if (sheet?.type !== 'asset') throw new Error(`link preloads: ${file} is not in the build`);
            return String(sheet.source).trim();
          })
          .join('\n');
        if (/<\/style/i.test(css)) throw new Error('link preloads: a style sheet contains </style');
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
        const early = await bundleInlineScript(EARLY_LINK_ENTRY, BUILD_TARGET);
        if (!readFileSync(SERVER_CSP_SOURCE, 'utf8').includes(early.cspHash))
          throw new Error(
            `link preloads: public.html's inline early script is ${early.cspHash}; put that source in ` +
              'script-src of CONTENT_SECURITY_POLICY (packages/server/src/app.ts) in place of the old one',
          );
        // The template comes first: it is in the document whenever the early script runs.
        const head = [
          `<template id="link-preloads" data-strings="/${languageMapFile}">`,
          ...scripts.map((file) => `  <link rel="modulepreload" crossorigin href="/${file}">`),
          '</template>',
          `<script>${early.code}</script>`,
        ];
        const source = html.source;
        const at = source.indexOf('<script type="module"');
        const end = source.indexOf('</head>');
        if (at < 0 || end < at)
          throw new Error('link preloads: public.html has no module script in its head');
        html.source =
          `${source.slice(0, at)}${head.join('\n    ')}\n    ${source.slice(at, end)}` +
          `  <style>\n${css}\n    </style>\n  ${source.slice(end)}`;
      },
    },
  ];
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
      // Not the entry (public.html and main.tsx): a group holding it takes in every module the
      // lazy chunks share.
      test: (id: string) => !/\.html$/.test(id) && !ENTRY_MODULE.test(id),
      priority: 2,
    },
    { name: 'link-pages', test: (id: string) => linkModules.has(id), priority: 1 },
  ],
};

// The built app must run under the server's CSP (script-src 'self', no eval, no CDNs),
// so everything is bundled and index.html carries no inline script (public.html carries one, the
// early script, whose hash the CSP lists: linkPreloads).
// Two builds into one dist: the staff app (index.html), then with `--mode public` the participant
// app (public.html). Separate builds tree-shake each app on its own, so the participant bundle does
// not carry what only staff screens use (zod schemas, the rich-text editor).
export default defineConfig(({ mode }) => ({
  // Every text asset also as .br and .gz, served by the server as the browser accepts (issue 16 item 5).
  // The participant build's Mantine sheets of components its first pages do not render come with
  // those components' chunks (vite-mantine-sheets.ts); its zod has no JSON Schema generation
  // (vite-zod-json-schema.ts) and is jitless without a page configuring it; the domain's schemas it
  // does not use are left out (vite-pure-domain.ts), and the build fails if zod reaches a chunk a
  // participant loads before the first question (vite-zod-free-pages.ts).
  plugins: [
    react(),
    publicPagesInDev(),
    deferredMantineSheets(),
    zodWithoutJsonSchema(),
    zodJitless(),
    pureDomainConstants(),
    linkPreloads(),
    zodFreePages(),
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
      input: (mode === 'public' ? { public: 'public.html' } : { main: 'index.html' }) as Record<
        string,
        string
      >,
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
