// The translation check fails on what it must (issue 18 "Must show"): run on fixture catalogs in
// a temp folder, as `npm run i18n:check` runs on the real ones.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'i18n-check.mjs');
const folders = [];
after(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const ENGLISH = {
  AREA: {
    TITLE: 'Sites',
    WELCOME: 'Hello {{name}}',
    IMPORTED_one: '{{count}} subject imported',
    IMPORTED_other: '{{count}} subjects imported',
  },
};
const DANISH = {
  AREA: {
    TITLE: 'Steder',
    WELCOME: 'Hej {{name}}',
    IMPORTED_one: '{{count}} forsøgsperson importeret',
    IMPORTED_other: '{{count}} forsøgspersoner importeret',
  },
};

/** Writes {language: {namespace: catalog or raw text}} and code files, runs the check. */
function check(catalogs, code = { 'page.tsx': "t('AREA.TITLE'); t('AREA.IMPORTED', { count: 2 });" }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  folders.push(dir);
  for (const [language, namespaces] of Object.entries(catalogs)) {
    mkdirSync(path.join(dir, 'locales', language), { recursive: true });
    for (const [namespace, catalog] of Object.entries(namespaces))
      writeFileSync(
        path.join(dir, 'locales', language, `${namespace}.json`),
        typeof catalog === 'string' ? catalog : JSON.stringify(catalog, null, 2),
      );
  }
  mkdirSync(path.join(dir, 'src'));
  for (const [file, text] of Object.entries(code)) writeFileSync(path.join(dir, 'src', file), text);
  const run = spawnSync(
    process.execPath,
    [script, '--locales', path.join(dir, 'locales'), '--code', path.join(dir, 'src')],
    { encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

test('passes on matching catalogs and reports a partial language without failing', () => {
  const partial = { AREA: { TITLE: 'Miejsca' } };
  const result = check({ en: { sites: ENGLISH }, da: { sites: DANISH }, pl: { sites: partial } });
  assert.equal(result.status, 0, result.output);
  assert.match(result.output, /da\s+100%/);
  assert.match(result.output, /pl\s+33%\s+1\/3\s+partial: sites 33%/);
});

test('fails on a key used in the code that English does not have', () => {
  const result = check({ en: { sites: ENGLISH } }, { 'page.tsx': "t('AREA.TITEL');" });
  assert.equal(result.status, 1);
  assert.match(result.output, /uses AREA\.TITEL, which English does not have/);
});

test('fails on a placeholder that differs from English', () => {
  const danish = { AREA: { ...DANISH.AREA, WELCOME: 'Hej {{navn}}' } };
  const result = check({ en: { sites: ENGLISH }, da: { sites: danish } });
  assert.equal(result.status, 1);
  assert.match(
    result.output,
    /da\/sites\.json: AREA\.WELCOME has placeholders \{\{navn\}\} but English \{\{name\}\}/,
  );
});

test('fails on a key or a namespace English does not have', () => {
  const danish = { AREA: { ...DANISH.AREA, EXTRA: 'Ekstra' } };
  const result = check({ en: { sites: ENGLISH }, da: { sites: danish, other: { X: 'y' } } });
  assert.equal(result.status, 1);
  assert.match(result.output, /da\/sites\.json: AREA\.EXTRA is unknown to English/);
  assert.match(result.output, /da\/other\.json: namespace other does not exist in English/);
});

test('fails on plural forms the language needs but lacks, or does not use', () => {
  const arabic = { AREA: { IMPORTED_one: 'مشارك واحد', IMPORTED_other: '{{count}} مشارك' } };
  const danish = { AREA: { ...DANISH.AREA, IMPORTED_few: '{{count}} få' } };
  const result = check({ en: { sites: ENGLISH }, ar: { sites: arabic }, da: { sites: danish } });
  assert.equal(result.status, 1);
  assert.match(result.output, /ar\/sites\.json: AREA\.IMPORTED lacks plural forms _zero, _two, _few, _many/);
  assert.match(result.output, /da\/sites\.json: AREA\.IMPORTED has plural forms _few that da does not use/);
});

test('fails on an empty string and on invalid JSON', () => {
  const danish = { AREA: { ...DANISH.AREA, TITLE: ' ' } };
  const result = check({ en: { sites: ENGLISH }, da: { sites: danish }, de: { sites: '{"AREA": {' } });
  assert.equal(result.status, 1);
  assert.match(result.output, /da\/sites\.json: AREA\.TITLE is an empty string/);
  assert.match(result.output, /de\/sites\.json: invalid JSON/);
});
