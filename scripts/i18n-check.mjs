// `npm run i18n:check` (a stage of `npm test`; issue 18 item 2): checks the translation catalogs,
// i18next JSON v4 `locales/{language}/{namespace}.json`, English the source, of the web apps
// (packages/web/src/locales) and of the server (packages/server/src/locales).
//
// Fails on: invalid JSON or a value that is not a string; an empty string; a namespace or a key in
// another language that English does not have; a placeholder (`{{name}}`) that differs from
// English; plural mismatch (a plural key of English whose translation lacks a form the language's
// CLDR rules need, has a form the language does not use, or is not plural at all); a key used in
// the code (`t('AREA.KEY')`, `'ns:KEY'` on the server) that English lacks; web key types
// (i18n/catalog-types.gen.ts) out of date. A partial language is allowed: it falls back to English
// key by key, and its completeness per namespace is printed.
//
// `npm run i18n:check` first runs @lingual/i18n-check (maintained, i18next format) for the keys the
// web code uses that English lacks (`--only undefined`); this script covers what that tool does not
// (partial languages allowed, CLDR plural forms per language, unknown keys, empty strings, the
// server catalogs, completeness) and checks literal keys in the code too, the server's `ns:KEY` ones included.
//
// Options (for tests): --locales DIR (check only that folder) --code DIR (scan that code for keys).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const PLURAL_KEY = new RegExp(`^(.*)_(${PLURAL_SUFFIXES.join('|')})$`);

/** The 52 study languages (domain common/language-codes.ts), read from the source. */
function studyLanguages() {
  const file = path.join(root, 'packages/domain/src/common/language-codes.ts');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/code: '([a-z-]+)'/g)].map((m) => m[1]);
}
const STAFF_LANGUAGES = ['en', 'ar', 'da', 'de', 'he-il', 'ur'];

/** Which languages a namespace is expected in (for the completeness report; never a failure). */
function expectedLanguages(set, namespace, all) {
  if (set === 'web' && namespace !== 'public' && !namespace.startsWith('public-') && namespace !== 'renderer')
    return STAFF_LANGUAGES;
  return all;
}

/** The plural categories a language uses (CLDR, through Intl; `he-il` → Hebrew's one/two/other). */
function pluralForms(language) {
  try {
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    return PLURAL_SUFFIXES.filter((form) => forms.includes(form));
  } catch {
    return ['one', 'other'];
  }
}

function placeholders(text) {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

/** Flattens a catalog to `A.B.C` → string; reports values that are not strings, and empty strings. */
function flatten(value, prefix, out, problems, where) {
  for (const [key, child] of Object.entries(value)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') {
      if (child.trim() === '') problems.push(`${where}: ${full} is an empty string`);
      out.set(full, child);
    } else if (child && typeof child === 'object' && !Array.isArray(child)) {
      flatten(child, full, out, problems, where);
    } else {
      problems.push(`${where}: ${full} is not a string (${Array.isArray(child) ? 'array' : typeof child})`);
    }
  }
  return out;
}

function readCatalogs(dir, problems) {
  /** language → namespace → Map(key → text) */
  const catalogs = new Map();
  for (const language of readdirSync(dir).sort()) {
    const folder = path.join(dir, language);
    if (!statSync(folder).isDirectory()) continue;
    const namespaces = new Map();
    for (const file of readdirSync(folder).sort()) {
      if (!file.endsWith('.json')) continue;
      const where = path.relative(root, path.join(folder, file));
      let parsed;
      try {
        parsed = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
      } catch (error) {
        problems.push(`${where}: invalid JSON (${error.message})`);
        continue;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        problems.push(`${where}: not a JSON object`);
        continue;
      }
      namespaces.set(file.slice(0, -'.json'.length), flatten(parsed, '', new Map(), problems, where));
    }
    catalogs.set(language, namespaces);
  }
  return catalogs;
}

