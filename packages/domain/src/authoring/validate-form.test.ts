import { describe, expect, it } from 'vitest';
import type { FormTemplate, Possibility } from '../forms/model';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from './testing';
import { validateFormTemplate } from './validate-form';
import { validateTable } from './validate-table';

const check = (form: FormTemplate) => validateFormTemplate(form).map((i) => [i.path.join('.'), i.message]);
const table = buildTestQuestion({
  id: 't',
  type: 'TABLE',
  order: 1,
  tableRow: [{ id: 'r1', title: { en: 'Row' }, exportLabel: 'R1' }],
  tableCol: [{ id: 'c1', title: { en: 'Col' }, type: 'NUMBER', exportLabel: 'C1' }],
});

describe('Spec 001 §5 form authoring limits', () => {
  it('form name: required, 64 pass, 65 fail', () => {
    expect(check(buildTestForm({ title: { en: 'x'.repeat(64) } }))).toEqual([]);
    expect(check({ ...buildTestForm(), title: { en: 'x'.repeat(65) } })).toEqual([
      ['title.en', 'MAX_LENGTH'],
    ]);
    expect(check(buildTestForm({ title: {} }))).toEqual([['title', 'REQUIRED']]);
  });

  it('intro text: required when shown, 20000 pass, 20001 fail', () => {
    expect(check(buildTestForm({ showInfoText: true }))).toEqual([['infoText', 'REQUIRED']]);
    expect(check(buildTestForm({ showInfoText: true, infoText: { en: 'x'.repeat(20000) } }))).toEqual([]);
    expect(check({ ...buildTestForm({ showInfoText: true }), infoText: { en: 'x'.repeat(20001) } })).toEqual([
      ['infoText.en', 'MAX_LENGTH'],
    ]);
  });

  it('an image chart form needs its chart image', () => {
    expect(check(buildTestForm({ type: 'TYPE_IMAGE_CHART' }))).toEqual([['imageChart', 'REQUIRED']]);
    expect(check(buildTestForm({ type: 'TYPE_IMAGE_CHART', imageChart: 'img1' }))).toEqual([]);
  });

  it('question ids and orders are unique; question issues carry the question index', () => {
    const a = buildTestQuestion({ id: 'a', type: 'NUMBER', order: 1 });
    const b = buildTestQuestion({ id: 'a', type: 'NUMBER', order: 1, minValue: 3, maxValue: 2 });
    expect(check(buildTestForm({ questions: [a, b] }))).toEqual([
      ['questions.1.id', 'DUPLICATE'],
      ['questions.1.order', 'DUPLICATE'],
      ['questions.1.minValue', 'MIN_ABOVE_MAX'],
    ]);
  });

  it('possibility ids are unique per form: a shared id is refused at the later question', () => {
    const yesNo = (id: string, order: number, possibilities: Possibility[]) =>
      buildTestQuestion({ id, type: 'YES_NO', order, possibilities });
    const first = yesNo('a', 1, buildTestPossibilities('a', 2));
    const [own, other] = buildTestPossibilities('b', 2);
    const shared = yesNo('b', 2, [own as Possibility, { ...(other as Possibility), id: 'a-p2' }]);
    expect(check(buildTestForm({ questions: [first, shared] }))).toEqual([
      ['questions.1.possibilities.1.id', 'DUPLICATE'],
    ]);
    expect(
      check(buildTestForm({ questions: [first, yesNo('b', 2, buildTestPossibilities('b', 2))] })),
    ).toEqual([]);
  });
});

describe('Spec 001 §5 TABLE authoring limits', () => {
  it('accepts one titled row and one typed, titled column', () => {
    expect(validateTable(table)).toEqual([]);
  });

  it('needs a row (unless dynamic) and a column', () => {
    expect(validateTable({ ...table, tableRow: [], tableCol: [] }).map((i) => i.path.join('.'))).toEqual([
      'tableRow',
      'tableCol',
    ]);
    expect(validateTable({ ...table, tableRow: [], dynamicTable: true })).toEqual([]);
  });

  it('titles are required; export labels letters and digits only, unique across rows and columns', () => {
    const issues = validateTable({
      ...table,
      tableRow: [
        { id: 'r1', title: {}, exportLabel: 'Dose' },
        { id: 'r2', title: { en: 'B' }, exportLabel: 'dose 2' },
      ],
      tableCol: [
        { id: 'c1', title: { en: 'C' }, type: 'NUMBER', exportLabel: 'DOSE', floatingNumber: false },
      ],
    });
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['tableRow.0.title', 'REQUIRED'],
      ['tableRow.1.exportLabel', 'PATTERN'],
      ['tableCol.0.exportLabel', 'DUPLICATE'],
    ]);
  });
});
