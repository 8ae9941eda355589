import { describe, expect, it } from 'vitest';
import type { AccessUser } from '../access/check';
import { type QuestionInput, QuestionSchema } from '../forms/model';
import { type AnswerInput, AnswerSchema } from '../questionnaires/model';
import {
  answerMarker,
  cellValue,
  ExportRequestSchema,
  FORMULA_GUARD_PREFIX,
  formVariables,
  guardFormula,
  isExportRefusal,
  isFormulaLike,
  planExportScope,
  SPECIAL_MARKERS,
  uniqueNames,
  variableName,
} from './model';

const STUDY = 'a'.repeat(24);
const SITE1 = '1'.repeat(24);
const SITE2 = '2'.repeat(24);
const q = (input: Partial<QuestionInput> & Pick<QuestionInput, 'id' | 'type' | 'order'>) =>
  QuestionSchema.parse({ question: { en: `Question ${input.order}` }, ...input });
const a = (input: Partial<AnswerInput> = {}) => AnswerSchema.parse({ question: 'q', ...input });
const req = (input: Record<string, unknown> = {}) => ExportRequestSchema.parse(input);
const user = (
  role: 'ADMIN' | 'MONITOR' | 'DOCTOR',
  siteIds: string[] | 'ALL',
  permissions: AccessUser['studyAccess'][number]['permissions'] = [],
): AccessUser => ({
  systemPermissions: [],
  studyAccess: [{ studyId: STUDY, role, siteIds, permissions }],
});

describe('spec 001 §3 special markers', () => {
  it('lists the six markers with their meaning', () => {
    expect(Object.keys(SPECIAL_MARKERS)).toEqual(['.b', '.na', '.n', '.c', '.d', '.e']);
  });
  it('an answer with data has no marker; skipped and unavailable win over the state', () => {
    expect(answerMarker(a({ answerStrings: ['5'] }))).toBeNull();
    expect(answerMarker(a({ answerSkipped: true }), { enrollmentStatus: 'EXCLUDED' })).toBe('.na');
    expect(answerMarker(a({ answerUnavailable: true }))).toBe('.n');
  });
  it('without data the subject state says why: excluded, discontinued, cancelled, else not answered', () => {
    expect(answerMarker(null)).toBe('.b');
    expect(answerMarker(a({ answerStrings: ['  '] }))).toBe('.b');
    expect(answerMarker(null, { enrollmentStatus: 'EXCLUDED' })).toBe('.e');
    expect(answerMarker(null, { tokenStatus: 'EXCLUDED' })).toBe('.e');
    expect(answerMarker(null, { isDiscontinued: true, enrollmentStatus: 'CANCELLED' })).toBe('.d');
    expect(answerMarker(null, { enrollmentStatus: 'CANCELLED' })).toBe('.c');
    expect(answerMarker(null, { enrollmentStatus: 'ONGOING' })).toBe('.b');
  });
});

describe('variable names from export labels', () => {
  it('keeps letters, digits and underscores, starts with a letter, at most 32 characters', () => {
    expect(variableName('SYS BP (mmHg)', 'x')).toBe('SYS_BP_mmHg');
    expect(variableName('1st', 'x')).toBe('V1st');
    expect(variableName('Größe', 'x')).toBe('Grosse');
    expect(variableName('', 'VITALS_Q3')).toBe('VITALS_Q3');
    expect(variableName('x'.repeat(40), 'y')).toHaveLength(32);
  });
  it('repeats get a suffix, compared without case', () => {
    expect(uniqueNames(['AGE', 'age', 'AGE', 'W'])).toEqual(['AGE', 'age_2', 'AGE_3', 'W']);
    expect(uniqueNames(['x'.repeat(32), 'x'.repeat(32)])[1]).toBe(`${'x'.repeat(30)}_2`);
  });
});

describe('codebook variables of a form', () => {
  const questions = [
    q({ id: 'q1', type: 'NUMBER', order: 1, exportLabel: 'WEIGHT' }),
    q({
      id: 'q2',
      type: 'MULTIPLE_CHOICE',
      order: 2,
      exportLabel: 'SMOKER',
      possibilities: [
        { id: 'p1', possibility: { en: 'Never' } },
        { id: 'p2', possibility: { en: 'Former' } },
      ],
    }),
    q({ id: 'q3', type: 'INFORMATION', order: 3 }),
    q({
      id: 'q4',
      type: 'MULTIPLE_RESPONSE',
      order: 4,
      possibilities: [
        { id: 'r1', possibility: { en: 'Red' } },
        { id: 'r2', possibility: { en: 'Blue' } },
      ],
    }),
    q({
      id: 'q5',
      type: 'TABLE',
      order: 5,
      exportLabel: 'DOSE',
      tableRow: [{ id: 'row1', title: { en: 'Morning' }, exportLabel: 'AM' }],
      tableCol: [{ id: 'c1', title: { en: 'mg' }, type: 'NUMBER', exportLabel: 'MG' }],
    }),
    q({ id: 'q6', type: 'DATE', order: 6, exportLabel: 'weight' }),
    q({ id: 'q7', type: 'CHECKBOX', order: 7, exportLabel: 'FASTING' }),
  ];
  const vars = formVariables({ id: 'f', exportLabel: 'VITALS', title: { en: 'Vitals' } }, questions, 'en');

  it('one variable per question, per possibility of multiple response, per table cell; none for information', () => {
    expect(vars.map((v) => v.variable)).toEqual([
      'WEIGHT',
      'SMOKER',
      'VITALS_Q4_1',
      'VITALS_Q4_2',
      'DOSE_AM_MG',
      'weight_2',
      'FASTING',
    ]);
    expect(vars.map((v) => v.type)).toEqual([
      'numeric',
      'numeric',
      'numeric',
      'numeric',
      'numeric',
      'date',
      'numeric',
    ]);
  });
  it('choices carry their 1-based positions as value labels', () => {
    expect(vars[1]?.valueLabels).toEqual([
      { value: '1', label: 'Never' },
      { value: '2', label: 'Former' },
    ]);
    expect(vars[2]?.label).toBe('Question 4: Red');
  });
  it('cells hold data or the marker', () => {
    const byId = Object.fromEntries(questions.map((x) => [x.id, x]));
    const cell = (i: number, answer: ReturnType<typeof a> | null, ctx = {}) => {
      const v = vars[i];
      if (!v) throw new Error('no variable');
      return cellValue(v, byId[v.questionId] ?? questions[0]!, answer, ctx);
    };
    expect(cell(0, a({ answerStrings: ['72.5'] }))).toBe('72.5');
    expect(cell(0, a({ answerSkipped: true }))).toBe('.na');
    expect(cell(1, a({ possibilities: ['p2'] }))).toBe('2');
    expect(cell(2, a({ possibilities: ['r1'] }))).toBe('1');
    expect(cell(3, a({ possibilities: ['r1'] }))).toBe('0');
    expect(cell(4, a({ tableCells: [{ row: 0, col: 'c1', value: '50' }] }))).toBe('50');
    expect(cell(5, null, { enrollmentStatus: 'EXCLUDED' })).toBe('.e');
    expect(cell(6, a({ answerStrings: ['true'] }))).toBe('1');
    expect(cell(6, a({ answerStrings: ['false'] }))).toBe('0');
  });
});

