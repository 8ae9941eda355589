/**
 * Helpers of the import API tests: the material files and the expected counts of the ODM files (the
 * REDCap and FHIR counts are the domain's, shared with its tests: REDCAP_MATERIAL_EXPECTED,
 * FHIR_MATERIAL_EXPECTED).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The shared test material beside the repository (`../shared/material/`). */
export const MATERIAL = path.resolve(HERE, '../../../../../../shared/material');

/** Every file under a folder of the material, as paths relative to it. */
export function materialFiles(folder: string): string[] {
  const root = path.join(MATERIAL, folder);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [path.relative(root, full)];
    });
  return walk(root).sort();
}

export function readMaterial(folder: string, file: string): string {
  return readFileSync(path.join(MATERIAL, folder, file), 'utf8');
}

/** ODM files (the examples and REDCap's project XML): [forms, questions, imported, approximate, left out] or the error. */
export const ODM_EXPECTED: Record<string, [number, number, number, number, number] | string> = {
  'odm/cdisc_Hypercholesterolemia_CRF_labelled-1.3.2-INVALID-uses-v2-features.xml': 'NO_FORMS',
  'odm/cdisc_MetaData_Dave_1_3_2_extra_languages.xml': [7, 109, 103, 6, 0],
  'odm/odmlib_cdash-odm-test-INVALID-studyName-case.xml': [4, 55, 50, 5, 0],
  'odm/odmlib_cdash-odm-test.xml': [4, 55, 50, 5, 0],
  'odm/odmlib_odm-data-snapshot.xml': [7, 56, 52, 4, 5],
  'odm/odmlib_test_clinical_data_01.xml': 'NO_FORMS',
  'odm/openedc_clinicaldata-INVALID-auditrecord-order.xml': 'NO_FORMS',
  'odm/openedc_metadata.xml': [5, 35, 33, 2, 0],
  'redcap/redcapr_longitudinal_project.xml': [9, 154, 154, 0, 0],
  'redcap/redcapr_validation-types-1_project.xml': [1, 59, 55, 4, 0],
};
