/// <reference types="vite/client" />
/**
 * Issue 27 item 1: REDCap data dictionary import over every file of `../shared/material/redcap/`:
 * counts of forms, questions, show rules and formulas, and the report lines for what could not be
 * translated.
 */
import { describe, expect, it } from 'vitest';
import { validateFormTemplate } from '../authoring/validate-form';
import { collectShowRules } from '../forms/show-rules';
import { REDCAP_MATERIAL_EXPECTED as EXPECTED } from './material-expectations';
import { convertRedcapDictionary } from './redcap';
import { parseRedcapLogic, translateRedcapCalc } from './redcap-logic';
import type { ImportConversion } from './report';

const ROOT = '../../../../../shared/material/redcap/';
const files = import.meta.glob('../../../../../shared/material/redcap/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const material = new Map(Object.entries(files).map(([k, v]) => [k.slice(ROOT.length), v]));

function convert(name: string): Extract<ImportConversion, { ok: true }> {
  const result = convertRedcapDictionary(material.get(name) ?? '', { language: 'en' });
  if (!result.ok) throw new Error(result.error);
  return result;
}

const lineOf = (result: Extract<ImportConversion, { ok: true }>, item: string) =>
  result.report.find((l) => l.item === item);

describe('convertRedcapDictionary over the REDCap material', () => {
  it('covers every file of the material', () => {
    expect([...material.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${Array.isArray(expected) ? `${expected[0]} forms, ${expected[1]} questions, ${expected[2]} rules` : expected}`, () => {
      const result = convertRedcapDictionary(material.get(name) ?? '', { language: 'en' });
      if (typeof expected === 'string') {
        expect(result).toMatchObject({ ok: false, error: expected });
        return;
      }
      if (!result.ok) throw new Error(result.error);
      const [forms, questions, rules, calculated, imported, approximate, leftOut] = expected;
      expect(result.forms).toHaveLength(forms);
      expect(result.forms.reduce((n, f) => n + f.questions.length, 0)).toBe(questions);
      expect(result.forms.reduce((n, f) => n + collectShowRules(f).length, 0)).toBe(rules);
      expect(result.forms.flatMap((f) => f.questions).filter((q) => q.type === 'CALCULATED')).toHaveLength(
        calculated,
      );
      const count = (s: string) => result.report.filter((l) => l.status === s).length;
      expect([count('IMPORTED'), count('APPROXIMATE'), count('LEFT_OUT')]).toEqual([
        imported,
        approximate,
        leftOut,
      ]);
      for (const form of result.forms) expect(validateFormTemplate(form)).toEqual([]);
    });
  }
});

describe('REDCap report lines for what could not be translated', () => {
  it('longitudinal: the BMI calculation (round, power) and an AND of two fields are reported with the expression', () => {
    const result = convert('redcapr_longitudinal_dictionary.csv');
    expect(lineOf(result, 'bmi')).toEqual({
      form: 'demographics',
      item: 'bmi',
      status: 'LEFT_OUT',
      notes: [{ reason: 'CALC_NOT_EXPRESSIBLE', detail: 'round(([weight]*10000)/(([height])^(2)),1)' }],
    });
    expect(lineOf(result, 'num_children')).toMatchObject({
      status: 'APPROXIMATE',
      questionType: 'NUMBER',
      notes: [{ reason: 'RULE_NOT_EXPRESSIBLE', detail: '[sex] = "0" and [given_birth] = "1"' }],
    });
    expect(lineOf(result, 'study_id')).toMatchObject({
      status: 'LEFT_OUT',
      notes: [{ reason: 'RECORD_ID' }],
    });
    expect(lineOf(result, 'specify_mood')).toMatchObject({
      questionType: 'SLIDER',
      notes: [{ reason: 'SLIDER_LABELS', detail: 'Indifferent' }],
    });
  });

  it('validation types: each maps to a question type or text with a note; sql is left out', () => {
    const result = convert('redcapr_validation-types-1_dictionary.csv');
    const typeOf = (item: string) => lineOf(result, item)?.questionType;
    expect(typeOf('v_date_dmy')).toBe('DATE');
    expect(typeOf('v_datetime_ymd')).toBe('DATE_TIME');
    expect(typeOf('v_time_hh_mm')).toBe('TIME');
    expect(typeOf('v_integer')).toBe('NUMBER');
    expect(typeOf('v_number_2dp')).toBe('NUMBER');
    expect(lineOf(result, 'v_email')).toMatchObject({
      questionType: 'TEXT_SENTENCE',
      notes: [{ reason: 'VALIDATION_AS_TEXT', detail: 'email' }],
    });
    expect(lineOf(result, 'f_sql')).toMatchObject({
      status: 'LEFT_OUT',
      notes: [{ reason: 'FIELD_TYPE_UNSUPPORTED', detail: 'sql' }],
    });
    expect(lineOf(result, 'f_signature')).toMatchObject({
      questionType: 'FILE',
      notes: [{ reason: 'SIGNATURE_AS_FILE' }],
    });
    expect(lineOf(result, 'f_calculated')).toMatchObject({ status: 'IMPORTED', questionType: 'CALCULATED' });
    const calc = result.forms[0]?.questions.find((q) => q.type === 'CALCULATED');
    expect(calc?.calculationFormula).toBe('3 + 4');
    for (const type of ['f_yes_no', 'f_true_false', 'f_radio', 'f_dropdown'])
      expect(typeOf(type)).toMatch(/YES_NO|MULTIPLE_CHOICE/);
    expect(typeOf('f_checkbox')).toBe('MULTIPLE_RESPONSE');
    expect(typeOf('f_notes')).toBe('TEXT_FREE');
    expect(typeOf('f_descriptive')).toBe('INFORMATION');
    expect(typeOf('f_file_upload')).toBe('FILE');
    expect(lineOf(result, 'v_time_hh_mm_ss')).toMatchObject({
      questionType: 'TIME',
      notes: [{ reason: 'TYPE_APPROXIMATE', detail: 'time_hh_mm_ss' }],
    });
  });

  it('HBCD: event tests, blank tests and if() calculations are reported; OR of choices becomes rules', () => {
    const result = convert('reproschema_hbcd_sample_dictionary.csv');
    expect(lineOf(result, 'child_introduction_v4')).toMatchObject({
      notes: [{ reason: 'RULE_NOT_EXPRESSIBLE', detail: "[event-name] = 'v04_arm_1'" }],
    });
    expect(lineOf(result, 'pex_bm_apa1_flag01')).toMatchObject({
      status: 'LEFT_OUT',
      notes: [{ reason: 'CALC_NOT_EXPRESSIBLE', detail: expect.stringContaining('if(') }],
    });
    const reasons = result.report.flatMap((l) => l.notes.map((n) => n.reason));
    expect(reasons.filter((r) => r === 'RULE_NOT_EXPRESSIBLE')).toHaveLength(190);
    expect(reasons.filter((r) => r === 'FIELD_TYPE_UNSUPPORTED')).toHaveLength(20);
  });

  it('rarelink: "<>" becomes the other choices, reported as approximate (a blank answer differs)', () => {
    const result = convert('rarelink_cdm_v2_0_5_dictionary.csv');
    expect(lineOf(result, 'measurement_status')).toMatchObject({
      status: 'APPROXIMATE',
      notes: [{ reason: 'RULE_APPROXIMATE', detail: "[measurement_category] != 'procedure'" }],
    });
  });
});

describe('REDCap expressions', () => {
  it('parses OR of comparisons, checkbox codes, events and flipped literals', () => {
    expect(parseRedcapLogic('[a] = \'1\' or [b(2)] = "1"')).toEqual({
      kind: 'or',
      args: [
        { kind: 'cmp', ref: { field: 'a' }, op: '=', value: '1' },
        { kind: 'cmp', ref: { field: 'b', code: '2' }, op: '=', value: '1' },
      ],
    });
    expect(parseRedcapLogic("[visit_1_arm_1][a] <> '3'")).toEqual({
      kind: 'cmp',
      ref: { field: 'a', event: 'visit_1_arm_1' },
      op: '<>',
      value: '3',
    });
    expect(parseRedcapLogic('2 < [a]')).toEqual({ kind: 'cmp', ref: { field: 'a' }, op: '>', value: '2' });
    expect(parseRedcapLogic('datediff([d], "today", "y") > 18')).toEqual({ kind: 'other' });
  });

  it('translates arithmetic calculations and refuses functions and powers', () => {
    expect(translateRedcapCalc('([a] + [b]) / 2')).toEqual({
      formula: '( {{a}} + {{b}} ) / 2',
      fields: ['a', 'b'],
    });
    expect(translateRedcapCalc('round([a], 1)')).toBeNull();
    expect(translateRedcapCalc('[a]^2')).toBeNull();
  });

  it('turns branching into show rules: OR merged per question, checkbox codes, refusals', () => {
    const header =
      '"Variable / Field Name","Form Name","Section Header","Field Type","Field Label","Choices, Calculations, OR Slider Labels","Field Note","Text Validation Type OR Show Slider Number","Text Validation Min","Text Validation Max",Identifier?,"Branching Logic (Show field only if...)","Required Field?","Custom Alignment","Question Number (surveys only)","Matrix Group Name","Matrix Ranking?","Field Annotation"';
    const rows = [
      'record_id,f,,text,ID,,,,,,,,,,,,,',
      'color,f,,radio,Colour,"1, Red | 2, Green | 3, Blue",,,,,,,y,,,,,',
      'pets,f,,checkbox,Pets,"1, Cat | 2, Dog",,,,,,,,,,,,',
      "why,f,,text,Why,,,,,,,\"[color] = '1' or [color] = '3' or [pets(2)] = '1'\",,,,,,",
      'age,f,,text,Age,,,integer,0,120,,,y,,,,,',
      'older,f,,text,Older,,,,,,,[age] > 18,,,,,,',
      'score,f,,calc,Score,[age] * 2,,,,,,,,,,,,',
    ];
    const result = convertRedcapDictionary([header, ...rows].join('\r\n'), { language: 'de' });
    if (!result.ok) throw new Error(result.error);
    const [form] = result.forms;
    const why = form?.questions.find((q) => q.id === 'q-f-why');
    expect(why?.showRules).toEqual([
      { question: 'q-f-color', possibilities: ['q-f-color-1', 'q-f-color-3'] },
      { question: 'q-f-pets', possibilities: ['q-f-pets-2'] },
    ]);
    const age = form?.questions.find((q) => q.id === 'q-f-age');
    expect(age).toMatchObject({
      type: 'NUMBER',
      minValue: 0,
      maxValue: 120,
      required: true,
      question: { de: 'Age' },
    });
    expect(lineOf(result, 'older')).toMatchObject({
      notes: [{ reason: 'RULE_NOT_EXPRESSIBLE', detail: '[age] > 18' }],
    });
    expect(form?.questions.find((q) => q.type === 'CALCULATED')).toMatchObject({
      calculationFormula: 'Q4 * 2',
      calcRefQuestions: ['q-f-age'],
    });
    expect(form && validateFormTemplate(form)).toEqual([]);
  });
});
