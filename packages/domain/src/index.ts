/** The domain's one barrel (ARCHITECTURE.md: module boundaries): every export of every area, file by file. */
// access
export * from './access/check';
export * from './access/implications';
export * from './access/modules';
export * from './access/permissions';
export * from './access/redaction';
export * from './access/roles';
export * from './access/schemas';
export * from './admin/schemas';
// adverse-events
export * from './adverse-events/clock';
export * from './adverse-events/custom-reports';
export * from './adverse-events/custom-reports/endpoints';
export * from './adverse-events/custom-reports/model';
export * from './adverse-events/custom-reports/schemas';
export * from './adverse-events/dates';
export * from './adverse-events/model';
export * from './adverse-events/schemas';
export * from './adverse-events/signing';
export * from './adverse-events/state-machine';
// amendments (impact preview)
export * from './amendments/affected';
export * from './amendments/diff';
export * from './amendments/endpoints';
export * from './amendments/model';
export * from './audit/events';
export * from './audit/payloads';
export * from './auth/schemas';
// authoring
export * from './authoring/amendment-editable';
export * from './authoring/issues';
export * from './authoring/limits';
export * from './authoring/structure-locks';
export * from './authoring/validate-form';
export * from './authoring/validate-question';
export * from './authoring/validate-table';
// build-check
export * from './build-check/context';
export * from './build-check/endpoints';
export * from './build-check/model';
export * from './build-check/run';
// casebooks
export type * from './casebooks/audit-events';
export * from './casebooks/bidi';
export * from './casebooks/endpoints';
export * from './casebooks/model';
export * from './common/assert';
export * from './common/defaults-plan';
export * from './common/endpoint';
export * from './common/errors';
export * from './common/ids';
export * from './common/languages';
export * from './common/message-language';
export * from './common/state-machine';
export * from './common/time-zones';
export * from './common/timestamps';
// data-views (issue 25)
export * from './data-views/endpoints';
export * from './data-views/model';
export * from './data-views/schemas';
// econsent
export type * from './econsent/audit-events';
export * from './econsent/endpoints';
export * from './econsent/model';
export * from './econsent/rules';
export * from './econsent/schemas';
export * from './econsent/state-machine';
export * from './endpoints';
// enrollments
export * from './enrollments/model';
export * from './enrollments/schemas';
export * from './enrollments/staff-rules';
export * from './enrollments/state';
export * from './enrollments/state-machine';
// exports
export * from './exports/endpoints';
export * from './exports/model';
// external data
export * from './external-data/answers';
export type * from './external-data/audit-events';
export * from './external-data/endpoints';
export * from './external-data/mapping';
export * from './external-data/schemas';
// feed
export type * from './feed/audit-events';
export * from './feed/endpoints';
export * from './feed/model';
// file-vault
export type * from './file-vault/audit-events';
export * from './file-vault/content';
export * from './file-vault/endpoints';
export * from './file-vault/model';
export * from './file-vault/schemas';
// files
export * from './files/schemas';
export * from './files/sniff';
// forms
export * from './forms/answer-messages';
export * from './forms/answer-rules';
export * from './forms/answer-validation';
export * from './forms/contact-validation';
export * from './forms/eq5d';
export * from './forms/form-defaults';
export * from './forms/form-status';
export * from './forms/image-chart';
export * from './forms/model';
export * from './forms/number-values';
export * from './forms/schemas';
export * from './forms/score-visibility';
export * from './forms/show-rules';
export * from './forms/time-values';
export * from './forms/upload-validation';
export * from './forms/value-validation';
export * from './forms/versions';
// formulas
export * from './formulas/answer-values';
export * from './formulas/evaluate';
export * from './formulas/parser';
export * from './formulas/validate-formula';
// imports
export type * from './imports/audit-events';
export * from './imports/endpoints';
export * from './imports/fhir-export';
export * from './imports/fhir-import';
export * from './imports/fhir-types';
// Test data of the import material (domain and server tests only).
export * from './imports/material-expectations';
export * from './imports/odm-import';
export * from './imports/redcap';
export * from './imports/report';
export * from './imports/schemas';
// integrations
export * from './integrations/api-permissions';
export type * from './integrations/audit-events';
export * from './integrations/data-api';
export * from './integrations/schemas';
// medication
export type * from './medication/audit-events';
export * from './medication/endpoints';
export * from './medication/model';
export * from './medication/rules';
export * from './medication/schemas';
// plans
export * from './plans/model';
export * from './plans/state-machine';
// processes
export * from './processes/data-event-forms';
export * from './processes/locks';
export * from './processes/model';
export * from './processes/schemas';
export * from './processes/validate-process';
// public
export * from './public/audit-events';
export * from './public/one-time-password';
export * from './public/participant-form';
export * from './public/participant-process';
export * from './public/routes';
export * from './public/schemas';
export * from './public/state';
export * from './public/token-access';
// queries
export * from './queries/endpoints';
export * from './queries/model';
export * from './queries/schemas';
export * from './queries/state-machine';
export * from './questionnaires/answer-defaults';
// questionnaires
export * from './questionnaires/answer-set';
export * from './questionnaires/edit-locks';
export * from './questionnaires/model';
export * from './questionnaires/schemas';
export * from './questionnaires/state';
export * from './questionnaires/unscheduled';
// randomization
export * from './randomization/audit-events';
export * from './randomization/balance';
export * from './randomization/blinding';
export * from './randomization/blocks';
export * from './randomization/config';
export * from './randomization/endpoints';
export * from './randomization/errors';
export * from './randomization/list';
export * from './randomization/minimization';
export * from './randomization/process-config';
export * from './randomization/random-source';
export * from './randomization/schemas';
export * from './randomization/simulator';
export * from './randomization/strata';
// rules
export * from './rules/embedded';
export * from './rules/evaluate';
export * from './rules/messages';
export * from './rules/model';
export * from './rules/operators';
export * from './rules/rule-defaults';
export * from './rules/schemas';
export * from './rules/validate-rule';
export * from './rules/values';
// signup
export { isKnownCountryCode, isValidPersonName } from './signup/field-rules';
export {
  asksForInvestigator,
  orderSignUpFields,
  SIGNUP_ADDRESS_PARTS,
  SIGNUP_INVESTIGATOR_FIELDS,
  SIGNUP_LIMITS,
  SIGNUP_MESSAGES,
  SIGNUP_MIN_BIRTH_YEAR,
  SIGNUP_MIN_DATE,
  SIGNUP_PATIENT_FIELDS,
  type SignUpAddressPart,
  type SignUpFieldConfig,
  type SignUpInvestigatorField,
  type SignUpPatientField,
} from './signup/fields';
export {
  isKnownCallingCode,
  isPhoneLengthValidForCallingCode,
  SIGNUP_PHONE_FIELDS,
  type SignUpPhone,
  type SignUpPhoneField,
} from './signup/phone';
export * from './signup/steps';
export {
  isCompleteSignUpAddress,
  isPartialSignUpAddress,
  isSignUpLanguageLocked,
  type SignUpAddress,
  type SignUpConfig,
  type SignUpInput,
  type SignUpSwitches,
  signUpAddressToSend,
  validateSignUp,
} from './signup/validate';
// sites
export * from './sites/model';
export * from './sites/schemas';
// studies
export * from './storage/endpoints';
export * from './storage/model';
export * from './studies/amendment';
export * from './studies/date-format';
export * from './studies/model';
export * from './studies/participant-settings';
export * from './studies/schemas';
export * from './studies/state-machine';
// subjects
export * from './subjects/csv';
export * from './subjects/history';
export * from './subjects/import';
export * from './subjects/model';
export * from './subjects/schemas';
export * from './subjects/subject-ids';
export * from './subjects/validate-subject';
export * from './subjects/visibility';
// tokens
export * from './tokens/messages';
export * from './tokens/model';
export * from './tokens/schedule';
export * from './tokens/schemas';
export * from './tokens/staff-rules';
export * from './tokens/state';
export * from './tokens/state-machine';
export * from './tokens/zoned-time';
// translations
export * from './translations/edits';
export * from './translations/schemas';
export * from './translations/units';
// users
export * from './users/model';
export * from './users/password-policy';
export * from './users/schemas';
// webhooks
export type * from './webhooks/audit-events';
export * from './webhooks/delivery';
export * from './webhooks/endpoints';
export * from './webhooks/events';
export * from './webhooks/schemas';
