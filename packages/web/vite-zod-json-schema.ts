import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

const STUB_ID = '\0trialbase-zod-json-schema-stub';
/** zod's classic schemas module: every schema gets JSON Schema methods from these two modules. */
const SCHEMAS_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const JSON_SCHEMA_MODULES = new Set(['../core/json-schema-processors.js', '../core/to-json-schema.js']);

/** The names a module exports (`export const`, `export function`, `export { a as b }`). */
function exportedNames(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(
    /^export\s+(?:async\s+)?(?:const|let|var|function\*?|class)\s+([\w$]+)/gm,
  ))
    names.add(match[1] as string);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    for (const part of (match[1] as string).split(','))
      names.add((part.split(/\s+as\s+/).pop() ?? '').trim());
  names.delete('');
  names.delete('default');
  return [...names];
}

/**
 * The participant build (`--mode public`) without zod's JSON Schema generation (issue 16: fill
 * page <= 190 KiB gzip; about 5 KiB gzip of its 25): zod 4's classic schemas import the JSON
 * Schema processors for `toJSONSchema()`, Standard Schema's `jsonSchema` and getters such as
 * `minLength`, which no participant page calls (parse and safeParse, Standard Schema's `validate`
 * are unaffected). Here those two imports of zod's schemas module get functions that throw if ever
 * called, under the same names (read from zod's files, so a zod update that adds one still
 * builds). The staff app and the server keep zod whole.
 */
export function zodWithoutJsonSchema(): Plugin {
  let names: string[] = [];
  return {
    name: 'trialbase-zod-without-json-schema',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'pre',
    buildStart() {
      const core = path.join(path.dirname(require.resolve('zod/v4/core')));
      names = [
        ...new Set([
          ...exportedNames(path.join(core, 'json-schema-processors.js')),
          ...exportedNames(path.join(core, 'to-json-schema.js')),
        ]),
      ];
    },
    resolveId(source, importer) {
      if (importer && SCHEMAS_MODULE.test(importer) && JSON_SCHEMA_MODULES.has(source)) return STUB_ID;
      return null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      const lines = [
        'function unavailable() { throw new Error("zod JSON Schema is not part of the participant build"); }',
        ...names.map((name) =>
          name.startsWith('create')
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ];
      return { code: lines.join('\n'), moduleSideEffects: false };
    },
  };
}

/** zod's core module, where its global configuration is made. */
const CORE_MODULE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const GLOBAL_CONFIG = 'export const globalConfig = globalThis.__zod_globalConfig;';

/**
 * The participant build's zod is jitless from its first line, as `config({ jitless: true })` makes
 * the staff app's (src/main.tsx): the CSP forbids eval, and without it zod probes `new Function` on
 * its first object parse and the browser reports a violation. No participant page loads zod before
 * its first question (vite-zod-free-pages.ts checks it), so no page imports zod just to configure it;
 * a page that needs zod later gets it configured wherever its chunk loads it. The build fails if
 * zod's core no longer reads as expected.
 */
export function zodJitless(): Plugin {
  return {
    name: 'trialbase-zod-jitless',
    apply: (_config, env) => env.command === 'build' && env.mode === 'public',
    enforce: 'pre',
    transform(code, id) {
      if (!CORE_MODULE.test(id)) return null;
      if (!code.includes(GLOBAL_CONFIG))
        this.error(`zod jitless: ${id} no longer has \`${GLOBAL_CONFIG}\`; update vite-zod-json-schema.ts`);
      return {
        code: code.replace(GLOBAL_CONFIG, `${GLOBAL_CONFIG}\nglobalConfig.jitless = true;`),
        map: null,
      };
    },
  };
}
