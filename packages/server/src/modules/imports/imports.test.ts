/**
 * Issue 27 items 1–3, 5: form imports through HTTP on a real database: every file of the REDCap,
 * FHIR and ODM material with the expected counts, the round trips (ODM metadata export → import,
 * form → FHIR Questionnaire → form), all-or-nothing, dry runs, size and type refusals, audit.
 */

import {
  FHIR_MATERIAL_EXPECTED as FHIR_EXPECTED,
  type FormTemplateDocumentInput,
  type FormTemplateView,
  formVariables,
  type ImportResult,
  REDCAP_MATERIAL_EXPECTED,
} from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { CAN_CHECK_ODM_SCHEMA, expectValidOdm } from '../exports/odm-test-kit';
import { odmHead } from '../exports/service/odm';
import {
  auditActions,
  call,
  createForm,
  formRows,
  member,
  newStudy,
  useFormsApp,
} from '../forms/forms-test-kit';
import { MATERIAL, materialFiles, ODM_EXPECTED, readMaterial } from './imports-test-kit';

const kit = useFormsApp();

/** The catalog key of a refusal's text (server-errors.json), as the API puts it on the field. */
const key = (code: string) => `SERVER_ERRORS.REASON.IMPORT_${code}`;

type Kind = 'redcap' | 'fhir' | 'odm';

function post(studyId: string, kind: Kind, fileName: string, content: string, dryRun = false) {
  return call(kit, 'POST', `/api/studies/${studyId}/forms/import/${kind}`, kit.admin, {
    fileName,
    content,
    dryRun,
  });
}

const sum = (result: ImportResult, key: 'questionCount' | 'showRuleCount' | 'calculatedCount') =>
  result.forms.reduce((n, f) => n + f[key], 0);