/** English keys of a namespace: plain keys, and plural bases with their forms. */
function describeEnglish(keys) {
  const plain = new Map();
  const plural = new Map();
  for (const [key, text] of keys) {
    const match = PLURAL_KEY.exec(key);
    if (match && (keys.has(`${match[1]}_other`) || match[2] === 'other')) {
      const forms = plural.get(match[1]) ?? new Map();
      forms.set(match[2], text);
      plural.set(match[1], forms);
    } else plain.set(key, text);
  }
  return { plain, plural };
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Checks one catalog set; returns { problems, completeness rows, English key index }. */
export function checkLocales(dir, { set = 'web', languages = studyLanguages() } = {}) {
  const problems = [];
  const catalogs = readCatalogs(dir, problems);
  const english = catalogs.get('en') ?? new Map();
  if (!catalogs.has('en')) problems.push(`${path.relative(root, dir)}: no English (en) catalogs`);
  const described = new Map([...english].map(([ns, keys]) => [ns, describeEnglish(keys)]));

  for (const [ns, { plural }] of described) {
    for (const [base, forms] of plural) {
      const got = [...forms.keys()].sort();
      if (!sameList(got, ['one', 'other']))
        problems.push(`en/${ns}.json: ${base} has plural forms ${got.join(', ')}; English needs one, other`);
      const expected = placeholders(forms.get('other') ?? '');
      for (const [form, text] of forms) {
        const found = placeholders(text).filter((p) => p !== 'count');
        const wanted = expected.filter((p) => p !== 'count');
        if (!sameList([...new Set(found)], [...new Set(wanted)]))
          problems.push(
            `en/${ns}.json: ${base}_${form} placeholders {{${found}}} differ from _other {{${wanted}}}`,
          );
      }
    }
  }

  const completeness = [];
  for (const [language, namespaces] of catalogs) {
    if (language === 'en') continue;
    if (language !== language.toLowerCase())
      problems.push(`${language}: language folders are lower-case study language codes`);
    const needed = pluralForms(language);
    for (const [ns, keys] of namespaces) {
      const where = `${language}/${ns}.json`;
      const source = described.get(ns);
      if (!source) {
        problems.push(`${where}: namespace ${ns} does not exist in English`);
        continue;
      }
      const seenPlural = new Map();
      for (const [key, text] of keys) {
        const match = PLURAL_KEY.exec(key);
        if (match && source.plural.has(match[1])) {
          const forms = seenPlural.get(match[1]) ?? new Map();
          forms.set(match[2], text);
          seenPlural.set(match[1], forms);
          continue;
        }
        if (source.plural.has(key)) {
          problems.push(`${where}: ${key} is plural in English (${key}_one, ${key}_other), not here`);
          continue;
        }
        const englishText = source.plain.get(key);
        if (englishText === undefined) {
          problems.push(`${where}: ${key} is unknown to English`);
          continue;
        }
        const found = placeholders(text);
        const wanted = placeholders(englishText);
        if (!sameList(found, wanted))
          problems.push(
            `${where}: ${key} has placeholders {{${found.join('}}, {{')}}} but English {{${wanted.join('}}, {{')}}}`,
          );
      }
      let present = source.plain.size === 0 ? 0 : [...source.plain.keys()].filter((k) => keys.has(k)).length;
      for (const [base, forms] of seenPlural) {
        const got = [...forms.keys()];
        const missing = needed.filter((form) => !got.includes(form));
        const extra = got.filter((form) => !needed.includes(form));
        if (missing.length)
          problems.push(
            `${where}: ${base} lacks plural forms ${missing.map((f) => `_${f}`).join(', ')} (${language} uses ${needed.join(', ')})`,
          );
        if (extra.length)
          problems.push(
            `${where}: ${base} has plural forms ${extra.map((f) => `_${f}`).join(', ')} that ${language} does not use (${needed.join(', ')})`,
          );
        const wanted = placeholders(source.plural.get(base)?.get('other') ?? '').filter((p) => p !== 'count');
        for (const [form, text] of forms) {
          const found = [...new Set(placeholders(text).filter((p) => p !== 'count'))];
          if (!sameList(found, [...new Set(wanted)]))
            problems.push(
              `${where}: ${base}_${form} has placeholders {{${found.join('}}, {{')}}} but English {{${wanted.join('}}, {{')}}}`,
            );
        }
        if (!missing.length) present += 1;
      }
      const total = source.plain.size + source.plural.size;
      completeness.push({ language, namespace: ns, present, total });
    }
  }
  // Namespaces expected in a language that has no file of them yet count as 0 %.
  for (const ns of described.keys()) {
    for (const language of expectedLanguages(set, ns, languages)) {
      if (language === 'en' || catalogs.get(language)?.has(ns)) continue;
      const source = described.get(ns);
      completeness.push({
        language,
        namespace: ns,
        present: 0,
        total: source.plain.size + source.plural.size,
      });
    }
  }
  return { problems, completeness, described };
}

/** Is `key` (maybe `ns:KEY`) a string, a plural base or a branch of English? */
function knownKey(described, key) {
  const [ns, rest] = key.includes(':') ? key.split(':', 2) : [null, key];
  const spaces = ns ? [described.get(ns)].filter(Boolean) : [...described.values()];
  return spaces.some(
    ({ plain, plural }) =>
      plain.has(rest) ||
      plural.has(rest) ||
      [...plain.keys(), ...plural.keys()].some((k) => k.startsWith(`${rest}.`)),
  );
}

function sourceFiles(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'locales' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.(test|spec)\.|\.gen\./.test(entry.name))
      out.push(full);
  }
  return out;
}

