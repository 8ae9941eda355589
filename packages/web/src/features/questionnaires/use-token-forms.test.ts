import type { AnswerSetView, FillForm, QuestionnaireFill } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import {
  buildTabs,
  chooseFormLanguage,
  formLanguagesOf,
  verificationLevels,
  verificationRounds,
} from './use-token-forms';

function answerSet(formId: string, isCompleted: boolean): AnswerSetView {
  return {
    id: `set-${formId}`,
    formId,
    isCompleted,
    status: isCompleted ? 'STATUS_COMPLETED' : 'STATUS_INCOMPLETE',
    verified: isCompleted,
    secondaryVerified: false,
  } as AnswerSetView;
}

function fillForm(formId: string, options: { isOptional?: boolean; done?: boolean | null } = {}): FillForm {
  return {
    formId,
    isOptional: options.isOptional ?? false,
    isRemoved: false,
    form: { id: formId, title: { en: `Form ${formId}`, ar: `نموذج ${formId}` }, questions: [] },
    taggedVersion: { major: 1, minor: 0 },
    currentVersion: { major: 1, minor: 0 },
    answerSet: options.done === undefined || options.done === null ? null : answerSet(formId, options.done),
  } as unknown as FillForm;
}

function fill(forms: FillForm[], input: Partial<QuestionnaireFill> = {}): QuestionnaireFill {
  return {
    dataEvent: { id: 'e1', name: { en: 'Visit' }, type: 'TYPE_USER', forceFormOrder: true },
    forms,
    abilities: {
      canFill: true,
      canEdit: true,
      editBlockedReason: null,
      canVerify: true,
      canVerifySecondary: false,
    },
    verification: { primary: 'QUESTION', secondary: 'FORM' },
    ...input,
  } as QuestionnaireFill;
}

describe('buildTabs (spec 001 §2 tabbed navigation)', () => {
  it('locks the forms after an open mandatory form when the data event forces the order', () => {
    const data = fill([fillForm('a', { done: true }), fillForm('b', { done: false }), fillForm('c')]);
    const tabs = buildTabs(data, 'en', () => false, true);
    expect(tabs.map((t) => [t.formId, t.isLocked, t.status])).toEqual([
      ['a', false, 'STATUS_COMPLETED'],
      ['b', false, 'STATUS_INCOMPLETE'],
      ['c', true, 'STATUS_NOT_STARTED'],
    ]);
  });

  it('does not let an open optional form hold back the next one', () => {
    const data = fill([fillForm('a', { isOptional: true }), fillForm('b')]);
    expect(buildTabs(data, 'en', () => false, true).map((t) => t.isLocked)).toEqual([false, false]);
  });

  it('keeps every tab open without a forced order, and in review', () => {
    const free = fill([fillForm('a'), fillForm('b')], {
      dataEvent: { id: 'e1', name: { en: 'Visit' }, type: 'TYPE_USER', forceFormOrder: false },
    });
    expect(buildTabs(free, 'en', () => false, true).some((t) => t.isLocked)).toBe(false);
    const forced = fill([fillForm('a'), fillForm('b')]);
    expect(buildTabs(forced, 'en', () => false, false).some((t) => t.isLocked)).toBe(false);
  });

  it('titles tabs in the chosen language, marks unsaved forms and shows verification icons', () => {
    const data = fill([fillForm('a', { done: true }), fillForm('b')]);
    const tabs = buildTabs(data, 'ar', (id) => id === 'b', true);
    expect(tabs.map((t) => [t.title, t.isDirty, t.verified])).toEqual([
      ['نموذج a', false, ['primary']],
      ['نموذج b', true, []],
    ]);
  });
});

describe('verification rounds (spec 001 §2 verification by the study type)', () => {
  it('offers per-answer checks only for QUESTION and per-form buttons for any type but NONE', () => {
    const data = fill([]);
    expect(verificationRounds(data, 'ANSWER')).toEqual([{ round: 'primary', canVerify: true }]);
    expect(verificationRounds(data, 'FORM')).toEqual([
      { round: 'primary', canVerify: true },
      { round: 'secondary', canVerify: false },
    ]);
    expect(verificationLevels(data)).toEqual(['primary', 'secondary']);
  });

  it('shows nothing when the study does not verify', () => {
    const data = fill([], { verification: { primary: 'NONE', secondary: 'NONE' } });
    expect(verificationRounds(data, 'ANSWER')).toEqual([]);
    expect(verificationRounds(data, 'FORM')).toEqual([]);
    expect(verificationLevels(data)).toEqual([]);
  });
});

describe('staff form language (issue 12 item 6)', () => {
  const titled = (title: Record<string, string>) => ({ form: { title } }) as unknown as FillForm;

  it('lists only the study languages the form is written in', () => {
    expect(formLanguagesOf(titled({ en: 'Visit', da: 'Besøg', de: '' }), ['da', 'en', 'de', 'ar'])).toEqual([
      'da',
      'en',
    ]);
    expect(formLanguagesOf(undefined, ['da', 'en'])).toEqual(['da', 'en']);
  });

  it("opens in the interface language when the form has it, else the study's primary language", () => {
    expect(chooseFormLanguage(['da', 'en'], { chosen: null, ui: 'en', primary: 'da' })).toBe('en');
    expect(chooseFormLanguage(['da', 'en'], { chosen: null, ui: 'ar', primary: 'da' })).toBe('da');
    expect(chooseFormLanguage(['en', 'he'], { chosen: null, ui: 'he-il', primary: 'en' })).toBe('he');
    expect(chooseFormLanguage(['de'], { chosen: null, ui: 'ar', primary: 'da' })).toBe('de');
  });

  it('keeps the language chosen in the header while the form has it', () => {
    expect(chooseFormLanguage(['da', 'en'], { chosen: 'da', ui: 'en', primary: 'en' })).toBe('da');
    expect(chooseFormLanguage(['en'], { chosen: 'da', ui: 'en', primary: 'en' })).toBe('en');
  });
});
