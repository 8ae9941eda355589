/** Spec 001 §5 authoring limits through POST questionnairetemplate: each limit's error with its field path. */
import type { FormTemplateDocumentInput, QuestionInput } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { engine } from '../../../test/harness';
import { call, createForm, formDoc, formRows, newStudy, useFormsApp } from './forms-test-kit';

const kit = useFormsApp();
const url = (studyId: string) => `/api/studies/${studyId}/questionnairetemplate`;
const text = (n: number) => 'x'.repeat(n);

type Issue = { path: (string | number)[]; message: string };

/** Posts a new form and returns the 400 issues; the study must still hold no form. */
async function refused(doc: FormTemplateDocumentInput): Promise<Issue[]> {
  const study = await newStudy(kit);
  const res = await call(kit, 'POST', url(study.id), kit.admin, doc);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().type).toBe('VALIDATION');
  expect(await formRows(kit, study.id)).toHaveLength(0);
  return res.json().context.issues;
}

async function accepted(doc: FormTemplateDocumentInput) {
  const study = await newStudy(kit);
  const res = await call(kit, 'POST', url(study.id), kit.admin, doc);
  expect(res.statusCode, res.body).toBe(201);
}

function paths(issues: Issue[]) {
  return issues.map((i) => i.path.join('.'));
}

const withQuestion = (q: Partial<QuestionInput>) =>
  formDoc({ questions: [{ id: 'a', order: 1, question: { en: 'Question' }, type: 'NUMBER', ...q }] });
const choices = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, possibility: { en: `P${i}` } }));

