/// <reference types="vite/client" />
/**
 * Issue 27 item 2: FHIR R4 Questionnaire import over every file of the FHIR material
 * (`../shared/material/fhir/`), the report lines of what could not be translated, and the round
 * trip form → Questionnaire → form.
 */
import { describe, expect, it } from 'vitest';
import { validateFormTemplate } from '../authoring/validate-form';
import { collectShowRules } from '../forms/show-rules';
import { buildForm, buildQuestion } from '../forms/test-fixtures';
import { fhirDateTime, formToQuestionnaire } from './fhir-export';
import { convertFhirQuestionnaire } from './fhir-import';
import { FHIR_MATERIAL_EXPECTED as EXPECTED } from './material-expectations';
import type { ImportConversion } from './report';

const ROOT = '../../../../../shared/material/fhir/';
const files = import.meta.glob('../../../../../shared/material/fhir/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const material = new Map(Object.entries(files).map(([k, v]) => [k.slice(ROOT.length), v]));

function convert(name: string): ImportConversion {
  const text = material.get(name);
  if (text === undefined) throw new Error(`missing material ${name}`);
  return convertFhirQuestionnaire(text, { language: 'en' });
}

function lineOf(result: ImportConversion, item: string) {
  if (!result.ok) throw new Error(result.error);
  return result.report.find((l) => l.item === item);
}

describe('convertFhirQuestionnaire over the FHIR material', () => {
  it('covers every questionnaire file of the material (responses are refused as not questionnaires)', () => {
    const questionnaires = [...material.keys()].filter((k) => !/(-qr|Response.*|-outcome)\.json$/.test(k));
    expect(questionnaires.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: ${Array.isArray(expected) ? `${expected[0]} form(s), ${expected[1]} questions, ${expected[2]} rules` : expected}`, () => {
      const result = convert(name);
      if (typeof expected === 'string') {
        expect(result.ok ? 'ok' : result.error).toBe(expected);
        return;
      }
      if (!result.ok) throw new Error(result.error);
      const [forms, questions, rules, calculated, leftOut] = expected;
      expect(result.forms).toHaveLength(forms);
      expect(result.forms.reduce((n, f) => n + f.questions.length, 0)).toBe(questions);
      expect(result.forms.reduce((n, f) => n + collectShowRules(f).length, 0)).toBe(rules);
      expect(result.forms.flatMap((f) => f.questions).filter((q) => q.type === 'CALCULATED')).toHaveLength(
        calculated,
      );
      expect(result.report.filter((l) => l.status === 'LEFT_OUT')).toHaveLength(leftOut);
      for (const form of result.forms) expect(validateFormTemplate(form)).toEqual([]);
    });
  }

  it('refuses every QuestionnaireResponse as not a questionnaire', () => {
    const responses = [...material.keys()].filter((k) => /(-qr|Response.*)\.json$/.test(k));
    expect(responses.length).toBeGreaterThan(70);
    for (const name of responses)
      expect(convert(name)).toMatchObject({ ok: false, error: 'NOT_A_QUESTIONNAIRE' });
  });
});

describe('FHIR report lines for what could not be translated', () => {
  it('BMI: variables and round(1) become a formula over weight and height', () => {
    const result = convert('lhc-forms/weightHeightQuestionnaire.json');
    if (!result.ok) throw new Error(result.error);
    const bmi = result.forms[0]?.questions.find((q) => q.type === 'CALCULATED');
    expect(bmi?.calculationFormula).toBe('(Q1)/(Q3*0.0254)/(Q3*0.0254)');
    expect(bmi?.calculationDecimals).toBe(1);
  });

  it('PHQ-9: the score over answer weights (iif, ordinal values) is reported with its expression', () => {
    const line = lineOf(convert('lhc-forms/phq9.json'), '/44261-6');
    expect(line?.status).toBe('APPROXIMATE');
    expect(line?.notes).toEqual([
      expect.objectContaining({ reason: 'CALC_NOT_EXPRESSIBLE', detail: expect.stringContaining('iif(') }),
    ]);
  });

  it('enableWhen: numeric comparisons and "all" are reported with the original condition', () => {
    const result = convert('lhc-forms/enableWhen-test.R4.json');
    if (!result.ok) throw new Error(result.error);
    const rules = result.report.filter((l) => l.notes.some((n) => n.reason === 'RULE_NOT_EXPRESSIBLE'));
    expect(rules).toHaveLength(47);
    expect(rules[0]?.notes[0]?.detail).toMatch(/ (=|!=|>|<|>=|<=|exists) /);
  });

  it('the spec example: enableWhen on a known value set (yesnodontknow) becomes a rule on its descendants', () => {
    const result = convert('fhir-core-r4/questionnaire-example.json');
    if (!result.ok) throw new Error(result.error);
    const rules = collectShowRules(result.forms[0] ?? { questions: [] });
    expect(rules.every((r) => r.question === result.forms[0]?.questions[0]?.id)).toBe(true);
    expect(lineOf(result, '2.1.2')).toMatchObject({ status: 'LEFT_OUT', notes: [{ reason: 'NO_CHOICES' }] });
  });

  it('bit-of-everything: value sets outside the file and references are left out, with the reason', () => {
    const result = convert('lhc-forms/bit-of-everything.json');
    if (!result.ok) throw new Error(result.error);
    const leftOut = result.report.filter((l) => l.status === 'LEFT_OUT');
    expect(leftOut.flatMap((l) => l.notes.map((n) => n.reason)).sort()).toEqual(
      [
        'FIELD_TYPE_UNSUPPORTED',
        'OPEN_CHOICE_AS_CHOICE',
        ...Array(4).fill('NO_CHOICES'),
        ...Array(4).fill('VALUE_SET_NOT_CONTAINED'),
      ].sort(),
    );
  });

  it('answers NO_FORMS with the report when nothing can be imported', () => {
    const result = convert('fhir-test-cases-questionnaire/brianpos/reference-relative-q.json');
    expect(result).toMatchObject({
      ok: false,
      error: 'NO_FORMS',
      report: [{ status: 'LEFT_OUT', notes: [{ reason: 'FIELD_TYPE_UNSUPPORTED', detail: 'reference' }] }],
    });
  });
});

describe('form → FHIR Questionnaire → form', () => {
  const questions = [
    buildQuestion({
      id: 'a',
      order: 1,
      type: 'MULTIPLE_CHOICE',
      required: true,
      possibilities: [
        { id: 'a1', possibility: { en: 'Never' }, scoreValue: 0 },
        { id: 'a2', possibility: { en: 'Often' }, scoreValue: 2 },
      ],
    }),
    buildQuestion({
      id: 'b',
      order: 2,
      type: 'NUMBER',
      floatingNumber: true,
      minValue: 1.5,
      maxValue: 300,
      showRules: [{ question: 'a', possibilities: ['a2'] }],
      helpText: { en: 'In kg' },
    }),
    buildQuestion({ id: 'c', order: 3, type: 'SLIDER', minValue: 0, maxValue: 10 }),
    buildQuestion({
      id: 'd',
      order: 4,
      type: 'CALCULATED',
      calculationFormula: '(Q2 + Q3) / 2',
      calculationDecimals: 1,
    }),
    buildQuestion({
      id: 'e',
      order: 5,
      type: 'MULTIPLE_RESPONSE',
      possibilities: ['x', 'y', 'z'].map((t) => ({ id: `e-${t}`, possibility: { en: t } })),
      showRules: [{ question: 'a', possibilities: ['a1', 'a2'] }],
    }),
    buildQuestion({
      id: 'f',
      order: 6,
      type: 'YES_NO',
      possibilities: [
        { id: 'f1', possibility: { en: 'Yes' } },
        { id: 'f2', possibility: { en: 'No' } },
      ],
    }),
    buildQuestion({ id: 'g', order: 7, type: 'INFORMATION', question: { en: '<p>Read <b>this</b></p>' } }),
    ...(
      [
        'CHECKBOX',
        'DATE',
        'DATE_TIME',
        'TIME',
        'TIME_DURATION',
        'TEXT_SENTENCE',
        'TEXT_FREE',
        'FILE',
      ] as const
    ).map((type, i) =>
      buildQuestion({
        id: `t${i}`,
        order: 8 + i,
        type,
        ...(type === 'TEXT_FREE' ? { minLength: 2, maxLength: 500 } : {}),
      }),
    ),
    buildQuestion({
      id: 's',
      order: 16,
      type: 'SMILEY',
      isDropdown: false,
      possibilities: [1, 2, 3].map((n) => ({ id: `s${n}`, possibility: { en: String(n) }, scoreValue: n })),
    }),
    buildQuestion({
      id: 'm',
      order: 17,
      type: 'MULTIPLE_CHOICE',
      isDropdown: true,
      possibilities: ['p', 'q'],
    }),
  ];
  const form = buildForm(questions, { title: { en: 'Round trip' } });

  /** What must survive: everything a person authors, with rules and formulas by position. */
  function comparable(f: typeof form) {
    const order = new Map(f.questions.map((q) => [q.id, q.order]));
    const position = new Map(
      f.questions.flatMap((q) => q.possibilities.map((p, i) => [p.id, i + 1] as const)),
    );
    return f.questions.map((q) => ({
      type: q.type,
      order: q.order,
      question: q.question,
      required: q.required,
      helpText: q.helpText,
      minValue: q.minValue ?? null,
      maxValue: q.maxValue ?? null,
      minLength: q.minLength ?? null,
      maxLength: q.maxLength ?? null,
      floatingNumber: q.type === 'NUMBER' ? q.floatingNumber : null,
      isDropdown: q.isDropdown,
      calculationFormula: q.calculationFormula ?? null,
      calculationDecimals: q.type === 'CALCULATED' ? q.calculationDecimals : null,
      possibilities: q.possibilities.map((p) => ({ text: p.possibility, score: p.scoreValue ?? null })),
      showRules: q.showRules.map((r) => ({
        question: order.get(r.question),
        possibilities: r.possibilities.map((p) => position.get(p)),
      })),
    }));
  }

  it('gives the same questions back', () => {
    const questionnaire = formToQuestionnaire(form, { language: 'en' });
    const result = convertFhirQuestionnaire(JSON.stringify(questionnaire), { language: 'en' });
    if (!result.ok) throw new Error(result.error);
    expect(result.forms).toHaveLength(1);
    const [back] = result.forms;
    if (!back) throw new Error('no form');
    expect(back.title).toEqual({ en: 'Round trip' });
    expect(comparable(back)).toEqual(comparable(form));
    expect(result.report.every((l) => l.status === 'IMPORTED')).toBe(true);
    expect(validateFormTemplate(back)).toEqual([]);
  });

  it('writes standard FHIR: choices coded by position, enableWhen, SDC calculatedExpression', () => {
    const q = formToQuestionnaire(form, { language: 'en' });
    expect(q).toMatchObject({ resourceType: 'Questionnaire', status: 'draft', title: 'Round trip' });
    const b = q.item?.find((i) => i.linkId === 'b');
    expect(b).toMatchObject({
      type: 'decimal',
      enableWhen: [{ question: 'a', operator: '=', answerCoding: { code: '2' } }],
    });
    const e = q.item?.find((i) => i.linkId === 'e');
    expect(e).toMatchObject({ type: 'choice', repeats: true, enableBehavior: 'any' });
    const d = q.item?.find((i) => i.linkId === 'd');
    expect(d?.extension).toContainEqual(
      expect.objectContaining({
        valueExpression: {
          language: 'text/fhirpath',
          expression:
            "((%resource.item.where(linkId='b').answer.value + %resource.item.where(linkId='c').answer.value) / 2).round(1)",
        },
      }),
    );
  });
});

describe('fhirDateTime', () => {
  it("adds seconds and the offset of the answer's time zone at that date (FHIR needs a zone with a time)", () => {
    expect(fhirDateTime('2026-03-01T10:30', 'Europe/Copenhagen')).toBe('2026-03-01T10:30:00+01:00');
    expect(fhirDateTime('2026-07-01 10:30', 'Europe/Copenhagen')).toBe('2026-07-01T10:30:00+02:00');
    expect(fhirDateTime('2026-01-15T23:05:09', 'America/New_York')).toBe('2026-01-15T23:05:09-05:00');
    expect(fhirDateTime('2026-01-15T08:00', 'Asia/Kolkata')).toBe('2026-01-15T08:00:00+05:30');
    expect(fhirDateTime('2026-01-15T08:00', null)).toBe('2026-01-15T08:00:00Z');
    expect(fhirDateTime('2026-01-15T08:00+03:00', 'Europe/Copenhagen')).toBe('2026-01-15T08:00:00+03:00');
  });
});
