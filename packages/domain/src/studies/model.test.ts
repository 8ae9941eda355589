import { describe, expect, it } from 'vitest';
import {
  SOFT_DELETE_TYPES,
  STUDY_DELETION_DELAY_HOURS,
  StudySchema,
  studyDeletionDueTime,
  TranslationSummarySchema,
  VERIFICATION_ROUNDS,
} from './model';

const id = (n: number) => n.toString(16).padStart(24, '0');
const now = '2024-05-01T10:00:00.000Z';

function study(over: Record<string, unknown> = {}) {
  return {
    id: id(1),
    status: 'STUDY_STATUS_BUILD',
    studyName: 'Heart study',
    description: null,
    createdBy: id(2),
    accountId: id(3),
    product: 'PUBLIC',
    test: false,
    extendedValidation: true,
    dateFormat: 'DD-MM-YYYY',
    dateTimeFormat: 'DD-MM-YYYY HH:mm',
    primaryLanguage: 'en',
    languages: ['en', 'da'],
    logo: null,
    features: {},
    modules: ['MEDICATION'],
    anonymize: false,
    amendment: false,
    amendmentSchedule: null,
    originalStudyId: null,
    amendmentStudyId: null,
    studyAccess: [{ userId: id(2), role: 'ADMIN', siteIds: null }],
    verificationType: 'FORM',
    secondaryVerificationType: 'NONE',
    statusBeforeDelete: null,
    deleteRequestedTime: null,
    createdTime: now,
    updatedTime: now,
    ...over,
  };
}

describe('Spec 001 §3 study', () => {
  it('accepts a complete study', () => {
    expect(StudySchema.safeParse(study()).success).toBe(true);
  });

  it('refuses an unknown status, language, module or a blank name', () => {
    expect(StudySchema.safeParse(study({ status: 'RUNNING' })).success).toBe(false);
    expect(StudySchema.safeParse(study({ primaryLanguage: 'xx' })).success).toBe(false);
    expect(StudySchema.safeParse(study({ modules: ['TELEPORT'] })).success).toBe(false);
    expect(StudySchema.safeParse(study({ studyName: '   ' })).success).toBe(false);
    expect(StudySchema.safeParse(study({ languages: [] })).success).toBe(false);
    expect(StudySchema.safeParse(study({ id: 'ABC' })).success).toBe(false);
  });

  it('soft-delete types are exactly those of spec 000 §3', () => {
    expect([...SOFT_DELETE_TYPES]).toEqual([
      'ae',
      'ae2',
      'medication',
      'medicationAccounting',
      'unscheduledevent',
      'discontinueEvent',
    ]);
    expect([...VERIFICATION_ROUNDS]).toEqual(['primary', 'secondary']);
  });

  it('translation progress stays within 0..100', () => {
    const row = { language: 'da', total: 10, completed: 5, untranslated: 5, progress: 50 };
    expect(TranslationSummarySchema.safeParse(row).success).toBe(true);
    expect(TranslationSummarySchema.safeParse({ ...row, progress: 101 }).success).toBe(false);
  });
});

describe('Spec 000 §9 study deletion delay', () => {
  it('is due 240 hours after the request', () => {
    expect(STUDY_DELETION_DELAY_HOURS).toBe(240);
    expect(studyDeletionDueTime(new Date(now)).toISOString()).toBe('2024-05-11T10:00:00.000Z');
  });
});