describe(`spec 001 §5 authoring limits on POST questionnairetemplate (${engine})`, () => {
  it('form name: required, at most 64 (64 passes, 65 fails)', async () => {
    await accepted(formDoc({ title: { en: text(64) } }));
    expect(await refused(formDoc({ title: { en: text(65) } }))).toEqual([
      { path: ['title', 'en'], message: 'MAX_LENGTH', params: { max: 64 } },
    ]);
    expect(await refused(formDoc({ title: { en: '  ' } }))).toEqual([
      { path: ['title'], message: 'REQUIRED' },
    ]);
  });

  it('intro text: required when shown, at most 20000 (20000 passes, 20001 fails)', async () => {
    await accepted(formDoc({ showInfoText: true, infoText: { en: text(20000) } }));
    expect(paths(await refused(formDoc({ showInfoText: true, infoText: { en: text(20001) } })))).toEqual([
      'infoText.en',
    ]);
    expect(await refused(formDoc({ showInfoText: true, infoText: {} }))).toEqual([
      { path: ['infoText'], message: 'REQUIRED' },
    ]);
  });

  it('form export label: letters and digits only; a chart image is required for image charts', async () => {
    expect(await refused(formDoc({ exportLabel: 'no spaces' }))).toEqual([
      { path: ['exportLabel'], message: 'PATTERN' },
    ]);
    expect(await refused(formDoc({ type: 'TYPE_IMAGE_CHART' }))).toEqual([
      { path: ['imageChart'], message: 'REQUIRED' },
    ]);
  });

  it('possibilities: at least one for choice types, text at most 1024 (1024 passes, 1025 fails)', async () => {
    await accepted(
      withQuestion({
        type: 'MULTIPLE_CHOICE',
        possibilities: [{ id: 'p', possibility: { en: text(1024) } }],
      }),
    );
    expect(
      await refused(
        withQuestion({
          type: 'MULTIPLE_CHOICE',
          possibilities: [{ id: 'p', possibility: { en: text(1025) } }],
        }),
      ),
    ).toEqual([
      {
        path: ['questions', 0, 'possibilities', 0, 'possibility', 'en'],
        message: 'MAX_LENGTH',
        params: { max: 1024 },
      },
    ]);
    for (const type of ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'YES_NO', 'SMILEY'] as const) {
      expect(paths(await refused(withQuestion({ type, possibilities: [] })))).toEqual([
        'questions.0.possibilities',
      ]);
    }
  });

  it('number min and max: numeric, integer unless decimal, within ±9999999999999, min not above max', async () => {
    await accepted(withQuestion({ minValue: -9999999999999, maxValue: 9999999999999 }));
    expect(await refused(withQuestion({ minValue: 5, maxValue: 4 }))).toEqual([
      { path: ['questions', 0, 'minValue'], message: 'MIN_ABOVE_MAX', params: { max: 4 } },
    ]);
    expect(paths(await refused(withQuestion({ maxValue: 10000000000000 })))).toEqual([
      'questions.0.maxValue',
    ]);
    expect(paths(await refused(withQuestion({ minValue: 1.5 })))).toEqual(['questions.0.minValue']);
    await accepted(withQuestion({ minValue: 1.5, floatingNumber: true }));
  });

  it('slider: min and max required', async () => {
    expect(paths(await refused(withQuestion({ type: 'SLIDER' })))).toEqual([
      'questions.0.minValue',
      'questions.0.maxValue',
    ]);
  });

  it('text min and max length: positive integers up to 10000, min not above max', async () => {
    await accepted(withQuestion({ type: 'TEXT_FREE', minLength: 1, maxLength: 10000 }));
    expect(paths(await refused(withQuestion({ type: 'TEXT_FREE', minLength: 0 })))).toEqual([
      'questions.0.minLength',
    ]);
    expect(paths(await refused(withQuestion({ type: 'TEXT_SENTENCE', maxLength: 10001 })))).toEqual([
      'questions.0.maxLength',
    ]);
    expect(
      paths(await refused(withQuestion({ type: 'TEXT_SENTENCE', minLength: 20, maxLength: 10 }))),
    ).toEqual(['questions.0.minLength']);
  });

  it('multiple response: min and max answers at most the number of possibilities', async () => {
    await accepted(
      withQuestion({ type: 'MULTIPLE_RESPONSE', possibilities: choices(3), minAnswer: 1, maxAnswer: 3 }),
    );
    expect(
      await refused(withQuestion({ type: 'MULTIPLE_RESPONSE', possibilities: choices(3), maxAnswer: 4 })),
    ).toEqual([{ path: ['questions', 0, 'maxAnswer'], message: 'OUT_OF_RANGE', params: { min: 0, max: 3 } }]);
    expect(
      paths(
        await refused(withQuestion({ type: 'MULTIPLE_RESPONSE', possibilities: choices(2), minAnswer: 3 })),
      ),
    ).toEqual(['questions.0.minAnswer']);
  });

  const row = (id: string, exportLabel: string) => ({ id, title: { en: `Row ${id}` }, exportLabel });
  const col = (id: string, exportLabel: string) => ({
    id,
    title: { en: `Col ${id}` },
    type: 'NUMBER' as const,
    exportLabel,
  });

  it('table: a row (unless dynamic) and a column, titles required, export labels letters/digits and unique', async () => {
    await accepted(withQuestion({ type: 'TABLE', tableRow: [row('r1', 'R1')], tableCol: [col('c1', 'C1')] }));
    await accepted(withQuestion({ type: 'TABLE', dynamicTable: true, tableCol: [col('c1', 'C1')] }));
    expect(paths(await refused(withQuestion({ type: 'TABLE' })))).toEqual([
      'questions.0.tableRow',
      'questions.0.tableCol',
    ]);
    expect(
      paths(
        await refused(
          withQuestion({ type: 'TABLE', tableRow: [row('r1', 'Same')], tableCol: [col('c1', 'same')] }),
        ),
      ),
    ).toEqual(['questions.0.tableCol.0.exportLabel']);
    expect(
      paths(
        await refused(
          withQuestion({ type: 'TABLE', tableRow: [row('r1', 'R-1')], tableCol: [col('c1', 'C1')] }),
        ),
      ),
    ).toEqual(['questions.0.tableRow.0.exportLabel']);
    expect(
      paths(
        await refused(
          withQuestion({
            type: 'TABLE',
            tableRow: [{ id: 'r', title: {}, exportLabel: '' }],
            tableCol: [col('c1', 'C1')],
          }),
        ),
      ),
    ).toEqual(['questions.0.tableRow.0.title']);
  });

  const calc = (formula: string, extra: Partial<FormTemplateDocumentInput> = {}) =>
    formDoc({
      ...extra,
      questions: [
        { id: 'n', order: 1, type: 'NUMBER', question: { en: 'Number' } },
        { id: 't', order: 2, type: 'TEXT_SENTENCE', question: { en: 'Text' } },
        { id: 'c', order: 3, type: 'CALCULATED', question: { en: 'Sum' }, calculationFormula: formula },
      ],
    });

  it('formulas: valid pattern, existing references of an allowed type, QMAX only on score forms', async () => {
    await accepted(calc('Q1*2'));
    const unknown = await refused(calc('Q1+Q9'));
    expect(unknown).toEqual([
      expect.objectContaining({ path: ['questions', 2, 'calculationFormula'], message: 'UNKNOWN_REFERENCE' }),
    ]);
    expect((await refused(calc('Q2+1')))[0]?.message).toBe('INCOMPATIBLE_TYPES');
    expect((await refused(calc('QMAX1')))[0]?.message).toBe('NOT_ALLOWED');
    expect((await refused(calc('Q1+')))[0]?.message).toBe('INVALID_FORMULA');
    expect((await refused(calc('')))[0]?.message).toBe('REQUIRED');
  });

  it('show rules: only earlier choice questions (INVALID_SHOW_RULE)', async () => {
    const doc = formDoc({
      questions: [
        {
          id: 'a',
          order: 1,
          type: 'TEXT_SENTENCE',
          question: { en: 'A' },
          showRules: [{ question: 'b', possibilities: ['p1'] }],
        },
        { id: 'b', order: 2, type: 'YES_NO', question: { en: 'B' }, possibilities: choices(2) },
      ],
    });
    expect(await refused(doc)).toEqual([
      {
        path: ['questions', 0, 'showRules', 0, 'question'],
        message: 'NOT_ALLOWED',
        params: { errorId: 'INVALID_SHOW_RULE' },
      },
    ]);
  });

  it('question ids and orders are unique', async () => {
    const doc = formDoc({
      questions: [
        { id: 'a', order: 1, type: 'TEXT_SENTENCE', question: { en: 'A' } },
        { id: 'a', order: 1, type: 'TEXT_SENTENCE', question: { en: 'B' } },
      ],
    });
    expect(paths(await refused(doc))).toEqual(['questions.1.id', 'questions.1.order']);
  });

  it('a refused autosave leaves the stored draft as it was', async () => {
    const study = await newStudy(kit);
    const form = await createForm(kit, study.id, { title: { en: 'Kept' } });
    const res = await call(kit, 'POST', url(study.id), kit.admin, { ...form, title: { en: text(65) } });
    expect(res.statusCode).toBe(400);
    const [row] = await formRows(kit, study.id);
    expect(row?.name).toBe('Kept');
    expect(row?.updatedAt.toISOString()).toBe(form.updatedAt);
  });

  it('validation rules inside a question are checked by the server too (spec 001 §3, §5)', async () => {
    const rule = {
      id: 'r1',
      leftOperant: { type: 'QUESTION', form: '', question: 'a' },
      operator: 'lte',
      rightOperant: { type: 'CONST_VAL', value: 60 },
      action: { type: 'BLOCK', message: { en: 'At most {limit}' } },
    };
    await accepted(withQuestion({ validationRules: [rule] }));
    expect(paths(await refused(withQuestion({ validationRules: [{ nonsense: true }] })))).toEqual([
      'questions.0.validationRules.0',
    ]);
  });
});
