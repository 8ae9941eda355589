/** Helpers of the import API tests: the material files and the expected counts per file. */
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

/** REDCap dictionaries: [forms, questions, show rules, calculated, left out]. */
export const REDCAP_EXPECTED: Record<string, [number, number, number, number, number]> = {
  'rarelink_cdm_v2_0_5_dictionary.csv': [11, 118, 27, 0, 1],
  'redcapr_longitudinal_dictionary.csv': [9, 99, 1, 0, 3],
  'redcapr_potentially-problematic-dictionary_dictionary.csv': [1, 5, 0, 0, 1],
  'redcapr_survey_dictionary.csv': [4, 28, 0, 0, 1],
  'redcapr_validation-types-1_dictionary.csv': [1, 50, 0, 1, 2],
  'reproschema_hbcd_sample_dictionary.csv': [12, 433, 132, 0, 57],
};

/** ODM files (the examples and REDCap's project XML): [forms, questions, imported, approximate, left out] or the error. */
export const ODM_EXPECTED: Record<string, [number, number, number, number, number] | string> = {
  'odm/cdisc_Hypercholesterolemia_CRF_labelled-1.3.2-INVALID-uses-v2-features.xml': 'NO_FORMS',
  'odm/cdisc_MetaData_Dave_1_3_2_extra_languages.xml': [7, 109, 104, 5, 0],
  'odm/odmlib_cdash-odm-test-INVALID-studyName-case.xml': [4, 55, 50, 5, 0],
  'odm/odmlib_cdash-odm-test.xml': [4, 55, 50, 5, 0],
  'odm/odmlib_odm-data-snapshot.xml': [7, 56, 52, 4, 5],
  'odm/odmlib_test_clinical_data_01.xml': 'NO_FORMS',
  'odm/openedc_clinicaldata-INVALID-auditrecord-order.xml': 'NO_FORMS',
  'odm/openedc_metadata.xml': [5, 35, 35, 0, 0],
  'redcap/redcapr_longitudinal_project.xml': [9, 154, 154, 0, 0],
  'redcap/redcapr_validation-types-1_project.xml': [1, 59, 55, 4, 0],
};

