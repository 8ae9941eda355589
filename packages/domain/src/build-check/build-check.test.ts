import { describe, expect, it } from 'vitest';
import { type FormTemplateInput, FormTemplateSchema, type QuestionInput } from '../forms/model';
import { type DataEventInput, type ProcessInput, ProcessSchema } from '../processes/model';
import { type ValidationRuleInput, ValidationRuleSchema } from '../rules/model';
import type { BuildCheckInput } from './context';
import type { BuildCheckCode } from './model';
import { hasBlockingDiagnostics, runBuildCheck } from './run';

// Issue 23 item 3: each diagnostic has a fixture that raises it and a clean one that does not.

const choice = (id: string, order: number, possibilities: string[], extra: Partial<QuestionInput> = {}) => ({
  id,
  order,
  type: 'MULTIPLE_CHOICE' as const,
  question: { en: `Question ${order}`, de: `Frage ${order}` },
  possibilities: possibilities.map((p, i) => ({
    id: p,
    possibility: { en: p, de: p },
    order: i + 1,
    scoreValue: i,
  })),
  ...extra,
});
const num = (id: string, order: number): QuestionInput => ({
  id,
  order,
  type: 'NUMBER',
  question: { en: `Number ${order}`, de: `Zahl ${order}` },
});
const form = (id: string, questions: QuestionInput[], extra: Partial<FormTemplateInput> = {}) =>
  FormTemplateSchema.parse({
    id,
    title: { en: `Form ${id}`, de: `Formular ${id}` },
    type: 'TYPE_FORM',
    questions,
    ...extra,
  });
const event = (id: string, extra: Partial<DataEventInput> = {}): DataEventInput => ({
  id,
  type: 'TYPE_PATIENT',
  name: { en: `Event ${id}`, de: `Ereignis ${id}` },
  forms: ['f1'],
  ...extra,
});
const process = (events: DataEventInput[], extra: Partial<ProcessInput> = {}) =>
  ProcessSchema.parse({ id: 'p1', pathwayName: 'Main', dataEvents: events, ...extra });

function input(over: Partial<BuildCheckInput> = {}): BuildCheckInput {
  return {
    study: { primaryLanguage: 'en', languages: ['en'] },
    participantSettings: { subjectRequiredFields: ['email'], publicSignUpRequiredFields: [] },
    forms: [form('f1', [choice('q1', 1, ['a', 'b']), num('q2', 2)])],
    processes: [process([event('e1')])],
    validationRules: [],
    showRules: [],
    ...over,
  };
}

function codes(over: Partial<BuildCheckInput>): BuildCheckCode[] {
  return runBuildCheck(input(over)).diagnostics.map((d) => d.code);
}

