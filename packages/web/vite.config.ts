import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import browserslist from 'browserslist';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress';

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

// The built app must run under the server's CSP (script-src 'self', no eval, no CDNs),
// so everything is bundled and index.html carries no inline script.
// Two builds into one dist: the staff app (index.html), then with `--mode public` the participant
// app (public.html). Separate builds tree-shake each app on its own, so the participant bundle does
// not carry what only staff screens use (zod schemas, the rich-text editor).
export default defineConfig(({ mode }) => ({
  // Every text asset also as .br and .gz, served by the server as the browser accepts (issue 16 item 5).
  plugins: [react(), publicPagesInDev(), precompress()],
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
