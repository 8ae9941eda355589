// `npm test` step (issue 13 item 7): fails when browser code uses an API that the spec's minimum
// browsers lack (000 §1: Chrome 84, Firefox 78, Safari 14, Edge 84; the browserslist of
// packages/web/package.json). Two checks over the web app and the shared domain code, without
// type information so it stays fast: eslint-plugin-compat (caniuse and MDN data), plus a small
// rule on static members of platform globals (`AbortSignal.timeout`, `AbortSignal.any`), which
// that plugin does not cover, read from the same MDN browser-compat-data.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import bcd from '@mdn/browser-compat-data' with { type: 'json' };
import tsParser from '@typescript-eslint/parser';
import browserslist from 'browserslist';
import { ESLint } from 'eslint';
import compat from 'eslint-plugin-compat';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPackage = JSON.parse(readFileSync(path.join(root, 'packages/web/package.json'), 'utf8'));
/** The minimum browsers, one place: packages/web/package.json `browserslist`. */
export const BROWSERS = webPackage.browserslist;

/** The lowest version per browser family the query allows (`chrome 84`, ...), as BCD names them. */
function minimumVersions(query) {
  const bcdName = {
    chrome: 'chrome',
    firefox: 'firefox',
    safari: 'safari',
    edge: 'edge',
    ios_saf: 'safari_ios',
  };
  const min = {};
  for (const entry of browserslist(query)) {
    const [family, version] = entry.split(' ');
    const name = bcdName[family];
    if (!name) continue;
    const v = Number.parseFloat(version.split('-')[0]);
    if (min[name] === undefined || v < min[name]) min[name] = v;
  }
  return min;
}

function isSupported(compatData, browser, version) {
  const support = compatData?.__compat?.support?.[browser];
  const first = Array.isArray(support) ? support[0] : support;
  const added = first?.version_added;
  if (added === true) return true;
  if (!added || added === 'preview') return false;
  return Number.parseFloat(String(added).replace('≤', '')) <= version && !first.flags && !first.prefix;
}

/** `Global.member` where MDN lists the member as a static method of a web API (`timeout_static`). */
const staticMembers = {
  meta: { type: 'problem', messages: { unsupported: '{{name}} is not supported in {{browsers}}' } },
  create(context) {
    const versions = minimumVersions(context.settings.browsers);
    return {
      MemberExpression(node) {
        if (node.object.type !== 'Identifier' || node.property.type !== 'Identifier' || node.computed) return;
        const owner = node.object.name;
        const member = node.property.name;
        // JavaScript builtins (Object.hasOwn, Intl.*) are eslint-plugin-compat's; web API statics are ours.
        const data = bcd.api[owner]?.[`${member}_static`];
        if (!data?.__compat) return;
        const missing = Object.entries(versions)
          .filter(([browser, version]) => !isSupported(data, browser, version))
          .map(([browser, version]) => `${browser} ${version}`);
        if (missing.length > 0) {
          context.report({
            node,
            messageId: 'unsupported',
            data: { name: `${owner}.${member}()`, browsers: missing.join(', ') },
          });
        }
      },
    };
  },
};

/**
 * Browser code of the participant app (spec 002: participants are on phones) with the form renderer
 * it reuses, and the domain package both apps bundle; tests run in Node and are left out.
 */
export const COMPAT_FILES = [
  'packages/web/src/public/**/*.{ts,tsx}',
  'packages/web/src/features/forms/renderer/**/*.{ts,tsx}',
  'packages/domain/src/**/*.ts',
];
const IGNORES = ['**/*.test.ts', '**/*.test.tsx', '**/test-fixtures.ts', '**/testing.ts'];

/** Lints `patterns` (relative to `cwd`) for APIs the minimum browsers lack; gives the messages. */
export async function checkCompat(patterns = COMPAT_FILES, cwd = root) {
  const eslint = new ESLint({
    cwd,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: IGNORES },
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
        plugins: { compat, trialbase: { rules: { 'static-members': staticMembers } } },
        settings: { browsers: BROWSERS, polyfills: [] },
        rules: { 'compat/compat': 'error', 'trialbase/static-members': 'error' },
      },
    ],
    errorOnUnmatchedPattern: false,
  });
  const results = await eslint.lintFiles(patterns);
  return results.flatMap((r) =>
    r.messages.map((m) => ({ file: path.relative(cwd, r.filePath), line: m.line, message: m.message })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await checkCompat();
  for (const p of problems) console.error(`${p.file}:${p.line}  ${p.message}`);
  if (problems.length > 0) {
    console.error(`\n✖ ${problems.length} use(s) of APIs missing in ${BROWSERS.join(', ')}.`);
    process.exit(1);
  }
  console.log(`✓ No API beyond ${BROWSERS.join(', ')} in the web app and the domain package.`);
}
