import { describe, expect, it } from 'vitest';
import { defaultsPlanOf } from '../common/defaults-plan-of';
import { buildEq5dForm } from '../forms/eq5d';
import { FORM_DOCUMENT_DEFAULTS } from '../forms/form-defaults';
import { FormTemplateDocumentSchema } from '../forms/schemas';
import { buildForm, buildQuestion } from '../forms/test-fixtures';
import { toParticipantForm } from './participant-form';
import { readParticipantProcess } from './participant-process';
import { PublicProcessSchema } from './schemas';

/** A form with settings away from their defaults, nested ones included. */
function richForm() {
  const questions = [
    buildQuestion({
      order: 1,
      type: 'YES_NO',
      required: true,
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes' }, scoreValue: 1, reqForInclusion: true },
        { id: 'no', possibility: { en: 'No' }, showRules: [{ question: 'q0', possibilities: ['a'] }] },
      ],
      exportLabel: 'SMOKER',
    }),
    buildQuestion({
      order: 2,
      type: 'NUMBER',
      floatingNumber: true,
      showRules: [{ question: 'q1', possibilities: ['yes'] }],
      validationRules: [{ id: 'r1', action: { type: 'BLOCK' } }],
    }),
    buildQuestion({ order: 3, type: 'CALCULATED', calculationFormula: 'Q2 * 2', calculationDecimals: 0 }),
    buildQuestion({
      order: 4,
      type: 'TABLE',
      dynamicTable: true,
      tableRow: [{ id: 'r1', title: { en: 'Row' }, exportLabel: 'R1' }],
      tableCol: [{ id: 'c1', title: { en: 'Dose' }, type: 'NUMBER', exportLabel: 'D', floatingNumber: true }],
    }),
    buildQuestion({ order: 5, type: 'INFORMATION', visibleInPublic: false }),
  ];
  return FormTemplateDocumentSchema.parse({
    ...buildForm(questions, { id: 'f1', score: true }),
    colorLabels: [{ color: '#f00', label: { en: 'Pain' } }],
    version: { major: 2, minor: 1 },
    deviceClasses: [{ deviceClass: 'MOBILE', minWidth: 0, maxWidth: 540 }],
  });
}

function processWith(forms: ReturnType<typeof richForm>[]) {
  return {
    studyId: 'a'.repeat(24),
    studyName: 'Study',
    tokenId: 'b'.repeat(24),
    tokenStatus: 'UNUSED',
    enrollmentId: 'c'.repeat(24),
    processId: 'd'.repeat(24),
    dataEvent: { id: 'd1', name: { en: 'Visit' }, type: 'TYPE_PATIENT', forceFormOrder: false },
    primaryLanguage: 'en',
    languages: ['en', 'da'],
    preferredLang: null,
    dateFormat: 'YYYY-MM-DD',
    dateTimeFormat: 'YYYY-MM-DD HH:mm',
    forms: forms.map((form, i) => ({
      formId: form.id,
      order: i + 1,
      optional: false,
      version: form.version,
      form: toParticipantForm(form),
      questionnaireId: null,
      status: 'STATUS_NOT_STARTED',
      answers: [
        { questionId: 'q1', value: { possibilities: ['yes'] }, isUnavailable: false, isSkipped: false },
      ],
    })),
  };
}

describe('getProcess read without zod (issue 16, the slow phone)', () => {
  it("FORM_DOCUMENT_DEFAULTS is FormTemplateDocumentSchema's plan", () => {
    // On a failure, write the received plan into forms/form-defaults.ts.
    expect(FORM_DOCUMENT_DEFAULTS).toEqual(defaultsPlanOf(FormTemplateDocumentSchema));
  });

  it('reads what PublicProcessSchema parses, defaults filled in', () => {
    const wire = JSON.parse(JSON.stringify(processWith([richForm(), buildEq5dForm('eq5d')]))) as unknown;
    const parsed = PublicProcessSchema.parse(wire);
    expect(parsed.forms[0]?.form.questions[0]?.canSkip).toBe(false);
    expect(readParticipantProcess(wire)).toEqual(parsed);
  });

  it('gives each form its own copies of list and object defaults', () => {
    const wire = JSON.parse(JSON.stringify(processWith([richForm()]))) as unknown;
    const first = readParticipantProcess(wire).forms[0]?.form;
    const second = readParticipantProcess(wire).forms[0]?.form;
    first?.questions[4]?.possibilities.push({
      id: 'x',
      possibility: {},
      reqForInclusion: false,
      showRules: [],
    });
    expect(second?.questions[4]?.possibilities).toEqual([]);
  });

  it('refuses an answer whose forms or questions it cannot walk, as the schema does', () => {
    const good = processWith([richForm()]);
    const broken = [
      null,
      { ...good, forms: 'none' },
      { ...good, forms: [{ ...good.forms[0], form: null }] },
      { ...good, forms: [{ ...good.forms[0], answers: undefined }] },
      { ...good, forms: [{ ...good.forms[0], form: { ...good.forms[0]?.form, questions: {} } }] },
      { ...good, forms: [{ ...good.forms[0], form: { ...good.forms[0]?.form, questions: [{ id: 'q' }] } }] },
    ];
    for (const wire of broken) {
      expect(PublicProcessSchema.safeParse(wire).success).toBe(false);
      expect(() => readParticipantProcess(wire)).toThrow(/getProcess: the answer cannot be read/);
    }
  });
});
