// The module-boundary check of `npm run lint:boundaries` (issue 14 item 8), tested on a small tree
// laid out like the repository, then run on the code. Run with `node --test scripts/check-boundaries.test.mjs`.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { checkBoundaries, isKnown } from './check-boundaries.mjs';

function tree(files) {
  const base = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    writeFileSync(path.join(base, file), text);
  }
  return base;
}

const m = 'packages/server/src/modules';

test('fails on a module importing another module’s repo.ts, passes through its api.ts', () => {
  const base = tree({
    [`${m}/a/service.ts`]: "import { findB } from '../b/repo';\nexport const a = findB;\n",
    [`${m}/a/other.ts`]: "import { findB } from '../b/api';\nimport { bTable } from '../b/tables';\n",
    [`${m}/b/repo.ts`]: 'export const findB = 1;\n',
    [`${m}/b/api.ts`]: "export { findB } from './repo';\n",
    [`${m}/b/tables.ts`]: 'export const bTable = 1;\n',
  });
  try {
    const problems = checkBoundaries(base);
    assert.deepEqual(
      problems.map((p) => `${p.rule} ${p.file}:${p.line}`),
      [`cross-module-repo ${m}/a/service.ts:1`],
    );
  } finally {
    rmSync(base, { recursive: true });
  }
});

test('fails on an import cycle between modules, also round three modules through different files', () => {
  const base = tree({
    [`${m}/a/one.ts`]: "import { b } from '../b/api';\n",
    [`${m}/b/api.ts`]: "import { c } from '../c/service/x';\nexport const b = c;\n",
    [`${m}/c/service/x.ts`]: "import { a } from '../../a/two';\nexport const c = a;\n",
    [`${m}/a/two.ts`]: 'export const a = 1;\n',
    [`${m}/d/api.ts`]: "import { a } from '../a/two';\n",
  });
  try {
    const problems = checkBoundaries(base);
    assert.equal(problems.length, 1, JSON.stringify(problems));
    assert.equal(problems[0].rule, 'module-cycle');
    assert.match(problems[0].message, /between modules a, b, c: a -> b .*; b -> c .*; c -> a/);
  } finally {
    rmSync(base, { recursive: true });
  }
});

test('fails on platform code importing a product module (tables and tests excepted), and on domain deep imports and barrels', () => {
  const base = tree({
    'packages/server/src/platform/auth/guard.ts': "import { load } from '../../modules/access/service';\n",
    'packages/server/src/platform/db/schema.ts': "export * from '../../modules/access/tables';\n",
    'packages/server/src/platform/http/sweep.test.ts':
      "import { load } from '../../modules/access/service';\n",
    [`${m}/access/service.ts`]: 'export const load = 1;\n',
    [`${m}/access/tables.ts`]: 'export const t = 1;\n',
    'packages/web/src/x.ts': "import { y } from '@trialbase/domain/forms/model';\n",
    'packages/domain/src/index.ts': "export * from './forms';\n",
    'packages/domain/src/forms/index.ts': "export * from './model';\n",
    'packages/domain/src/forms/model.ts': 'export const y = 1;\n',
  });
  try {
    const problems = checkBoundaries(base);
    assert.deepEqual(problems.map((p) => `${p.rule} ${p.file}`).sort(), [
      'domain-deep-import packages/web/src/x.ts',
      'domain-secondary-barrel packages/domain/src/forms/index.ts',
      'domain-secondary-barrel packages/domain/src/index.ts',
      'platform-imports-product packages/server/src/platform/auth/guard.ts',
    ]);
  } finally {
    rmSync(base, { recursive: true });
  }
});

test('the server modules keep their boundaries (known problems aside, listed in KNOWN)', () => {
  const problems = checkBoundaries().filter((p) => !isKnown(p));
  assert.deepEqual(
    problems.map((p) => `${p.file}:${p.line} [${p.rule}] ${p.message}`),
    [],
  );
});
