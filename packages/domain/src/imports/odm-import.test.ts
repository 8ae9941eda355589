/**
 * Issue 27 item 3: ODM metadata → forms over a parsed element tree (the server parses the XML
 * and runs the files of `../shared/material/odm/`; see modules/imports/imports.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { validateFormTemplate } from '../authoring/validate-form';
import { convertOdmMetadata, type XmlNode } from './odm-import';

const el = (
  name: string,
  attrs: Record<string, string> = {},
  children: XmlNode[] = [],
  text = '',
): XmlNode => ({
  name,
  attrs,
  children,
  text,
});
const question = (text: string, lang = 'en') =>
  el('Question', {}, [el('TranslatedText', { 'xml:lang': lang }, [], text)]);
const decode = (text: string) => el('Decode', {}, [el('TranslatedText', { 'xml:lang': 'en' }, [], text)]);

function odm(...defs: XmlNode[]): XmlNode {
  return el('ODM', {}, [el('Study', { OID: 'S' }, [el('MetaDataVersion', { OID: 'MDV' }, defs)])]);
}

describe('convertOdmMetadata', () => {
  it('maps FormDef, ItemGroupDef, ItemDef, CodeList and RangeCheck to a form', () => {
    const tree = odm(
      el('FormDef', { OID: 'F.VS', Name: 'Vital signs' }, [
        el('ItemGroupRef', { ItemGroupOID: 'IG.B', OrderNumber: '2' }),
        el('ItemGroupRef', { ItemGroupOID: 'IG.A', OrderNumber: '1' }),
      ]),
      el('ItemGroupDef', { OID: 'IG.A', Name: 'Measures' }, [
        el('ItemRef', { ItemOID: 'IT.W', Mandatory: 'Yes' }),
        el('ItemRef', { ItemOID: 'IT.SEX' }),
        el('ItemRef', { ItemOID: 'IT.GONE' }),
      ]),
      el('ItemGroupDef', { OID: 'IG.B', Name: 'Visit', Repeating: 'Yes' }, [
        el('ItemRef', { ItemOID: 'IT.D' }),
      ]),
      el('ItemDef', { OID: 'IT.W', Name: 'WEIGHT', DataType: 'float' }, [
        question('Weight'),
        el('RangeCheck', { Comparator: 'GE', SoftHard: 'Hard' }, [el('CheckValue', {}, [], '20')]),
        el('RangeCheck', { Comparator: 'LT', SoftHard: 'Soft' }, [el('CheckValue', {}, [], '300')]),
        el('RangeCheck', { Comparator: 'NE', SoftHard: 'Soft' }, [el('CheckValue', {}, [], '99')]),
      ]),
      el('ItemDef', { OID: 'IT.SEX', Name: 'SEX', DataType: 'text' }, [
        question('Sex'),
        el('CodeListRef', { CodeListOID: 'CL.SEX' }),
      ]),
      el('ItemDef', { OID: 'IT.D', Name: 'VISDAT', DataType: 'date' }, [
        el('Question', {}, [
          el('TranslatedText', { 'xml:lang': 'de' }, [], 'Visite'),
          el('TranslatedText', { 'xml:lang': 'en' }, [], 'Visit date'),
        ]),
      ]),
      el('CodeList', { OID: 'CL.SEX', DataType: 'text' }, [
        el('CodeListItem', { CodedValue: 'M' }, [decode('Male')]),
        el('CodeListItem', { CodedValue: 'F' }, [decode('Female')]),
      ]),
    );
    const result = convertOdmMetadata(tree, { language: 'en' });
    if (!result.ok) throw new Error(result.error);
    const [form] = result.forms;
    expect(form?.title).toEqual({ en: 'Vital signs' });
    expect(form?.questions.map((q) => [q.type, q.question.en])).toEqual([
      ['INFORMATION', 'Measures'],
      ['NUMBER', 'Weight'],
      ['MULTIPLE_CHOICE', 'Sex'],
      ['INFORMATION', 'Visit'],
      ['DATE', 'Visit date'],
    ]);
    expect(form?.questions[1]).toMatchObject({
      required: true,
      minValue: 20,
      maxValue: 300,
      floatingNumber: true,
    });
    expect(form?.questions[2]?.possibilities.map((p) => p.possibility.en)).toEqual(['Male', 'Female']);
    expect(result.report.find((l) => l.item === 'WEIGHT')).toMatchObject({
      status: 'APPROXIMATE',
      notes: [{ reason: 'RANGE_IGNORED', detail: 'NE 99' }],
    });
    expect(result.report.find((l) => l.item === 'IT.GONE')).toMatchObject({
      status: 'LEFT_OUT',
      notes: [{ reason: 'MISSING_DEFINITION' }],
    });
    expect(result.report.find((l) => l.item === 'IG.B')).toMatchObject({
      notes: [{ reason: 'REPEATS_IGNORED' }],
    });
    expect(form && validateFormTemplate(form)).toEqual([]);
  });

  it('restores the product’s own types from ItemDef/@Comment, multiple responses split per choice included', () => {
    const item = (oid: string, name: string, comment: string, text: string, list?: string) =>
      el('ItemDef', { OID: oid, Name: name, DataType: list ? 'integer' : 'text', Comment: comment }, [
        question(text),
        ...(list ? [el('CodeListRef', { CodeListOID: list })] : []),
      ]);
    const tree = odm(
      el('FormDef', { OID: 'F.X', Name: 'X' }, [el('ItemGroupRef', { ItemGroupOID: 'IG.X' })]),
      el(
        'ItemGroupDef',
        { OID: 'IG.X', Name: 'X' },
        ['S_1', 'S_2', 'T', 'C'].map((n) => el('ItemRef', { ItemOID: `IT.${n}` })),
      ),
      item('IT.S_1', 'S_1', 'MULTIPLE_RESPONSE', 'Symptoms: with: colon: Cough', 'CL.01'),
      item('IT.S_2', 'S_2', 'MULTIPLE_RESPONSE', 'Symptoms: with: colon: Fever', 'CL.01'),
      item('IT.T', 'T', 'TEXT_FREE', 'Comment'),
      item('IT.C', 'C', 'CHECKBOX', 'Fasting', 'CL.01'),
      el('CodeList', { OID: 'CL.01', DataType: 'integer' }, [
        el('CodeListItem', { CodedValue: '0' }, [decode('Not chosen')]),
        el('CodeListItem', { CodedValue: '1' }, [decode('Chosen')]),
      ]),
    );
    const result = convertOdmMetadata(tree, { language: 'en' });
    if (!result.ok) throw new Error(result.error);
    expect(
      result.forms[0]?.questions.map((q) => [
        q.type,
        q.question.en,
        q.possibilities.map((p) => p.possibility.en),
      ]),
    ).toEqual([
      ['MULTIPLE_RESPONSE', 'Symptoms: with: colon', ['Cough', 'Fever']],
      ['TEXT_FREE', 'Comment', []],
      ['CHECKBOX', 'Fasting', []],
    ]);
  });

  it('reads a MethodDef formula over item OIDs as a calculated question; an expression it cannot check is reported', () => {
    const tree = odm(
      el('FormDef', { OID: 'F.BMI', Name: 'BMI' }, [el('ItemGroupRef', { ItemGroupOID: 'IG.BMI' })]),
      el('ItemGroupDef', { OID: 'IG.BMI', Name: 'BMI' }, [
        el('ItemRef', { ItemOID: 'IT.W', OrderNumber: '1' }),
        el('ItemRef', { ItemOID: 'IT.H', OrderNumber: '2' }),
        el('ItemRef', { ItemOID: 'IT.BMI', OrderNumber: '3', MethodOID: 'MT.BMI' }),
        el('ItemRef', { ItemOID: 'IT.SAS', OrderNumber: '4', MethodOID: 'MT.SAS' }),
      ]),
      el('ItemDef', { OID: 'IT.W', Name: 'W', DataType: 'float' }, [question('Weight')]),
      el('ItemDef', { OID: 'IT.H', Name: 'H', DataType: 'float' }, [question('Height')]),
      el(
        'ItemDef',
        { OID: 'IT.BMI', Name: 'BMI', DataType: 'float', SignificantDigits: '1', Comment: 'CALCULATED' },
        [question('BMI')],
      ),
      el('ItemDef', { OID: 'IT.SAS', Name: 'SAS', DataType: 'float' }, [question('Other')]),
      el('MethodDef', { OID: 'MT.BMI', Name: 'BMI', Type: 'Computation' }, [
        el('Description', {}, [el('TranslatedText', { 'xml:lang': 'en' }, [], 'BMI')]),
        el('FormalExpression', { Context: 'Trialbase' }, [], 'IT.W / (IT.H * IT.H)'),
      ]),
      el('MethodDef', { OID: 'MT.SAS', Name: 'SAS', Type: 'Computation' }, [
        el('Description', {}, [el('TranslatedText', { 'xml:lang': 'en' }, [], 'SAS')]),
        el('FormalExpression', { Context: 'SAS' }, [], 'MEAN(IT.W, IT.H)'),
      ]),
    );
    const result = convertOdmMetadata(tree, { language: 'en' });
    if (!result.ok) throw new Error(result.error);
    const [, , bmi, other] = result.forms[0]?.questions ?? [];
    expect(bmi).toMatchObject({
      type: 'CALCULATED',
      calculationFormula: 'Q1 / (Q2 * Q2)',
      calculationDecimals: 1,
    });
    expect(other?.type).toBe('NUMBER');
    expect(result.report.map((l) => [l.item, l.status, l.questionType])).toEqual([
      ['W', 'IMPORTED', 'NUMBER'],
      ['H', 'IMPORTED', 'NUMBER'],
      ['BMI', 'IMPORTED', 'CALCULATED'],
      ['SAS', 'APPROXIMATE', 'NUMBER'],
    ]);
    expect(result.report[3]?.notes).toEqual([{ reason: 'CALC_NOT_EXPRESSIBLE', detail: 'MEAN(IT.W, IT.H)' }]);
    for (const form of result.forms) expect(validateFormTemplate(form)).toEqual([]);
  });

  it('refuses a document that is not ODM', () => {
    expect(convertOdmMetadata(el('html'), { language: 'en' })).toEqual({
      ok: false,
      error: 'NOT_ODM',
      detail: 'html',
    });
  });
});
