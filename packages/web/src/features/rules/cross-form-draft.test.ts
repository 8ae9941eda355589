import { FormTemplateSchema, ProcessSchema } from '@trialbase/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { checkShowRuleProcess, listDataEventOptions, listFormOptions } from './process-options';
import { draftIssues, EMPTY_DRAFT, type RuleDraft, ruleConditions, toRuleBody } from './validation-draft';

// Spec 001 §5 "Validation rules (authoring)": a cross-form rule names its process and, per operant,
// a data event whose forms include the operant's form; the question types must be comparable.

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

const form = (id: string, questions: { id: string; type: string }[]) =>
  FormTemplateSchema.parse({
    id,
    title: { en: `Form ${id}` },
    type: 'TYPE_FORM',
    questions: questions.map((q, i) => ({ ...q, order: i + 1, question: { en: q.id } })),
  });
const forms = [
  form('A', [
    { id: 'a1', type: 'NUMBER' },
    { id: 'a2', type: 'DATE' },
  ]),
  form('B', [
    { id: 'b1', type: 'NUMBER' },
    { id: 'b2', type: 'TEXT_FREE' },
  ]),
];
const process = ProcessSchema.parse({
  id: 'p1',
  pathwayName: 'Follow-up',
  dataEvents: [
    { id: 'e1', name: { en: 'Visit 1' }, type: 'TYPE_USER', forms: ['A'] },
    { id: 'e2', name: { en: 'Visit 2' }, type: 'TYPE_USER', forms: ['B'] },
  ],
  unexpected: true,
  unexpectedVisit: { id: 'u1', selectedQts: ['A'] },
  discontinued: false,
  discontinueDataEvent: { id: 'd1', selectedQts: ['B'] },
});

const crossForm: RuleDraft = {
  ...EMPTY_DRAFT,
  processId: 'p1',
  dataEventId: 'e2',
  formId: 'B',
  questionId: 'b1',
  operator: 'gt',
  rightType: 'QUESTION_REF',
  rightDataEventId: 'e1',
  rightFormId: 'A',
  rightQuestionId: 'a1',
  messages: { en: 'Must exceed visit 1' },
};
const paths = (draft: RuleDraft) =>
  draftIssues(toRuleBody(draft, forms), forms, process).map((i) => `${i.path.join('.')} ${i.message}`);

describe('cross-form validation rule drafts (spec 001 §5)', () => {
  it('sends the process and each operant’s data event', () => {
    const body = toRuleBody(crossForm, forms);
    expect(body.process).toBe('p1');
    expect(body.leftOperant).toMatchObject({ pathway: 'p1', dataEvent: 'e2', form: 'B', question: 'b1' });
    expect(body.rightOperant).toMatchObject({ pathway: 'p1', dataEvent: 'e1', form: 'A', question: 'a1' });
    expect(paths(crossForm)).toEqual([]);
  });

  it('puts a constant on the rule’s own data event', () => {
    const draft = { ...crossForm, rightType: 'CONST_VAL' as const, value: '3' };
    expect(toRuleBody(draft, forms).rightOperant).toMatchObject({
      dataEvent: 'e2',
      form: 'B',
      question: 'b1',
    });
    expect(paths(draft)).toEqual([]);
  });

  it('refuses a form outside its data event, on the form field', () => {
    expect(paths({ ...crossForm, rightDataEventId: 'e2' })).toEqual(['rightOperant.form NOT_IN_DATA_EVENT']);
    expect(paths({ ...crossForm, dataEventId: 'e1' })).toEqual(['leftOperant.form NOT_IN_DATA_EVENT']);
  });

  it('requires the data events once a process is chosen, and reports an unloaded process', () => {
    expect(paths({ ...crossForm, dataEventId: null, rightDataEventId: null })).toEqual([
      'leftOperant.dataEvent REQUIRED',
      'rightOperant.dataEvent REQUIRED',
    ]);
    const body = toRuleBody(crossForm, forms);
    expect(draftIssues(body, forms, undefined).map((i) => i.path.join('.'))).toContain('leftOperant.pathway');
  });

  it('keeps same-form rules working without a process', () => {
    const sameForm: RuleDraft = {
      ...crossForm,
      processId: null,
      dataEventId: null,
      rightType: 'CONST_VAL',
      value: '5',
    };
    const body = toRuleBody(sameForm, forms);
    expect(body.leftOperant.dataEvent).toBeNull();
    expect(draftIssues(body, forms)).toEqual([]);
  });

  it('names each §5 condition as met or not', () => {
    const check = (draft: RuleDraft, hasProcess = true) =>
      ruleConditions(draftIssues(toRuleBody(draft, forms), forms, process), hasProcess).map(
        (c) => `${c.key}:${c.isMet}`,
      );
    expect(check(crossForm)).toEqual(['COORDINATES:true', 'FORM_IN_EVENT:true', 'TYPES:true']);
    expect(check({ ...crossForm, rightDataEventId: 'e2' })).toEqual([
      'COORDINATES:true',
      'FORM_IN_EVENT:false',
      'TYPES:true',
    ]);
    expect(check({ ...crossForm, rightQuestionId: 'a2' })).toEqual([
      'COORDINATES:true',
      'FORM_IN_EVENT:true',
      'TYPES:false',
    ]);
    expect(check({ ...crossForm, dataEventId: null })).toEqual([
      'COORDINATES:false',
      'FORM_IN_EVENT:false',
      'TYPES:false',
    ]);
  });
});

describe('process pickers of the rule editors', () => {
  it('offers the scheduled events, then the unscheduled ones that are switched on', () => {
    expect(listDataEventOptions(process, 'en', t)).toEqual([
      { value: 'e1', label: 'Visit 1' },
      { value: 'e2', label: 'Visit 2' },
      { value: 'u1', label: 'RULES.UNSCHEDULED.TYPE_UNEXPECTED' },
    ]);
  });

  it('limits the form picker to the event’s forms and shows a chosen outsider as disabled', () => {
    expect(listFormOptions(forms, process, 'e2', null, 'en', t)).toEqual([{ value: 'B', label: 'Form B' }]);
    expect(listFormOptions(forms, process, 'u1', null, 'en', t)).toEqual([{ value: 'A', label: 'Form A' }]);
    expect(listFormOptions(forms, process, 'e2', 'A', 'en', t)).toEqual([
      { value: 'B', label: 'Form B' },
      { value: 'A', label: 'RULES.FORM_NOT_IN_EVENT {"form":"Form A"}', disabled: true },
    ]);
    expect(listFormOptions(forms, undefined, null, null, 'en', t).map((o) => o.value)).toEqual(['A', 'B']);
  });

  it('checks a show rule placed in a process', () => {
    const rule = { processId: 'p1', dataEventId: 'e1', formId: 'A' };
    expect(checkShowRuleProcess(rule, process)).toEqual([]);
    expect(checkShowRuleProcess({ ...rule, formId: 'B' }, process)).toEqual([
      { path: ['formId'], message: 'NOT_IN_DATA_EVENT' },
    ]);
    expect(checkShowRuleProcess({ ...rule, dataEventId: null }, process)).toEqual([
      { path: ['dataEventId'], message: 'REQUIRED' },
    ]);
    expect(checkShowRuleProcess({ ...rule, processId: null }, undefined)).toEqual([]);
  });
});
