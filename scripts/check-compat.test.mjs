// The compat check of `npm test` (issue 13 item 7), tested on fixtures, then run on the code.
// Run with `node --test scripts/check-compat.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { BROWSERS, checkCompat } from './check-compat.mjs';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'compat-fixtures');

test('the minimum browsers are those of spec 000 §1', () => {
  assert.deepEqual(BROWSERS, ['chrome >= 84', 'firefox >= 78', 'safari >= 14', 'edge >= 84']);
});

test('fails on an AbortSignal.timeout call (spec 000 §1 minimum browsers lack it)', async () => {
  const problems = await checkCompat(['abort-timeout.ts'], fixtures);
  assert.equal(problems.length, 1, JSON.stringify(problems));
  assert.match(problems[0].message, /AbortSignal\.timeout\(\) is not supported in .*chrome 84/);
});

test('fails on Object.hasOwn (eslint-plugin-compat)', async () => {
  const problems = await checkCompat(['object-has-own.ts'], fixtures);
  assert.ok(
    problems.some((p) => /Object\.hasOwn/.test(p.message)),
    JSON.stringify(problems),
  );
});

test('passes code every minimum browser supports', async () => {
  assert.deepEqual(await checkCompat(['supported.ts'], fixtures), []);
});

test('the participant app, the form renderer and the domain use no API beyond the minimum browsers', async () => {
  const problems = await checkCompat();
  assert.deepEqual(
    problems.map((p) => `${p.file}:${p.line} ${p.message}`),
    [],
  );
});