async function getForm(studyId: string, formId: string): Promise<FormTemplateView> {
  const res = await call(kit, 'GET', `/api/studies/${studyId}/questionnairetemplate/${formId}`, kit.admin);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/studies/:studyId/forms/import/redcap', () => {
  for (const file of materialFiles('redcap')) {
    const entry = REDCAP_MATERIAL_EXPECTED[file];
    // [forms, questions, show rules, calculated, left out] of the domain's table.
    const expected = Array.isArray(entry)
      ? ([entry[0], entry[1], entry[2], entry[3], entry[6]] as const)
      : null;
    const isCsv = file.endsWith('.csv');
    it(`${file}: ${expected ? `${expected[0]} forms, ${expected[1]} questions, ${expected[2]} rules` : isCsv ? 'not a data dictionary' : 'not a CSV file'}`, async () => {
      const study = await newStudy(kit);
      const res = await post(study.id, 'redcap', file, readMaterial('redcap', file));
      if (!expected) {
        expect(res.statusCode).toBe(400);
        expect(res.json().context.issues[0]).toMatchObject(
          isCsv
            ? { path: ['content'], message: key('NOT_A_DATA_DICTIONARY') }
            : { path: ['fileName'], message: key('FILE_TYPE'), params: { expected: '.csv' } },
        );
        expect(await formRows(kit, study.id)).toHaveLength(0);
        return;
      }
      expect(res.statusCode).toBe(201);
      const result: ImportResult = res.json();
      const [forms, questions, rules, calculated, leftOut] = expected;
      expect(result.forms).toHaveLength(forms);
      expect([
        sum(result, 'questionCount'),
        sum(result, 'showRuleCount'),
        sum(result, 'calculatedCount'),
      ]).toEqual([questions, rules, calculated]);
      expect(result.report.filter((l) => l.status === 'LEFT_OUT')).toHaveLength(leftOut);
      const rows = await formRows(kit, study.id);
      expect(rows).toHaveLength(forms);
      expect(
        rows.reduce((n, r) => n + ((r.document as { questions: unknown[] }).questions.length ?? 0), 0),
      ).toBe(questions);
    });
  }

  it('reports what could not be translated: the BMI calculation and an AND of two fields, with the REDCap text', async () => {
    const study = await newStudy(kit);
    const res = await post(
      study.id,
      'redcap',
      'dictionary.csv',
      readMaterial('redcap', 'redcapr_longitudinal_dictionary.csv'),
      true,
    );
    expect(res.statusCode).toBe(200);
    const result: ImportResult = res.json();
    expect(result.dryRun).toBe(true);
    expect(result.report).toContainEqual({
      form: 'demographics',
      item: 'bmi',
      status: 'LEFT_OUT',
      notes: [{ reason: 'CALC_NOT_EXPRESSIBLE', detail: 'round(([weight]*10000)/(([height])^(2)),1)' }],
    });
    expect(result.report).toContainEqual(
      expect.objectContaining({
        item: 'num_children',
        status: 'APPROXIMATE',
        notes: [{ reason: 'RULE_NOT_EXPRESSIBLE', detail: '[sex] = "0" and [given_birth] = "1"' }],
      }),
    );
    // A dry run writes nothing, not even its audit events.
    expect(await formRows(kit, study.id)).toHaveLength(0);
    expect(await auditActions(kit, study.id)).toEqual([]);
  });

  it('creates every form in one transaction, each audited, and the import once', async () => {
    const study = await newStudy(kit);
    const res = await post(
      study.id,
      'redcap',
      'survey.csv',
      readMaterial('redcap', 'redcapr_survey_dictionary.csv'),
    );
    expect(res.statusCode).toBe(201);
    expect(await auditActions(kit, study.id)).toEqual(Array(4).fill('FORM_TEMPLATE_CREATED'));
    expect(await auditActions(kit, study.id, 'FORM_IMPORT')).toEqual(['FORMS_IMPORTED']);
    // Imported again: the titles are made unique, nothing clashes.
    const again = await post(
      study.id,
      'redcap',
      'survey.csv',
      readMaterial('redcap', 'redcapr_survey_dictionary.csv'),
    );
    expect(again.statusCode).toBe(201);
    const titles = (again.json() as ImportResult).forms.map((f) => f.title.en);
    expect(titles).toHaveLength(4);
    for (const title of titles) expect(title).toMatch(/ \(copy\)$/);
  });

  it('is all or nothing: when the second form fails, no form is created', async () => {
    const study = await newStudy(kit);
    const header = readMaterial('redcap', 'redcapr_survey_dictionary.csv').split(/\r?\n/)[0];
    const csv = [
      header,
      'record_id,first,,text,ID,,,,,,,,,,,,,',
      'name,first,,text,Name,,,,,,,,,,,,,',
      // Sanitised to nothing on the server: an information block needs a text.
      'intro,second,,descriptive,"<script>alert(1)</script>",,,,,,,,,,,,,',
    ].join('\n');
    const res = await post(study.id, 'redcap', 'two.csv', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().context).toMatchObject({ reason: 'IMPORT_FORM_FAILED', form: 'Second', formIndex: 1 });
    expect(res.json().context.issues[0].path.slice(0, 3)).toEqual(['forms', 1, 'questions']);
    expect(await formRows(kit, study.id)).toHaveLength(0);
    expect(await auditActions(kit, study.id)).toEqual([]);
    // The preview says the same before anything is tried.
    expect((await post(study.id, 'redcap', 'two.csv', csv, true)).statusCode).toBe(400);
  });

  it('refuses a file over the size limit and one of the wrong type with a clear error', async () => {
    const study = await newStudy(kit);
    const big = await post(study.id, 'redcap', 'big.csv', 'x'.repeat(2_000_001));
    expect(big.statusCode).toBe(400);
    expect(big.json().context.issues).toEqual([
      { path: ['content'], message: key('FILE_TOO_LARGE'), params: { max: 2_000_000 } },
    ]);
    const pdf = await post(study.id, 'redcap', 'dictionary.pdf', '%PDF-1.7');
    expect(pdf.json().context.issues).toEqual([
      { path: ['fileName'], message: key('FILE_TYPE'), params: { expected: '.csv' } },
    ]);
    const empty = await post(study.id, 'redcap', 'empty.csv', '  ');
    expect(empty.json().context.issues[0].message).toBe(key('FILE_EMPTY'));
    expect(await formRows(kit, study.id)).toHaveLength(0);
  });

  it('is refused to a member who may not create forms', async () => {
    const study = await newStudy(kit);
    const monitor = await member(kit, study.id, 'MONITOR');
    const res = await call(kit, 'POST', `/api/studies/${study.id}/forms/import/redcap`, monitor.session, {
      fileName: 'a.csv',
      content: readMaterial('redcap', 'redcapr_survey_dictionary.csv'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/studies/:studyId/forms/import/fhir', () => {
  const files = materialFiles('fhir');
  it('covers every file of the FHIR material', () => {
    const questionnaires = files.filter((f) => !/(-qr|Response.*|-outcome)\.json$/.test(f));
    expect(questionnaires.sort()).toEqual(Object.keys(FHIR_EXPECTED).sort());
  });

  for (const file of files) {
    const expected = FHIR_EXPECTED[file] ?? 'NOT_A_QUESTIONNAIRE';
    it(`${file}: ${Array.isArray(expected) ? `${expected[1]} questions, ${expected[2]} rules` : expected}`, async () => {
      const study = await newStudy(kit);
      const isLhc = file.startsWith('lhc-forms/') || file.startsWith('fhir-core-r4/');
      const res = await post(
        study.id,
        'fhir',
        file.endsWith('.json') ? file : `${file}.json`,
        readMaterial('fhir', file),
        !isLhc,
      );
      if (!Array.isArray(expected)) {
        expect(res.statusCode).toBe(400);
        expect(res.json().context.issues[0].message).toBe(key(expected));
        return;
      }
      expect(res.statusCode).toBe(isLhc ? 201 : 200);
      const result: ImportResult = res.json();
      const [forms, questions, rules, calculated, leftOut] = expected;
      expect(result.forms).toHaveLength(forms);
      expect([
        sum(result, 'questionCount'),
        sum(result, 'showRuleCount'),
        sum(result, 'calculatedCount'),
      ]).toEqual([questions, rules, calculated]);
      expect(result.report.filter((l) => l.status === 'LEFT_OUT')).toHaveLength(leftOut);
      expect(await formRows(kit, study.id)).toHaveLength(isLhc ? forms : 0);
    });
  }

  it('refuses XML (FHIR JSON only) by its name', async () => {
    const study = await newStudy(kit);
    const res = await post(
      study.id,
      'fhir',
      'questionnaire-example.xml',
      readMaterial('fhir', 'fhirpath-tests/questionnaire-example.xml'),
    );
    expect(res.json().context.issues).toEqual([
      { path: ['fileName'], message: key('FILE_TYPE'), params: { expected: '.json' } },
    ]);
  });
});

describe('POST /api/studies/:studyId/forms/import/odm', () => {
  for (const [file, expected] of Object.entries(ODM_EXPECTED)) {
    it(`${file}: ${Array.isArray(expected) ? `${expected[0]} forms, ${expected[1]} questions` : expected}`, async () => {
      const study = await newStudy(kit);
      const [folder, name] = file.split('/') as [string, string];
      const res = await post(
        study.id,
        'odm',
        name,
        readMaterial(folder === 'odm' ? 'odm/examples' : folder, name),
      );
      if (!Array.isArray(expected)) {
        expect(res.statusCode).toBe(400);
        expect(res.json().context.issues[0].message).toBe(key(expected));
        return;
      }
      expect(res.statusCode).toBe(201);
      const result: ImportResult = res.json();
      const [forms, questions, imported, approximate, leftOut] = expected;
      expect(result.forms).toHaveLength(forms);
      expect(sum(result, 'questionCount')).toBe(questions);
      const count = (s: string) => result.report.filter((l) => l.status === s).length;
      expect([count('IMPORTED'), count('APPROXIMATE'), count('LEFT_OUT')]).toEqual([
        imported,
        approximate,
        leftOut,
      ]);
    });
  }

  it('reports a MethodDef formula it cannot read, with its expression (OpenEDC BMI)', async () => {
    const study = await newStudy(kit);
    const res = await post(
      study.id,
      'odm',
      'm.xml',
      readMaterial('odm/examples', 'openedc_metadata.xml'),
      true,
    );
    expect(res.statusCode).toBe(200);
    const calc = (res.json() as ImportResult).report.filter((l) =>
      l.notes.some((n) => n.reason === 'CALC_NOT_EXPRESSIBLE'),
    );
    expect(calc.map((l) => [l.status, l.questionType, l.notes])).toContainEqual([
      'APPROXIMATE',
      'NUMBER',
      [{ reason: 'CALC_NOT_EXPRESSIBLE', detail: 'Weight / Height ^ 2' }],
    ]);
    expect(calc).toHaveLength(2);
  });

  it('refuses text that is not XML, and XML that is not ODM', async () => {
    const study = await newStudy(kit);
    const broken = (await post(study.id, 'odm', 'a.xml', '<ODM><Study>')).json();
    expect(broken.context).toMatchObject({ reason: 'IMPORT_NOT_XML', issues: [{ message: key('NOT_XML') }] });
    expect(
      (await post(study.id, 'odm', 'a.xml', '<html><body/></html>')).json().context.issues[0],
    ).toMatchObject({
      message: key('NOT_ODM'),
      params: { detail: 'html' },
    });
    expect(MATERIAL).toContain('shared/material');
  });
});

describe('the import rate limit', () => {
  it('answers exactly 30 of a concurrent burst of 35 imports in a study and 429 RATE_LIMITED to the rest; another study is not limited by it', async () => {
    const study = await newStudy(kit);
    const csv = readMaterial('redcap', 'redcapr_survey_dictionary.csv');
    const burst = await Promise.all(
      Array.from({ length: 35 }, () => post(study.id, 'redcap', 'd.csv', csv, true)),
    );
    const codes = burst.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(30);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    expect(burst.find((res) => res.statusCode === 429)?.json()).toMatchObject({ type: 'RATE_LIMITED' });
    const odm = await post(study.id, 'odm', 'a.xml', '<ODM/>', true);
    expect(odm.statusCode).toBe(429);
    const other = await newStudy(kit);
    expect((await post(other.id, 'redcap', 'd.csv', csv, true)).statusCode).toBe(200);
  });
});

/** A form with one question of every type the ODM export writes as its own variables. */
const ROUND_TRIP_FORM: Partial<FormTemplateDocumentInput> = {
  title: { en: 'Vitals round trip' },
  questions: [
    {
      id: 'q1',
      order: 1,
      type: 'NUMBER',
      floatingNumber: true,
      required: true,
      minValue: 2.5,
      maxValue: 300,
      question: { en: 'Weight (kg)' },
    },
    { id: 'q2', order: 2, type: 'TEXT_SENTENCE', required: true, question: { en: 'Note, "quoted" & 1 < 2' } },
    { id: 'q3', order: 3, type: 'TEXT_FREE', question: { en: 'Comment' } },
    { id: 'q4', order: 4, type: 'DATE', question: { en: 'Visit date' } },
    { id: 'q5', order: 5, type: 'DATE_TIME', question: { en: 'Seen at' } },
    { id: 'q6', order: 6, type: 'TIME', question: { en: 'Wake-up time' } },
    { id: 'q7', order: 7, type: 'TIME_DURATION', question: { en: 'Sleep' } },
    {
      id: 'q8',
      order: 8,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Smoker' },
      possibilities: ['Never', 'Former', 'Current'].map((t, i) => ({ id: `p8${i}`, possibility: { en: t } })),
    },
    {
      id: 'q9',
      order: 9,
      type: 'MULTIPLE_RESPONSE',
      question: { en: 'Symptoms: today' },
      possibilities: ['Cough', 'Fever: high'].map((t, i) => ({ id: `p9${i}`, possibility: { en: t } })),
    },
    {
      id: 'q10',
      order: 10,
      type: 'YES_NO',
      question: { en: 'Pain' },
      possibilities: ['Yes', 'No'].map((t, i) => ({ id: `p10${i}`, possibility: { en: t } })),
    },
    { id: 'q11', order: 11, type: 'CHECKBOX', question: { en: 'Fasting' } },
    {
      id: 'q12',
      order: 12,
      type: 'SMILEY',
      question: { en: 'Mood' },
      possibilities: [1, 2, 3].map((n) => ({ id: `p12${n}`, possibility: { en: String(n) }, scoreValue: n })),
    },
  ],
};

/** The round-trip form and what only the ODM round trip adds: a required slider, a formula over it. */
const ODM_ROUND_TRIP_FORM: Partial<FormTemplateDocumentInput> = {
  ...ROUND_TRIP_FORM,
  questions: [
    ...(ROUND_TRIP_FORM.questions ?? []),
    {
      id: 'q13',
      order: 13,
      type: 'SLIDER',
      required: true,
      minValue: 0,
      maxValue: 10,
      question: { en: 'Pain level' },
    },
    {
      id: 'q14',
      order: 14,
      type: 'CALCULATED',
      calculationFormula: '(Q1 - Q13) / 2',
      calculationDecimals: 2,
      question: { en: 'Score' },
    },
    { id: 'q15', order: 15, type: 'NUMBER', floatingNumber: true, minValue: -5, question: { en: 'Change' } },
  ],
};

const shape = (questions: FormTemplateView['questions']) =>
  questions.map((q) => ({
    type: q.type,
    question: q.question,
    possibilities: q.possibilities.map((p) => p.possibility),
  }));

/** What the ODM metadata carries beyond the shape: required, min and max, formula and its decimals. */
const rules = (questions: FormTemplateView['questions']) =>
  questions.map((q) => ({
    required: q.required,
    minValue: q.minValue ?? null,
    maxValue: q.maxValue ?? null,
    calculationFormula: q.calculationFormula ?? null,
    calculationDecimals: q.type === 'CALCULATED' ? q.calculationDecimals : null,
  }));

describe('round trips', () => {
  it('ODM metadata export (schema-valid) → import gives the same forms, required flags, ranges and formulas', async () => {
    const source = await newStudy(kit);
    const created = await createForm(kit, source.id, ODM_ROUND_TRIP_FORM);
    const form = await getForm(source.id, created.id);
    const variables = formVariables(
      { id: form.id, exportLabel: 'VITALS', title: form.title },
      form.questions,
      'en',
    );
    const odm = `${odmHead({
      fileOid: 'Trialbase.rt',
      created: new Date('2026-03-01T00:00:00Z'),
      studyId: source.id,
      studyName: 'Round trip',
      language: 'en',
      events: [],
      forms: [{ name: 'VITALS', title: 'Vitals round trip', variables, questions: form.questions }],
      sites: [],
    })}</ClinicalData>\n</ODM>\n`;
    // As exports.test.ts: the schema check needs xmllint and the material's XSD.
    if (CAN_CHECK_ODM_SCHEMA) expectValidOdm(odm);
    expect(odm).toContain(
      '<RangeCheck Comparator="GE" SoftHard="Hard"><CheckValue>2.5</CheckValue></RangeCheck>',
    );
    expect(odm).toContain(
      '<FormalExpression Context="Trialbase">(IT.VITALS.VITALS_Q1 - IT.VITALS.VITALS_Q13) / 2</FormalExpression>',
    );
    const target = await newStudy(kit);
    const res = await post(target.id, 'odm', 'export.xml', odm);
    expect(res.statusCode).toBe(201);
    const result: ImportResult = res.json();
    expect(result.report.every((l) => l.status === 'IMPORTED')).toBe(true);
    const [imported] = result.forms;
    const back = await getForm(target.id, imported?.id ?? '');
    expect(back.title).toEqual({ en: 'Vitals round trip' });
    expect(shape(back.questions)).toEqual(shape(form.questions));
    expect(rules(back.questions)).toEqual(rules(form.questions));
    expect(rules(back.questions).filter((r) => r.required)).toHaveLength(3);
  });

  it('form → GET fhir/questionnaire → import gives the same questions', async () => {
    const source = await newStudy(kit);
    const created = await createForm(kit, source.id, {
      ...ROUND_TRIP_FORM,
      questions: [
        ...(ROUND_TRIP_FORM.questions ?? []),
        { id: 'q13', order: 13, type: 'SLIDER', minValue: 0, maxValue: 10, question: { en: 'Pain level' } },
        {
          id: 'q14',
          order: 14,
          type: 'CALCULATED',
          calculationFormula: 'Q1 * 2 + Q13',
          question: { en: 'Score' },
        },
        { id: 'q15', order: 15, type: 'INFORMATION', question: { en: '<p>Thank <strong>you</strong></p>' } },
        {
          id: 'q16',
          order: 16,
          type: 'TEXT_FREE',
          required: true,
          question: { en: 'Why?' },
          showRules: [{ question: 'q8', possibilities: ['p81', 'p82'] }],
        },
      ],
    });
    const form = await getForm(source.id, created.id);
    const exported = await call(
      kit,
      'GET',
      `/api/studies/${source.id}/forms/${form.id}/fhir/questionnaire`,
      kit.admin,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/fhir+json');
    const questionnaire = exported.json();
    expect(questionnaire).toMatchObject({
      resourceType: 'Questionnaire',
      status: 'draft',
      title: 'Vitals round trip',
    });
    const target = await newStudy(kit);
    const res = await post(target.id, 'fhir', 'q.json', exported.body);
    expect(res.statusCode).toBe(201);
    const back = await getForm(target.id, (res.json() as ImportResult).forms[0]?.id ?? '');
    const full = (f: FormTemplateView) => {
      const position = new Map(f.questions.flatMap((q) => q.possibilities.map((p, i) => [p.id, i] as const)));
      const order = new Map(f.questions.map((q) => [q.id, q.order]));
      return f.questions.map((q) => ({
        ...shape([q])[0],
        required: q.required,
        minValue: q.minValue ?? null,
        maxValue: q.maxValue ?? null,
        calculationFormula: q.calculationFormula ?? null,
        scores: q.possibilities.map((p) => p.scoreValue ?? null),
        showRules: q.showRules.map((r) => [
          order.get(r.question),
          r.possibilities.map((p) => position.get(p)),
        ]),
      }));
    };
    expect(full(back)).toEqual(full(form));
  });

  it('GET fhir/questionnaire of a form of another study is not found', async () => {
    const a = await newStudy(kit);
    const b = await newStudy(kit);
    const form = await createForm(kit, a.id);
    const res = await call(kit, 'GET', `/api/studies/${b.id}/forms/${form.id}/fhir/questionnaire`, kit.admin);
    expect(res.statusCode).toBe(404);
  });
});
