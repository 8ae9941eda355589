import { describe, expect, it } from 'vitest';
import { PLAN_MODULES } from '../plans/model';
import { abilitiesFor } from './check';
import {
  isModuleEnabled,
  isQuestionTypeAvailable,
  PAID_MODULES,
  QUESTION_TYPE_PERMISSION_LIST,
  requiredModuleForQuestionType,
} from './modules';
import type { StudyRole } from './roles';

describe('Spec 000 §6 paid module gating', () => {
  it('knows the module codes, one list shared with subscription plans', () => {
    expect(PAID_MODULES).toBe(PLAN_MODULES);
    expect(PAID_MODULES).toContain('MEDICATION');
    expect(PAID_MODULES).toContain('PUBLIC_ENROLLMENT');
    expect(new Set(PAID_MODULES).size).toBe(PAID_MODULES.length);
  });

  it('a module is enabled only when the study has it', () => {
    expect(isModuleEnabled({ modules: ['ADVERSE_EVENTS'] }, 'ADVERSE_EVENTS')).toBe(true);
    expect(isModuleEnabled({ modules: ['ADVERSE_EVENTS'] }, 'MEDICATION')).toBe(false);
    expect(isModuleEnabled({ modules: [] }, 'RANDOMIZATION')).toBe(false);
  });

  it('medication, AE and unscheduled-event references need their module', () => {
    expect(requiredModuleForQuestionType('MEDICATION_REF')).toBe('MEDICATION');
    expect(requiredModuleForQuestionType('AE_REF')).toBe('ADVERSE_EVENTS');
    expect(requiredModuleForQuestionType('AE_2_REF')).toBe('CUSTOM_AE_REPORTS');
    expect(requiredModuleForQuestionType('UNSCHEDULED_EVENT_REF')).toBe('UNSCHEDULED_EVENT_REFERENCES');
    expect(requiredModuleForQuestionType('NUMBER')).toBeUndefined();
    expect(requiredModuleForQuestionType('toString')).toBeUndefined();
  });

  it('an unsupported card shows for a reference type without its module', () => {
    expect(isQuestionTypeAvailable({ modules: [] }, 'MEDICATION_REF')).toBe(false);
    expect(isQuestionTypeAvailable({ modules: ['MEDICATION'] }, 'MEDICATION_REF')).toBe(true);
    expect(isQuestionTypeAvailable({ modules: ['MEDICATION'] }, 'AE_REF')).toBe(false);
    expect(isQuestionTypeAvailable({ modules: [] }, 'TEXT_FREE')).toBe(true);
  });

  it('spec 000 §6: reference questions need the matching module or permission', () => {
    const noModules = { modules: [] };
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_VIEW: true } }, 'AE_REF')).toBe(true);
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_VIEW: true } }, 'AE_2_REF')).toBe(true);
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_VIEW: false } }, 'AE_REF')).toBe(false);
    expect(
      isQuestionTypeAvailable(
        { ...noModules, abilities: { PATIENT_LIST_MEDICATION: true } },
        'MEDICATION_REF',
      ),
    ).toBe(true);
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_VIEW: true } }, 'MEDICATION_REF')).toBe(
      false,
    );
    expect(
      isQuestionTypeAvailable(
        { ...noModules, abilities: { PATHWAY_RECORD_UNEXPECTED: true } },
        'UNSCHEDULED_EVENT_REF',
      ),
    ).toBe(true);
    // Participants carry no abilities: the module alone decides.
    expect(isQuestionTypeAvailable({ ...noModules, abilities: null }, 'AE_REF')).toBe(false);
  });

  it('spec 001 §6: any AE permission of the caller opens AE_REF and AE_2_REF, as the study roles grant them', () => {
    const noModules = { modules: [] as string[] };
    const scope = { studyId: 'st1', siteId: 's1' };
    const roleAbilities = (role: StudyRole) =>
      abilitiesFor(
        { systemPermissions: [], studyAccess: [{ studyId: 'st1', role, siteIds: ['s1'] }] },
        scope,
        QUESTION_TYPE_PERMISSION_LIST,
      );
    // STUDY_HELPER reports AEs (AE_CREATE) without AE_VIEW: it may create one from the question.
    expect(
      isQuestionTypeAvailable({ ...noModules, abilities: roleAbilities('STUDY_HELPER') }, 'AE_REF'),
    ).toBe(true);
    for (const role of ['INVESTIGATOR', 'MONITOR', 'DOCTOR', 'ADMIN'] as const) {
      expect(isQuestionTypeAvailable({ ...noModules, abilities: roleAbilities(role) }, 'AE_REF'), role).toBe(
        true,
      );
      expect(
        isQuestionTypeAvailable({ ...noModules, abilities: roleAbilities(role) }, 'AE_2_REF'),
        role,
      ).toBe(true);
    }
    expect(isQuestionTypeAvailable({ ...noModules, abilities: roleAbilities('OTHER') }, 'AE_REF')).toBe(
      false,
    );
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_CREATE: true } }, 'AE_REF')).toBe(true);
    expect(isQuestionTypeAvailable({ ...noModules, abilities: { AE_CREATE: true } }, 'MEDICATION_REF')).toBe(
      false,
    );
  });
});
