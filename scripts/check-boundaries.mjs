// `npm run lint:boundaries` (issue 14 item 8): the module boundaries that the folder map of
// ARCHITECTURE.md promises, kept by a tool instead of by review. Over the server's source files
// (tests included) it fails on:
//   - cross-module repo: a file of modules/X importing modules/Y/repo(.ts) — a module offers
//     functions (its services, or an `api.ts` facade), never its repository;
//   - module cycle: modules X and Y importing each other, directly or round a longer loop (the
//     graph is of modules, not files, so a loop through different files of the same modules counts);
//   - platform imports product: platform/** importing modules/** outside of tests (the guard, the
//     audit writer, sessions are below every product module).
// Over the server and web sources and the domain, it fails on deep imports of the domain
// (`@trialbase/domain/...`) and on secondary barrels (an index.ts below packages/domain/src): the
// domain has one barrel, packages/domain/src/index.ts.
// The imports are read with TypeScript's pre-processor (no type information), so the check
// takes well under a second. Known exceptions are listed in ALLOWED with their reason.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Module edges left out of the cycle search, with the reason: known loops not yet straightened
 * (issue 14 item 8). Remove an entry once its loop is gone; add none.
 */
export const ALLOWED = {};

/**
 * Problems known today and not yet fixed, by rule and file (issue 14 item 8): they are listed as
 * known, not failures. Remove an entry once fixed; add none.
 */
export const KNOWN = {};

export const isKnown = (p) => {
  const files = KNOWN[p.rule] ?? [];
  return files.includes('*') || files.includes(p.file);
};

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveRelative(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, '.ts'),
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => ({
    spec: f.fileName,
    line: text.slice(0, f.pos).split('\n').length,
  }));
}

const isTest = (rel) => /\.test\.tsx?$|(^|\/)test\/|test-kit\.ts$|_bench/.test(rel);

/**
 * The problems under `base` (the repository root, or a fixture tree laid out the same way):
 * a list of { rule, file, line, message }.
 */
export function checkBoundaries(base = root) {
  const problems = [];
  const serverSrc = path.join(base, 'packages/server/src');
  const modulesDir = path.join(serverSrc, 'modules');
  const moduleOf = (abs) => {
    const rel = path.relative(modulesDir, abs);
    if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
    const [name, ...rest] = rel.split(path.sep);
    return rest.length ? name : null;
  };
  /** module -> module -> first { file, line } of an import along that edge */
  const edges = new Map();

  for (const file of walk(serverSrc)) {
    const rel = path.relative(base, file).split(path.sep).join('/');
    const from = moduleOf(file);
    const inPlatform = rel.startsWith('packages/server/src/platform/');
    for (const { spec, line } of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      const to = moduleOf(target);
      if (!to) continue;
      const targetName = path.basename(target).replace(/\.tsx?$/, '');
      // A module's tables.ts is the database schema (foreign keys, joins): shared, not an API.
      if (targetName === 'tables') continue;
      if (from && from !== to && targetName === 'repo') {
        problems.push({
          rule: 'cross-module-repo',
          file: rel,
          line,
          message: `modules/${from} imports modules/${to}/repo ('${spec}'): call a function that modules/${to} offers instead`,
        });
      }
      if (inPlatform && !isTest(rel)) {
        problems.push({
          rule: 'platform-imports-product',
          file: rel,
          line,
          message: `platform code imports modules/${to} ('${spec}'): the platform sits below every product module`,
        });
      }
      if (from && from !== to && !isTest(rel)) {
        if (!edges.has(from)) edges.set(from, new Map());
        if (!edges.get(from).has(to)) edges.get(from).set(to, { file: rel, line });
      }
    }
  }

  // Module cycles: strongly connected components of the module graph (Tarjan).
  const allowed = (a, b) => Boolean(ALLOWED[`${a} -> ${b}`]);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const connect = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (allowed(v, w)) continue;
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!idx.has(v)) connect(v);
  for (const component of components) {
    const inside = new Set(component);
    const links = [];
    for (const a of component) {
      for (const [b, at] of edges.get(a) ?? []) {
        if (inside.has(b) && !allowed(a, b)) links.push(`${a} -> ${b} (${at.file}:${at.line})`);
      }
    }
    problems.push({
      rule: 'module-cycle',
      file: 'packages/server/src/modules',
      line: 0,
      message: `import cycle between modules ${component.join(', ')}: ${links.join('; ')}`,
    });
  }

  // One barrel in the domain.
  const domainSrc = path.join(base, 'packages/domain/src');
  for (const file of walk(domainSrc)) {
    const rel = path.relative(base, file).split(path.sep).join('/');
    if (path.basename(file) === 'index.ts' && path.dirname(file) !== domainSrc) {
      problems.push({
        rule: 'domain-secondary-barrel',
        file: rel,
        line: 1,
        message: 'a second barrel in the domain: export from packages/domain/src/index.ts only',
      });
    }
    for (const { spec, line } of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = resolveRelative(file, spec);
      if (path.basename(target) === 'index.ts' && target !== file) {
        problems.push({
          rule: 'domain-secondary-barrel',
          file: rel,
          line,
          message: `imports a folder barrel ('${spec}'): import the file that declares it`,
        });
      }
    }
  }
  for (const pkg of ['server', 'web', 'e2e']) {
    for (const file of walk(path.join(base, 'packages', pkg))) {
      const rel = path.relative(base, file).split(path.sep).join('/');
      for (const { spec, line } of importsOf(file)) {
        if (spec.startsWith('@trialbase/domain/')) {
          problems.push({
            rule: 'domain-deep-import',
            file: rel,
            line,
            message: `deep import '${spec}': import from '@trialbase/domain'`,
          });
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const all = checkBoundaries();
  const known = all.filter(isKnown);
  const problems = all.filter((p) => !isKnown(p));
  for (const p of problems) console.error(`${p.file}:${p.line}  [${p.rule}] ${p.message}`);
  if (known.length) {
    const counts = {};
    for (const p of known) counts[p.rule] = (counts[p.rule] ?? 0) + 1;
    const byRule = Object.entries(counts).map(([rule, n]) => `${rule} ${n}`);
    console.log(`known, not yet fixed (KNOWN in scripts/check-boundaries.mjs): ${byRule.join(', ')}`);
  }
  if (problems.length) {
    console.error(
      `\n✖ ${problems.length} boundary problem(s) (scripts/check-boundaries.mjs, ARCHITECTURE.md)`,
    );
    process.exit(1);
  }
  console.log(`✔ module boundaries kept (${Date.now() - started} ms)`);
}