/** Keys the code names literally: `t('AREA.KEY'` (web) and `'ns:AREA.KEY'` (server), missing from English. */
export function checkCodeKeys(codeDir, described, { serverNamespaces = [] } = {}) {
  const problems = [];
  const call = /\bt\(\s*['"`]([A-Z][A-Z0-9_]*(?:\.[A-Za-z0-9_]+)+)['"`]/g;
  const prefixed = serverNamespaces.length
    ? new RegExp(`['"\`]((?:${serverNamespaces.join('|')}):[A-Z][A-Z0-9_]*(?:\\.[A-Za-z0-9_]+)*)['"\`]`, 'g')
    : null;
  for (const file of sourceFiles(codeDir)) {
    const text = readFileSync(file, 'utf8');
    const keys = [...text.matchAll(call)].map((m) => m[1]);
    if (prefixed) keys.push(...[...text.matchAll(prefixed)].map((m) => m[1]));
    for (const key of new Set(keys)) {
      if (!knownKey(described, key))
        problems.push(`${path.relative(root, file)}: uses ${key}, which English does not have`);
    }
  }
  return problems;
}

function printCompleteness(title, rows) {
  const incomplete = rows.filter((r) => r.present < r.total);
  const byLanguage = new Map();
  for (const row of rows) {
    const list = byLanguage.get(row.language) ?? [];
    list.push(row);
    byLanguage.set(row.language, list);
  }
  console.log(
    `\n${title}: completeness per language (keys translated / English keys; a missing key shows in English)`,
  );
  for (const [language, list] of [...byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
    const present = list.reduce((sum, r) => sum + r.present, 0);
    const total = list.reduce((sum, r) => sum + r.total, 0);
    const gaps = list
      .filter((r) => r.present < r.total)
      .map((r) => `${r.namespace} ${Math.floor((100 * r.present) / (r.total || 1))}%`);
    console.log(
      `  ${language.padEnd(6)} ${String(Math.floor((100 * present) / (total || 1))).padStart(3)}%  ${present}/${total}${gaps.length ? `  partial: ${gaps.join(', ')}` : ''}`,
    );
  }
  return incomplete.length;
}

function typesUpToDate() {
  const target = path.join(root, 'packages/web/src/i18n/catalog-types.gen.ts');
  return import('./i18n-types.mjs').then(({ catalogTypes }) => {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    return current === catalogTypes()
      ? []
      : ['packages/web/src/i18n/catalog-types.gen.ts is out of date with locales/en: run npm run i18n:types'];
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argument = (name) => {
    const index = process.argv.indexOf(name);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const only = argument('--locales');
  const sets = only
    ? [{ name: 'catalogs', set: 'test', dir: path.resolve(only), code: argument('--code') }]
    : [
        {
          name: 'web',
          set: 'web',
          dir: path.join(root, 'packages/web/src/locales'),
          code: path.join(root, 'packages/web/src'),
        },
        {
          name: 'server',
          set: 'server',
          dir: path.join(root, 'packages/server/src/locales'),
          code: path.join(root, 'packages/server/src'),
          prefixed: true,
        },
      ];
  const problems = [];
  for (const { name, set, dir, code, prefixed } of sets) {
    if (!existsSync(dir)) continue;
    const result = checkLocales(dir, { set });
    problems.push(...result.problems);
    if (code && existsSync(code))
      problems.push(
        ...checkCodeKeys(code, result.described, {
          serverNamespaces: prefixed ? [...result.described.keys()] : [],
        }),
      );
    printCompleteness(`${name} (${path.relative(root, dir) || dir})`, result.completeness);
  }
  if (!only) problems.push(...(await typesUpToDate()));
  if (problems.length) {
    console.error(`\n✖ ${problems.length} translation problem(s):`);
    for (const problem of problems.slice(0, 300)) console.error(`  ${problem}`);
    if (problems.length > 300) console.error(`  … and ${problems.length - 300} more`);
    process.exit(1);
  }
  console.log(
    '\n✔ Translation catalogs: valid JSON, no unknown or empty keys, placeholders and plurals match English',
  );
}