describe('runBuildCheck (issue 23 item 3)', () => {
  it('finds nothing in a clean study', () => {
    const report = runBuildCheck(input());
    expect(report).toEqual({ diagnostics: [], errorCount: 0, warningCount: 0, isBlocking: false });
  });

  it('SHOW_RULE_NEVER_SATISFIED: a show rule on a possibility id that does not exist, linked to the question', () => {
    const bad = form('f1', [
      choice('q1', 1, ['a', 'b']),
      { ...num('q2', 2), showRules: [{ question: 'q1', possibilities: ['zz'] }] },
    ]);
    const report = runBuildCheck(input({ forms: [bad] }));
    expect(report.diagnostics).toMatchObject([
      {
        code: 'SHOW_RULE_NEVER_SATISFIED',
        severity: 'ERROR',
        params: { reason: 'POSSIBILITY_NOT_FOUND', question: 'Q2', form: 'Form f1' },
        target: { screen: 'FORM', formId: 'f1', questionId: 'q2' },
        messageKey: 'BUILD_CHECK.CODES.SHOW_RULE_NEVER_SATISFIED',
      },
    ]);
    expect(report.isBlocking).toBe(true);
    const good = form('f1', [
      choice('q1', 1, ['a', 'b']),
      { ...num('q2', 2), showRules: [{ question: 'q1', possibilities: ['a'] }] },
    ]);
    expect(codes({ forms: [good] })).toEqual([]);
  });

  it('SHOW_RULE_SOURCE_NEVER_SHOWN: contradictory chain, a rule whose source question can never show', () => {
    const questions = [
      choice('q1', 1, ['a', 'b']),
      choice('q2', 2, ['c', 'd'], { showRules: [{ question: 'q1', possibilities: ['gone'] }] }),
      { ...num('q3', 3), showRules: [{ question: 'q2', possibilities: ['c'] }] },
    ];
    const diagnostics = runBuildCheck(input({ forms: [form('f1', questions)] })).diagnostics;
    expect(diagnostics.map((d) => [d.code, d.target])).toEqual([
      ['SHOW_RULE_NEVER_SATISFIED', { screen: 'FORM', formId: 'f1', questionId: 'q2' }],
      ['SHOW_RULE_SOURCE_NEVER_SHOWN', { screen: 'FORM', formId: 'f1', questionId: 'q3' }],
    ]);
    const fixed = [...questions];
    fixed[1] = choice('q2', 2, ['c', 'd'], { showRules: [{ question: 'q1', possibilities: ['a'] }] });
    expect(codes({ forms: [form('f1', fixed)] })).toEqual([]);
  });

  it('SHOW_RULE_NEVER_SATISFIED for a reference show rule on a removed possibility', () => {
    const rule = {
      id: 'sr1',
      formId: 'f1',
      target: { question: 'q2' },
      question: 'q1',
      possibilities: ['x'],
    };
    expect(runBuildCheck(input({ showRules: [rule] })).diagnostics).toMatchObject([
      { code: 'SHOW_RULE_NEVER_SATISFIED', target: { screen: 'SHOW_RULE', ruleId: 'sr1' } },
    ]);
    expect(codes({ showRules: [{ ...rule, possibilities: ['a'] }] })).toEqual([]);
  });

  it('RULE_FORM_NOT_IN_PROCESS: a show rule placed in an event that does not hold its form', () => {
    const other = form('f2', [num('q9', 1)]);
    const rule = {
      id: 'sr1',
      processId: 'p1',
      dataEventId: 'e1',
      formId: 'f2',
      target: { question: 'q9' },
      question: 'q9',
      possibilities: [],
    };
    const forms = [input().forms[0]!, other];
    const ok = { ...rule, formId: 'f1', target: { question: 'q2' }, question: 'q1', possibilities: ['a'] };
    expect(codes({ forms, showRules: [{ ...rule }] })).toContain('RULE_FORM_NOT_IN_PROCESS');
    expect(codes({ forms, showRules: [ok] })).toEqual([]);
  });

  it('RULE_FORM_NOT_IN_PROCESS and VALIDATION_RULE_INVALID for validation rules', () => {
    const rule = (left: Record<string, unknown>): ValidationRuleInput & { id: string } => ({
      id: 'vr1',
      ...ValidationRuleSchema.parse({
        leftOperant: { type: 'QUESTION', form: 'f1', question: 'q2', ...left },
        rightOperant: { type: 'CONST_VAL', value: 5, form: 'f1', question: 'q2', ...left },
        operator: 'lt',
        action: { type: 'BLOCK', message: { en: 'Too high' } },
      }),
    });
    const parsed = (r: ValidationRuleInput & { id: string }) => ({
      ...ValidationRuleSchema.parse(r),
      id: r.id,
    });
    expect(
      runBuildCheck(input({ validationRules: [parsed(rule({}))] })).diagnostics.map((d) => d.params),
    ).toEqual([]);
    expect(codes({ validationRules: [parsed(rule({ pathway: 'p1', dataEvent: 'nope' }))] })).toEqual([
      'RULE_FORM_NOT_IN_PROCESS',
      'RULE_FORM_NOT_IN_PROCESS',
    ]);
    expect(codes({ validationRules: [parsed(rule({ pathway: 'p1', dataEvent: 'e1' }))] })).toEqual([]);
    expect(codes({ validationRules: [parsed(rule({ question: 'gone' }))] })).toEqual([
      'VALIDATION_RULE_INVALID',
    ]);
    const unused = input().forms[0]!;
    expect(
      runBuildCheck(
        input({
          processes: [process([event('e1', { forms: ['f2'] })])],
          forms: [unused, form('f2', [num('x', 1)])],
          validationRules: [parsed(rule({}))],
        }),
      )
        .diagnostics.filter((d) => d.target.screen === 'VALIDATION_RULE')
        .map((d) => [d.code, d.severity, d.params.reason]),
    ).toEqual([['RULE_FORM_NOT_IN_PROCESS', 'WARNING', 'NOT_IN_ANY_PROCESS']]);
  });

  it('FORMULA_INVALID: a formula naming a missing question and a text question (parsed by the formula parser)', () => {
    const calc = (formula: string): QuestionInput => ({
      id: 'c',
      order: 4,
      type: 'CALCULATED',
      question: { en: 'Sum' },
      calculationFormula: formula,
    });
    const text: QuestionInput = { id: 't', order: 3, type: 'TEXT_SENTENCE', question: { en: 'Name' } };
    const bad = form('f1', [choice('q1', 1, ['a']), num('q2', 2), text, calc('Q2 + Q3 + Q9')]);
    const report = runBuildCheck(input({ forms: [bad] }));
    expect(report.diagnostics.map((d) => [d.code, d.params.reason, d.params.reference, d.target])).toEqual([
      ['FORMULA_INVALID', 'INCOMPATIBLE_TYPES', 'Q3', { screen: 'FORM', formId: 'f1', questionId: 'c' }],
      ['FORMULA_INVALID', 'UNKNOWN_REFERENCE', 'Q9', { screen: 'FORM', formId: 'f1', questionId: 'c' }],
    ]);
    expect(
      codes({ forms: [form('f1', [choice('q1', 1, ['a']), num('q2', 2), text, calc('Q2 * 2')])] }),
    ).toEqual([]);
  });

  it('SEND_OUT_WITHOUT_CONTACT: an SMS send-out while subjects need no mobile number', () => {
    const sms = process([event('e1', { sendAs: 'SEND_AS_SMS' })]);
    expect(runBuildCheck(input({ processes: [sms] })).diagnostics).toMatchObject([
      {
        code: 'SEND_OUT_WITHOUT_CONTACT',
        severity: 'WARNING',
        params: { field: 'mobileNumber' },
        target: { screen: 'PROCESS', dataEventId: 'e1' },
      },
    ]);
    expect(codes({ processes: [process([event('e1', { sendAs: 'SEND_AS_EMAIL' })])] })).toEqual([]);
  });

  it('EXPIRY_BEFORE_ACTIVATION: expiring with no delay, or before a next event that comes no later', () => {
    const zero = process([event('e1', { expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 0, hours: 0 } })]);
    expect(runBuildCheck(input({ processes: [zero] })).diagnostics).toMatchObject([
      { code: 'EXPIRY_BEFORE_ACTIVATION', severity: 'ERROR', params: { reason: 'NO_DELAY' } },
    ]);
    const beforeNext = process([
      event('e1', { offsetDays: 7, expiry: { type: 'EXPIRE_BEFORE_NEXT_EVENT' } }),
      event('e2', { offsetDays: 7 }),
    ]);
    expect(runBuildCheck(input({ processes: [beforeNext] })).diagnostics.map((d) => d.params.reason)).toEqual(
      ['NEXT_EVENT_FIRST'],
    );
    const fine = process([
      event('e1', { offsetDays: 0, expiry: { type: 'EXPIRE_BEFORE_NEXT_EVENT' } }),
      event('e2', { offsetDays: 7, expiry: { type: 'EXPIRE_AFTER_ACTIVATION', days: 2 } }),
    ]);
    expect(codes({ processes: [fine] })).toEqual([]);
  });

  it('TEXT_UNTRANSLATED: texts without a translation in a study language, linked to that language', () => {
    const study = { primaryLanguage: 'en', languages: ['en', 'da'] };
    const report = runBuildCheck(input({ study }));
    expect(report.diagnostics.map((d) => [d.code, d.severity, d.target, d.params.count])).toEqual([
      ['TEXT_UNTRANSLATED', 'WARNING', { screen: 'TRANSLATIONS', area: 'forms', language: 'da' }, 5],
      ['TEXT_UNTRANSLATED', 'WARNING', { screen: 'TRANSLATIONS', area: 'pathways', language: 'da' }, 1],
    ]);
    expect(codes({ study: { primaryLanguage: 'en', languages: ['en', 'de'] } })).toEqual([]);
  });

  it('FORM_WITHOUT_QUESTIONS: an error when a process uses it, a warning otherwise', () => {
    const info: QuestionInput = { id: 'i', order: 1, type: 'INFORMATION', question: { en: 'Hello' } };
    const empty = form('f1', [info]);
    expect(runBuildCheck(input({ forms: [empty] })).diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['FORM_WITHOUT_QUESTIONS', 'ERROR'],
    ]);
    const spare = form('f9', []);
    expect(
      runBuildCheck(input({ forms: [input().forms[0]!, spare] })).diagnostics.map((d) => [
        d.code,
        d.severity,
      ]),
    ).toEqual([['FORM_WITHOUT_QUESTIONS', 'WARNING']]);
    expect(codes({ forms: [form('f1', [info, num('q2', 2)])] })).toEqual([]);
  });

  it('PROCESS_WITHOUT_EVENTS', () => {
    expect(runBuildCheck(input({ processes: [process([])] })).diagnostics).toMatchObject([
      {
        code: 'PROCESS_WITHOUT_EVENTS',
        severity: 'ERROR',
        target: { screen: 'PROCESS', processId: 'p1', dataEventId: null },
      },
    ]);
    expect(codes({ processes: [process([event('e1')])] })).toEqual([]);
  });

  it('DATA_EVENT_UNREACHABLE: a first event after "the previous one", one after an event that never completes, one without forms', () => {
    expect(codes({ processes: [process([event('e1', { referenceDate: 'PREVIOUS' })])] })).toEqual([
      'DATA_EVENT_UNREACHABLE',
    ]);
    const afterInfo = process([
      event('e0', { type: 'TYPE_INFORMATION', forms: [] }),
      event('e1', { referenceDate: 'PREVIOUS_COMPLETE' }),
    ]);
    expect(runBuildCheck(input({ processes: [afterInfo] })).diagnostics.map((d) => d.params.reason)).toEqual([
      'PREVIOUS_NEVER_COMPLETES',
    ]);
    expect(
      runBuildCheck(
        input({ processes: [process([event('e1'), event('e2', { forms: [] })])] }),
      ).diagnostics.map((d) => d.params.reason),
    ).toEqual(['NO_FORMS']);
    expect(
      codes({ processes: [process([event('e1'), event('e2', { referenceDate: 'PREVIOUS_COMPLETE' })])] }),
    ).toEqual([]);
  });

  it('DATA_EVENT_FORM_MISSING: an event naming a removed form', () => {
    expect(
      runBuildCheck(input({ processes: [process([event('e1', { forms: ['f1', 'gone'] })])] })).diagnostics,
    ).toMatchObject([{ code: 'DATA_EVENT_FORM_MISSING', params: { formId: 'gone' } }]);
    expect(codes({ processes: [process([event('e1', { forms: ['f1'], optionalForms: ['f1'] })])] })).toEqual(
      [],
    );
  });

  it('puts errors before warnings and only errors block', () => {
    const report = runBuildCheck(
      input({ processes: [process([event('e1', { sendAs: 'SEND_AS_SMS' }), event('e2', { forms: [] })])] }),
    );
    expect(report.diagnostics.map((d) => d.severity)).toEqual(['ERROR', 'WARNING']);
    expect([report.errorCount, report.warningCount, report.isBlocking]).toEqual([1, 1, true]);
    expect(hasBlockingDiagnostics(report.diagnostics.filter((d) => d.severity === 'WARNING'))).toBe(false);
  });
});
