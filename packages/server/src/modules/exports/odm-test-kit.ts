/** ODM 1.3.2 schema checks of the ODM tests (exports and the imports' round trip): xmllint on the official XSD. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The official ODM 1.3.2 schema set, beside the repository (`../shared/material/odm/`). */
export const ODM_XSD = path.resolve(HERE, '../../../../../../shared/material/odm/schema-1.3.2/ODM1-3-2.xsd');
/** Whether the schema check can run here (xmllint installed, the schema set present). */
export const CAN_CHECK_ODM_SCHEMA = spawnSync('xmllint', ['--version']).status === 0 && existsSync(ODM_XSD);

/** xmllint against the ODM 1.3.2 schema. */
export function xmllint(odm: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tb-odm-'));
  try {
    const file = path.join(dir, 'odm.xml');
    writeFileSync(file, odm);
    return spawnSync('xmllint', ['--noout', '--nonet', '--schema', ODM_XSD, file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function expectValidOdm(odm: string) {
  const lint = xmllint(odm);
  expect(lint.stderr).toContain('validates');
  expect(lint.status, lint.stderr).toBe(0);
}
