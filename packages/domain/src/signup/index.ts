export { isKnownCountryCode, isValidPersonName } from './field-rules';
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
} from './fields';
export {
  isKnownCallingCode,
  isPhoneLengthValidForCallingCode,
  SIGNUP_PHONE_FIELDS,
  type SignUpPhone,
  type SignUpPhoneField,
} from './phone';
export * from './steps';
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
} from './validate';
