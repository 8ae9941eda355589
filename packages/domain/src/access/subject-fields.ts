import type { Permission } from './permissions';

/** Spec 000 §6 per-field subject view permissions: restricted field → permission needed to see it. */
export const SUBJECT_RESTRICTED_FIELDS = {
  firstName: 'PATIENT_VIEW_FIRST_NAME',
  lastName: 'PATIENT_VIEW_LAST_NAME',
  address: 'PATIENT_VIEW_ADDRESS',
  mobileNumber: 'PATIENT_VIEW_MOBILE',
  email: 'PATIENT_VIEW_EMAIL',
  dateOfBirth: 'PATIENT_VIEW_DATE_OF_BIRTH',
  ssChecksum: 'PATIENT_VIEW_CHECKSUM',
  gender: 'PATIENT_VIEW_GENDER',
  nationality: 'PATIENT_VIEW_NATIONALITY',
  guardian1: 'PATIENT_VIEW_GUARDIANS',
  guardian2: 'PATIENT_VIEW_GUARDIANS',
  homeNumber: 'PATIENT_VIEW_HOME_NUMBER',
  workNumber: 'PATIENT_VIEW_WORK_NUMBER',
  initials: 'PATIENT_VIEW_INITIALS',
} as const satisfies Record<string, Permission>;
export type SubjectRestrictedField = keyof typeof SUBJECT_RESTRICTED_FIELDS;
