import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 18 item 1: the staff app downloads an area's strings only with its screens, so every string a
 * component draws must be declared before it renders: by the shell (SHELL_NAMESPACES, loaded at
 * start), by its area's routes (`areaRoutes([...], routes)`, loaded with the screen's chunk), or by the
 * component itself (`useTranslation(['common', 'queries'])`, which suspends until they are there).
 * This walks the import graph from main.tsx, as the bundler does, with the namespaces declared on
 * the way, and lists every file that uses keys of a namespace nothing on its way declared.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHELL = ['common', 'server-errors'];

/** Top-level key of each staff namespace (QUERIES → queries); participant namespaces are not staff strings. */
const NAMESPACE_OF_PREFIX = new Map<string, string>();
for (const file of readdirSync(path.join(SRC, 'locales/en'))) {
  const namespace = file.replace(/\.json$/, '');
  if (namespace === 'public' || namespace.startsWith('public-')) continue;
  const catalog = JSON.parse(readFileSync(path.join(SRC, 'locales/en', file), 'utf8')) as object;
  for (const prefix of Object.keys(catalog)) NAMESPACE_OF_PREFIX.set(prefix, namespace);
}
const KEY = new RegExp(`['"\`](${[...NAMESPACE_OF_PREFIX.keys()].join('|')})\\.[A-Z0-9_$]`, 'g');
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const DECLARATION = /(?:useTranslation|areaRoutes)\(\s*(\[[^\]]*\]|'[^']*')/g;

function stringsIn(text: string): string[] {
  return [...text.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
}

type Source = {
  uses: Set<string>;
  declares: Set<string>;
  imports: string[];
  /** Dynamic imports with the namespaces of the areaRoutes call they stand in, if any. */
  lazy: { file: string; declares: string[] }[];
};

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The areaRoutes(...) calls of a file: their text span and namespaces. */
function areaSpans(text: string): { start: number; end: number; declares: string[] }[] {
  const spans = [];
  for (const match of text.matchAll(/areaRoutes\(\s*(\[[^\]]*\])/g)) {
    let depth = 0;
    let end = match.index;
    for (let i = match.index + 'areaRoutes'.length; i < text.length; i++) {
      if (text[i] === '(') depth++;
      if (text[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    spans.push({ start: match.index, end, declares: stringsIn(match[1] ?? '') });
  }
  return spans;
}

const sources = new Map<string, Source>();
function source(file: string): Source {
  const known = sources.get(file);
  if (known) return known;
  const text = readFileSync(file, 'utf8');
  const uses = new Set<string>();
  for (const match of text.matchAll(KEY)) uses.add(NAMESPACE_OF_PREFIX.get(match[1] ?? '') ?? '');
  const declares = new Set<string>();
  for (const match of text.matchAll(DECLARATION)) {
    if (!match[0].startsWith('areaRoutes')) for (const ns of stringsIn(match[1] ?? '')) declares.add(ns);
  }
  const imports = [...text.matchAll(IMPORT)]
    .map((match) => resolve(file, match[1] ?? ''))
    .filter((found): found is string => found !== null);
  const spans = areaSpans(text);
  const lazy = [...text.matchAll(DYNAMIC_IMPORT)].flatMap((match) => {
    const found = resolve(file, match[1] ?? '');
    const span = spans.find((s) => match.index > s.start && match.index < s.end);
    return found ? [{ file: found, declares: span?.declares ?? [] }] : [];
  });
  const parsed = { uses, declares, imports, lazy };
  sources.set(file, parsed);
  return parsed;
}

type Finding = { file: string; namespace: string; via: string };

/** Walks from main.tsx; each file is checked with the namespaces declared on every way to it. */
function undeclaredUses(): { findings: Finding[]; visited: Set<string> } {
  const findings = new Map<string, Finding>();
  const seen = new Set<string>();
  const visited = new Set<string>();
  const stack: { file: string; available: Set<string>; via: string }[] = [
    { file: path.join(SRC, 'main.tsx'), available: new Set(SHELL), via: 'main.tsx' },
  ];
  while (stack.length > 0) {
    const { file, available, via } = stack.pop() as (typeof stack)[number];
    const id = `${file}|${[...available].sort().join(',')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    visited.add(file);
    const parsed = source(file);
    const here = new Set([...available, ...parsed.declares]);
    const name = path.relative(SRC, file);
    for (const namespace of parsed.uses) {
      if (!here.has(namespace)) findings.set(`${name}|${namespace}`, { file: name, namespace, via });
    }
    for (const next of parsed.imports) stack.push({ file: next, available: here, via });
    for (const next of parsed.lazy) {
      const declared = next.declares.length > 0;
      stack.push({
        file: next.file,
        available: new Set([...here, ...next.declares]),
        via: declared ? path.relative(SRC, next.file) : via,
      });
    }
  }
  return { findings: [...findings.values()], visited };
}

describe('namespace declarations of the staff app (issue 18 item 1)', () => {
  it('declares every namespace a component uses before it renders', () => {
    const { findings, visited } = undeclaredUses();
    // The walk reaches the screens of the areas (a broken import pattern would leave them out).
    expect(visited.size).toBeGreaterThan(200);
    expect(
      findings.map(
        (f) =>
          `${f.file} uses '${f.namespace}' (reached from ${f.via}): declare it in its area's areaRoutes or in useTranslation(['common', '${f.namespace}'])`,
      ),
    ).toEqual([]);
  });

  it('finds an undeclared use (the check can fail)', () => {
    const parsed = source(path.join(SRC, 'app/shell/side-menu.tsx'));
    expect(parsed.uses.has('common')).toBe(true);
    const fake: Source = { uses: new Set(['queries']), declares: new Set(), imports: [], lazy: [] };
    sources.set(path.join(SRC, 'main.tsx'), fake);
    try {
      expect(undeclaredUses().findings).toEqual([
        { file: 'main.tsx', namespace: 'queries', via: 'main.tsx' },
      ]);
    } finally {
      sources.delete(path.join(SRC, 'main.tsx'));
    }
  });
});
