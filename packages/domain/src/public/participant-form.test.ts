import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildEq5dForm } from '../forms/eq5d';
import { type FormTemplateDocument, FormTemplateDocumentSchema } from '../forms/schemas';
import { buildForm, buildQuestion } from '../forms/test-fixtures';
import { ParticipantFormSchema, toParticipantForm } from './participant-form';
import { PublicProcessFormSchema } from './schemas';

/** A form that sets many settings away from their defaults, staff-only ones included. */
function richForm(): FormTemplateDocument {
  const questions = [
    buildQuestion({
      order: 1,
      type: 'YES_NO',
      required: true,
      possibilities: [
        { id: 'yes', possibility: { en: 'Yes', da: 'Ja' }, scoreValue: 1, reqForInclusion: true },
        { id: 'no', possibility: { en: 'No', da: 'Nej' }, scoreValue: 0 },
      ],
      exportLabel: 'SMOKER',
      usedByStratification: true,
      notEditable: true,
    }),
    buildQuestion({
      order: 2,
      type: 'NUMBER',
      minValue: 0,
      maxValue: 0,
      floatingNumber: true,
      showRules: [{ question: 'q1', possibilities: ['yes'] }],
      helpText: { en: 'Cigarettes a day' },
      validationRules: [{ id: 'r1', action: { type: 'BLOCK' } }],
    }),
    buildQuestion({ order: 3, type: 'CALCULATED', calculationFormula: 'Q2 * 2', calculationDecimals: 0 }),
    buildQuestion({
      order: 4,
      type: 'TABLE',
      dynamicTable: true,
      tableMaxRowCount: 3,
      tableRow: [{ id: 'r1', title: { en: 'Row' }, exportLabel: 'R1' }],
      tableCol: [
        { id: 'c1', title: { en: 'Dose' }, type: 'NUMBER', exportLabel: 'D', floatingNumber: false },
      ],
    }),
    buildQuestion({ order: 5, type: 'TEXT_FREE', hideFromSubjects: true, canSkip: true }),
    buildQuestion({ order: 6, type: 'INFORMATION', visibleInPublic: false }),
  ];
  return FormTemplateDocumentSchema.parse({
    ...buildForm(questions, { id: 'f1', score: true, showInfoText: true, infoText: { en: 'Intro' } }),
    exportLabel: 'F1',
    published: true,
    isUsedInProcess: true,
    fullyEditable: false,
    version: { major: 2, minor: 1 },
  });
}

const STAFF_FORM = ['exportLabel', 'labelUnique', 'aeFormTemplate', 'sponsorInvolvement', 'published'];
const STAFF_FORM_MORE = ['fullyEditable', 'isUsedInProcess', 'isDefaultAeForm'];
const STAFF_QUESTION = ['exportLabel', 'mandatoryWhen', 'fixedPossibilities', 'notEditable'];
const STAFF_QUESTION_MORE = ['usedByStratification', 'fullyEditable'];

function without(value: object, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}

/** What the participant's side reads: the form with the staff-only settings at their defaults. */
function asParticipantReads(form: FormTemplateDocument): FormTemplateDocument {
  return FormTemplateDocumentSchema.parse({
    ...without(form, [...STAFF_FORM, ...STAFF_FORM_MORE]),
    questions: form.questions.map((q) => without(q, [...STAFF_QUESTION, ...STAFF_QUESTION_MORE])),
  });
}

describe('getProcess form for participants (issue 16 item 5)', () => {
  it('parses back into the same document, staff-only settings at their defaults', () => {
    for (const form of [richForm(), buildEq5dForm('eq5d')]) {
      const wire = JSON.parse(JSON.stringify(toParticipantForm(form))) as unknown;
      expect(FormTemplateDocumentSchema.parse(wire)).toEqual(asParticipantReads(form));
    }
  });

  it('keeps settings that differ from their default, and the staff answers that decide visibility', () => {
    const wire = toParticipantForm(richForm()) as Record<string, unknown> & {
      questions: Record<string, unknown>[];
    };
    expect(wire).toMatchObject({ id: 'f1', score: true, version: { major: 2, minor: 1 } });
    expect(wire.questions[0]).toMatchObject({ required: true, type: 'YES_NO' });
    // A value that equals the default of another field is still sent: maxValue 0 has no default.
    expect(wire.questions[1]).toMatchObject({ minValue: 0, maxValue: 0, floatingNumber: true });
    expect(wire.questions[4]).toMatchObject({ hideFromSubjects: true, canSkip: true });
    expect(wire.questions[5]).toMatchObject({ visibleInPublic: false });
  });

  it('leaves out staff-only settings and defaults', () => {
    const wire = toParticipantForm(richForm()) as Record<string, unknown> & {
      questions: Record<string, unknown>[];
    };
    for (const key of ['exportLabel', 'published', 'isUsedInProcess', 'fullyEditable', 'colorLabels'])
      expect(wire).not.toHaveProperty(key);
    for (const key of ['exportLabel', 'usedByStratification', 'notEditable', 'canSkip', 'sliderTexts'])
      expect(wire.questions[0]).not.toHaveProperty(key);
    expect(wire.questions[0]?.possibilities).toEqual([
      { id: 'yes', possibility: { en: 'Yes', da: 'Ja' }, scoreValue: 1, reqForInclusion: true },
      { id: 'no', possibility: { en: 'No', da: 'Nej' }, scoreValue: 0 },
    ]);
  });

  it('is a quarter of the stored document or less for a plain 100-question form', () => {
    const questions = Array.from({ length: 100 }, (_, i) => buildQuestion({ order: i + 1 }));
    const form = FormTemplateDocumentSchema.parse(buildForm(questions));
    const full = JSON.stringify(form).length;
    const trimmed = JSON.stringify(toParticipantForm(form)).length;
    expect(trimmed).toBeLessThan(full / 4);
  });

  it('is what the endpoint encodes and the page decodes', () => {
    const form = richForm();
    const entry = {
      formId: 'f1',
      order: 1,
      optional: false,
      version: { major: 2, minor: 1 },
      form,
      questionnaireId: null,
      status: 'STATUS_NOT_STARTED',
      answers: [],
    };
    const encoded = z.encode(PublicProcessFormSchema, entry);
    expect(encoded.form).toEqual(toParticipantForm(form));
    expect(PublicProcessFormSchema.parse(JSON.parse(JSON.stringify(encoded)))).toEqual({
      ...entry,
      form: asParticipantReads(form),
    });
    expect(z.decode(ParticipantFormSchema, toParticipantForm(form))).toEqual(asParticipantReads(form));
  });
});