describe('who may export what (spec 000 §6, issue 26)', () => {
  it('needs the export permission: the monitor and admin hold it, the doctor not', () => {
    expect(planExportScope(user('DOCTOR', 'ALL'), STUDY, req())).toEqual({ refused: 'NO_EXPORT_PERMISSION' });
    const plan = planExportScope(user('MONITOR', 'ALL'), STUDY, req());
    expect(isExportRefusal(plan) ? null : plan.sites).toBe('ALL');
  });
  it('a site-limited user exports only its sites, and is refused another', () => {
    const monitor = user('MONITOR', [SITE1]);
    const plan = planExportScope(monitor, STUDY, req());
    expect(isExportRefusal(plan) ? null : plan.sites).toEqual([SITE1]);
    expect(planExportScope(monitor, STUDY, req({ sites: [SITE1, SITE2] }))).toEqual({
      refused: 'SITE_NOT_ALLOWED',
      detail: SITE2,
    });
  });
  it('identifiable fields need their per-field permission; the pseudonymising monitor is refused', () => {
    expect(planExportScope(user('MONITOR', 'ALL'), STUDY, req({ subjectFields: ['email'] }))).toEqual({
      refused: 'FIELD_NOT_ALLOWED',
      detail: 'email',
    });
    const plan = planExportScope(user('ADMIN', 'ALL'), STUDY, req({ subjectFields: ['email', 'initials'] }));
    expect(isExportRefusal(plan) ? null : plan.subjectFields).toEqual(['email', 'initials']);
  });
  it('blinded users never get trial groups', () => {
    expect(planExportScope(user('MONITOR', 'ALL'), STUDY, req({ includeTrialGroup: true }))).toEqual({
      refused: 'FIELD_NOT_ALLOWED',
      detail: 'trialGroup',
    });
    const admin = planExportScope(user('ADMIN', 'ALL'), STUDY, req({ includeTrialGroup: true }));
    expect(isExportRefusal(admin) ? null : admin.includeTrialGroup).toBe(true);
  });
  it('the audit trail, queries and AEs need their view permission', () => {
    const monitor = user('MONITOR', 'ALL');
    const plan = planExportScope(
      monitor,
      STUDY,
      req({ includeAuditTrail: true, includeQueries: true, includeAes: true }),
    );
    expect(isExportRefusal(plan)).toBe(false);
    const other = user('DOCTOR', 'ALL', ['REPORTING_EXPORT']);
    expect(planExportScope(other, STUDY, req({ includeAuditTrail: true }))).toEqual({
      refused: 'FIELD_NOT_ALLOWED',
      detail: 'includeAuditTrail',
    });
  });
  it('the request refuses a range that ends before it starts', () => {
    expect(ExportRequestSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).success).toBe(false);
    expect(req().formats).toEqual(['CSV']);
  });
});

describe('formula injection guard (OWASP CSV injection)', () => {
  it('neutralises text cells that begin with = + - @ tab or carriage return', () => {
    for (const text of ['=1+2', '+SUM(A1)', "-2+3+cmd|' /C calc'!A0", '@SUM(1)', '\t=1', '\r=1'])
      expect(guardFormula(text), JSON.stringify(text)).toBe(`${FORMULA_GUARD_PREFIX}${text}`);
    expect(guardFormula('=HYPERLINK("http://x")', true)).toBe('\'=HYPERLINK("http://x")');
  });
  it('leaves other text and numbers in numeric columns as they are', () => {
    for (const text of ['', 'fine', '72.5', '.b', ' =1', "'=1", '1|2'])
      expect(guardFormula(text), JSON.stringify(text)).toBe(text);
    for (const number of ['-5', '-0.25', '+1.5', '-2e3', '-.5', '+7'])
      expect(guardFormula(number, true), number).toBe(number);
  });
  it('a negative number in a text column is neutralised; a formula in a numeric column too', () => {
    expect(isFormulaLike('-5')).toBe(true);
    expect(isFormulaLike('-5', true)).toBe(false);
    expect(isFormulaLike('-5+A1', true)).toBe(true);
    expect(isFormulaLike('-', true)).toBe(true);
  });
});