/** FHIR material: [forms, questions, show rules, calculated, left out] or the file error (responses: NOT_A_QUESTIONNAIRE). */
export const FHIR_EXPECTED: Record<string, [number, number, number, number, number] | string> = {
  'SOURCES.md': 'NOT_JSON',
  'fhir-core-r4/bundle-questionnaire.json': [1, 97, 0, 0, 30],
  'fhir-core-r4/questionnaire-example.json': [1, 5, 4, 0, 5],
  'fhir-core-r4/questionnaireresponse-example-bluebook.json': 'NOT_A_QUESTIONNAIRE',
  'fhir-test-cases-questionnaire/Questionnaire-ExampleEntryValidationDecimal.json': [1, 4, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/abstract-question-type-included-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/attachment-content-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/attachment-inconsistent-size-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/attachment-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/attachment-max-size-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/attachment-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/boolean-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/choice-answer-option-exclusive-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/choice-answer-option-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/choice-async-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/choice-gender-coding-async-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/choice-invalid-type-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/choice-invalid-value-set-async-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/date-answer-option-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/date-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/date-min-max-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/date-time-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/date-time-min-max-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/decimal-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/decimal-max-decimal-places-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/decimal-min-max-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/decimal-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/display-answer-included-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/group-required-q.json': [1, 2, 0, 0, 1],
  'fhir-test-cases-questionnaire/brianpos/group-with-string-invalid-nesting-link-id-q.json': [1, 2, 0, 0, 1],
  'fhir-test-cases-questionnaire/brianpos/group-with-string-invalid-nesting-q.json': [1, 2, 0, 0, 1],
  'fhir-test-cases-questionnaire/brianpos/group-with-string-q.json': [1, 2, 0, 0, 1],
  'fhir-test-cases-questionnaire/brianpos/integer-answer-option-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/integer-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/integer-min-max-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/integer-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/invalid-link-id-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/invariant-corrupted-expression-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/invariant-questionnaire-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/invariant-undefined-variable-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/manifest.json': 'NOT_A_QUESTIONNAIRE',
  'fhir-test-cases-questionnaire/brianpos/open-choice-gender-coding-async-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/open-choice-invalid-type-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/open-choice-string-async-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/quantity-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-min-max-compat-units-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-min-max-incompat-units-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-min-max-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-units-in-value-set-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-units-invalid-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-units-not-in-value-set-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/quantity-units-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/questionnaire-draft-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/questionnaire-inactive-end-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/questionnaire-inactive-start-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/questionnaire-retired-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-absolute-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-invalid-resource-type-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-invalid-type-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-invalid-url-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-relative-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/reference-unconstrained-resource-type-q.json': 'NO_FORMS',
  'fhir-test-cases-questionnaire/brianpos/string-answer-option-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-draft-downgrade-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-max-occurs-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-min-max-length-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-min-occurs-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-regex-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-required-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-vs-text-q.json': [1, 2, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/string-with-coding-async-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/text-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/time-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/time-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/url-invalid-type-q.json': [1, 1, 0, 0, 0],
  'fhir-test-cases-questionnaire/brianpos/url-value-q.json': [1, 1, 0, 0, 0],
  'fhirpath-tests/appointment-examplereq.json': 'NOT_A_QUESTIONNAIRE',
  'fhirpath-tests/codesystem-example.xml': 'NOT_JSON',
  'fhirpath-tests/explanationofbenefit-example.json': 'NOT_A_QUESTIONNAIRE',
  'fhirpath-tests/observation-example.xml': 'NOT_JSON',
  'fhirpath-tests/parameters-example-types.xml': 'NOT_JSON',
  'fhirpath-tests/patient-container-example.json': 'NOT_A_QUESTIONNAIRE',
  'fhirpath-tests/patient-example-period.xml': 'NOT_JSON',
  'fhirpath-tests/patient-example.xml': 'NOT_JSON',
  'fhirpath-tests/patient-name-extensions.json': 'NOT_A_QUESTIONNAIRE',
  'fhirpath-tests/questionnaire-example.xml': 'NOT_JSON',
  'fhirpath-tests/tests-fhir-r4.xml': 'NOT_JSON',
  'fhirpath-tests/valueset-example-expansion.xml': 'NOT_JSON',
  'lhc-forms/apgar-with-itemWeight-variable.json': [1, 6, 0, 0, 0],
  'lhc-forms/bit-of-everything.json': [1, 14, 0, 0, 5],
  'lhc-forms/enableWhen-test.R4.json': [1, 85, 9, 0, 0],
  'lhc-forms/enableWhenExpressionTest.json': [1, 6, 0, 0, 0],
  'lhc-forms/enableWhenOnCalculatedValueFromFHIRPath.json': [1, 11, 0, 0, 0],
  'lhc-forms/hidden-item-questionnaire-response.R4.json': 'NOT_A_QUESTIONNAIRE',
  'lhc-forms/hidden-item-questionnaire.R4.json': [1, 8, 0, 5, 0],
  'lhc-forms/matrixLayoutSingleSelectionWithData.R4.json': [1, 4, 0, 0, 1],
  'lhc-forms/phq9.json': [1, 11, 0, 0, 0],
  'lhc-forms/q-enableWhen-with-reference-loop.json': [1, 3, 0, 0, 0],
  'lhc-forms/q-repeating-item-calculatedExpression.json': [1, 4, 0, 0, 0],
  'lhc-forms/q-with-minOccurs-maxOccurs.json': [1, 4, 0, 0, 0],
  'lhc-forms/q-with-nested-enableWhen.json': [1, 7, 4, 0, 0],
  'lhc-forms/questionnaire-calculatedExpression.json': [1, 9, 0, 1, 3],
  'lhc-forms/weightHeightQuestionnaire.json': [1, 5, 0, 1, 0],
};
