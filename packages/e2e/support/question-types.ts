// The 22 question types of spec 001 §3 in the builder's menu order, and the paid module each
// reference type needs (spec 000 §6): shared by the forms end-to-end specs.
export const QUESTION_TYPES = [
  'CHECKBOX',
  'YES_NO',
  'NUMBER',
  'TEXT_SENTENCE',
  'TEXT_FREE',
  'TIME',
  'DATE',
  'DATE_TIME',
  'TIME_DURATION',
  'MULTIPLE_CHOICE',
  'MULTIPLE_RESPONSE',
  'SMILEY',
  'SLIDER',
  'INFORMATION',
  'TABLE',
  'IMAGE',
  'CALCULATED',
  'MEDICATION_REF',
  'AE_REF',
  'AE_2_REF',
  'UNSCHEDULED_EVENT_REF',
  'FILE',
] as const;
export const REFERENCE_MODULES = {
  MEDICATION_REF: 'MEDICATION',
  AE_REF: 'ADVERSE_EVENTS',
  AE_2_REF: 'CUSTOM_AE_REPORTS',
  UNSCHEDULED_EVENT_REF: 'UNSCHEDULED_EVENT_REFERENCES',
} as const;
