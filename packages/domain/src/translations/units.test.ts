import { describe, expect, it } from 'vitest';
import { buildTestForm, buildTestPossibilities, buildTestQuestion } from '../authoring/testing';
import { ProcessSchema } from '../processes/model';
import { ValidationRuleSchema } from '../rules/model';
import {
  addCounts,
  applyTranslationEdits,
  checkTranslationEdits,
  countUnits,
  editProblemsAsIssues,
} from './edits';
import { findPlaceholders, listFormSlots, listProcessSlots, listRuleSlots, presentUnits } from './units';

const languages = { primary: 'en', target: 'da' };

function richForm() {
  return buildTestForm({
    title: { en: 'Quality of life', da: 'Livskvalitet' },
    infoText: { en: '<p>Welcome</p>' },
    customFooter: { en: '' },
    colorLabels: [{ color: '#f00', label: { en: 'Pain' } }],
    questions: [
      buildTestQuestion({ id: 'q2', order: 2, type: 'INFORMATION', question: { en: '<p>Read this</p>' } }),
      buildTestQuestion({
        id: 'q1',
        order: 1,
        type: 'MULTIPLE_CHOICE',
        helpText: { en: 'Pick one' },
        skipText: { en: 'Skip' },
        possibilities: buildTestPossibilities('q1', 2),
      }),
      buildTestQuestion({
        id: 'q3',
        order: 3,
        type: 'SLIDER',
        leftLabel: { en: 'None' },
        rightLabel: { en: 'Worst' },
        sliderTexts: [{ en: 'Low' }, { en: 'High' }],
      }),
      buildTestQuestion({
        id: 'q4',
        order: 4,
        type: 'TABLE',
        tableRow: [{ id: 'r1', title: { en: 'Morning' }, exportLabel: 'm' }],
        tableCol: [{ id: 'c1', title: { en: 'Dose' }, type: 'NUMBER', exportLabel: 'd' }],
      }),
    ],
  });
}

describe('issue 18 item 4: translatable form texts and their stable ids', () => {
  it('lists every text of a form with a source, in builder order, with ids built from the holders', () => {
    const units = presentUnits(listFormSlots(richForm()), languages);
    expect(units.map((u) => u.id)).toEqual([
      'form.f1.title',
      'form.f1.infoText',
      'form.f1.colorLabel.1',
      'form.f1.q.q1.text',
      'form.f1.q.q1.help',
      'form.f1.q.q1.skip',
      'form.f1.q.q1.p.q1-p1',
      'form.f1.q.q1.p.q1-p2',
      'form.f1.q.q2.text',
      'form.f1.q.q3.text',
      'form.f1.q.q3.leftLabel',
      'form.f1.q.q3.rightLabel',
      'form.f1.q.q3.slider.1',
      'form.f1.q.q3.slider.2',
      'form.f1.q.q4.text',
      'form.f1.q.q4.row.r1',
      'form.f1.q.q4.col.c1',
    ]);
  });

  it('leaves out texts without a source (empty custom footer) and shows the target beside the source', () => {
    const units = presentUnits(listFormSlots(richForm()), languages);
    expect(units.some((u) => u.kind === 'FORM_CUSTOM_FOOTER')).toBe(false);
    const title = units.find((u) => u.id === 'form.f1.title');
    expect(title).toMatchObject({
      source: 'Quality of life',
      target: 'Livskvalitet',
      maxLength: 64,
      format: 'PLAIN',
    });
    const possibility = units.find((u) => u.id === 'form.f1.q.q1.p.q1-p2');
    expect(possibility).toMatchObject({
      target: 'Valg 2',
      position: 2,
      questionOrder: 1,
      kind: 'POSSIBILITY_TEXT',
    });
  });

  it('spec 001 §5: question text 1024, rich texts (help, info, information question) 20000', () => {
    const units = presentUnits(listFormSlots(richForm()), languages);
    const byId = new Map(units.map((u) => [u.id, u]));
    expect(byId.get('form.f1.q.q1.text')).toMatchObject({ maxLength: 1024, format: 'PLAIN' });
    expect(byId.get('form.f1.q.q2.text')).toMatchObject({ maxLength: 20000, format: 'RICH' });
    expect(byId.get('form.f1.q.q1.help')).toMatchObject({ maxLength: 20000, format: 'RICH' });
    expect(byId.get('form.f1.infoText')).toMatchObject({ maxLength: 20000, format: 'RICH' });
  });
});

function process(input: Record<string, unknown> = {}) {
  return ProcessSchema.parse({
    id: 'p1',
    pathwayName: 'Main',
    consentRequired: true,
    consentText: { en: '<p>I agree</p>' },
    publicIntroTextEnabled: false,
    publicIntroText: { en: 'Hello' },
    trialGroups: [{ title: { en: 'A' } }, { title: { en: 'B' } }],
    dataEvents: [
      {
        id: 'e1',
        type: 'TYPE_PATIENT',
        name: { en: 'Baseline' },
        subjectText: { en: 'Your form' },
        emailText: { en: 'Open {link} today' },
        smsText: { en: 'Link: {link}' },
      },
    ],
    ...input,
  });
}

describe('issue 18 item 4: translatable process texts', () => {
  it('lists consent and intro texts, trial group titles and each event’s name, subject, email and SMS texts', () => {
    const units = presentUnits(listProcessSlots(process(), 'da'), languages);
    expect(units.map((u) => u.id)).toEqual([
      'process.p1.consentText',
      'process.p1.publicIntroText',
      'process.p1.trialGroup.1',
      'process.p1.trialGroup.2',
      'process.p1.event.e1.name',
      'process.p1.event.e1.subject',
      'process.p1.event.e1.email',
      'process.p1.event.e1.sms',
    ]);
  });

  it('spec 001 §5: the consent text is required when consent is asked for, the intro text only when shown', () => {
    const units = presentUnits(listProcessSlots(process(), 'da'), languages);
    expect(units.find((u) => u.kind === 'PROCESS_CONSENT_TEXT')?.isRequired).toBe(true);
    expect(units.find((u) => u.kind === 'PROCESS_PUBLIC_INTRO_TEXT')?.isRequired).toBe(false);
  });

  it('required only in the process’s own languages when it names them', () => {
    const p = process({ supportedLanguages: ['en', 'de'] });
    expect(presentUnits(listProcessSlots(p, 'da'), languages)[0]?.isRequired).toBe(false);
    expect(presentUnits(listProcessSlots(p, 'de'), { primary: 'en', target: 'de' })[0]?.isRequired).toBe(
      true,
    );
  });

  it('email and SMS texts carry the {link} placeholder the target must keep', () => {
    const units = presentUnits(listProcessSlots(process(), 'da'), languages);
    expect(units.find((u) => u.kind === 'DATA_EVENT_EMAIL_TEXT')?.placeholders).toEqual(['{link}']);
    expect(units.find((u) => u.kind === 'DATA_EVENT_NAME')?.placeholders).toEqual([]);
  });
});

describe('issue 18 item 4: validation-rule messages', () => {
  it('messages of rules embedded in a question are form units, by rule id or place', () => {
    const form = buildTestForm({
      questions: [
        buildTestQuestion({
          id: 'q1',
          order: 1,
          type: 'NUMBER',
          validationRules: [
            { id: 'r9', action: { type: 'BLOCK', message: { en: 'Max {limit}' } } },
            { action: { type: 'WARNING', message: { en: 'Odd' } } },
            'not a rule',
          ],
        }),
      ],
    });
    const slots = listFormSlots(form);
    const units = presentUnits(slots, languages).filter((u) => u.kind === 'RULE_MESSAGE');
    expect(units.map((u) => [u.id, u.placeholders])).toEqual([
      ['form.f1.q.q1.rule.r9', ['{limit}']],
      ['form.f1.q.q1.rule.2', []],
    ]);
    applyTranslationEdits(slots, 'da', new Map([['form.f1.q.q1.rule.r9', 'Højst {limit}']]));
    expect(form.questions[0]?.validationRules[0]).toEqual({
      id: 'r9',
      action: { type: 'BLOCK', message: { en: 'Max {limit}', da: 'Højst {limit}' } },
    });
    expect(form.questions[0]?.validationRules[2]).toBe('not a rule');
  });

  it('one unit per rule, with its {limit} placeholder and the question it checks', () => {
    const rule = ValidationRuleSchema.parse({
      id: 'r1',
      leftOperant: { type: 'QUESTION' },
      rightOperant: { type: 'CONST_VAL' },
      action: { type: 'BLOCK', message: { en: 'Must be below {limit}' } },
    });
    const [unit] = presentUnits(listRuleSlots({ ...rule, id: 'r1' }, { id: 'q1', order: 3 }), languages);
    expect(unit).toMatchObject({ id: 'rule.r1.message', placeholders: ['{limit}'], questionOrder: 3 });
  });
});

describe('spec 001 §5 / issue 18: every edit checked before anything is written', () => {
  const units = presentUnits([...listFormSlots(richForm()), ...listProcessSlots(process(), 'da')], languages);

  it('accepts good edits', () => {
    expect(
      checkTranslationEdits(units, [
        { id: 'form.f1.q.q1.text', target: 'Spørgsmål 1' },
        { id: 'process.p1.event.e1.email', target: 'Åbn {link} i dag' },
      ]),
    ).toEqual([]);
  });

  it('refuses an unknown unit and a unit named twice', () => {
    const problems = checkTranslationEdits(units, [
      { id: 'form.f1.q.nope.text', target: 'x' },
      { id: 'form.f1.title', target: 'a' },
      { id: 'form.f1.title', target: 'b' },
    ]);
    expect(problems.map((p) => [p.index, p.field, p.message])).toEqual([
      [0, 'id', 'UNKNOWN_UNIT'],
      [2, 'id', 'DUPLICATE_UNIT'],
    ]);
  });

  it('refuses a question text over 1024 and a title over 64, but takes exactly the limit', () => {
    const problems = checkTranslationEdits(units, [
      { id: 'form.f1.q.q1.text', target: 'x'.repeat(1025) },
      { id: 'form.f1.q.q3.text', target: 'x'.repeat(1024) },
      { id: 'form.f1.title', target: 'x'.repeat(65) },
    ]);
    expect(problems).toEqual([
      {
        index: 0,
        unitId: 'form.f1.q.q1.text',
        field: 'target',
        message: 'MAX_LENGTH',
        params: { max: 1024 },
      },
      { index: 2, unitId: 'form.f1.title', field: 'target', message: 'MAX_LENGTH', params: { max: 64 } },
    ]);
  });

  it('refuses a rich text over 20000', () => {
    const [problem] = checkTranslationEdits(units, [{ id: 'form.f1.infoText', target: 'x'.repeat(20001) }]);
    expect(problem).toMatchObject({ message: 'MAX_LENGTH', params: { max: 20000 } });
  });

  it('refuses an empty required consent text, allows clearing an optional text', () => {
    const problems = checkTranslationEdits(units, [
      { id: 'process.p1.consentText', target: '  ' },
      { id: 'process.p1.publicIntroText', target: '' },
    ]);
    expect(problems.map((p) => [p.unitId, p.message])).toEqual([['process.p1.consentText', 'REQUIRED']]);
  });

  it('refuses a translation that drops a placeholder', () => {
    const [problem] = checkTranslationEdits(units, [
      { id: 'process.p1.event.e1.sms', target: 'Link: {lnk}' },
    ]);
    expect(problem).toMatchObject({ message: 'PLACEHOLDER_MISSING', params: { placeholder: '{link}' } });
    expect(editProblemsAsIssues([problem!])).toEqual([
      {
        path: ['units', 0, 'target'],
        message: 'PLACEHOLDER_MISSING',
        params: { placeholder: '{link}', unitId: 'process.p1.event.e1.sms' },
      },
    ]);
  });
});

describe('applying translations', () => {
  it('writes the language into the document, removes it for an empty target, reports only real changes', () => {
    const form = richForm();
    const slots = listFormSlots(form);
    const changes = applyTranslationEdits(
      slots,
      'da',
      new Map([
        ['form.f1.q.q1.text', 'Spørgsmål'],
        ['form.f1.title', ''],
        ['form.f1.q.q1.p.q1-p1', 'Valg 1'],
      ]),
    );
    expect(changes).toEqual([
      { id: 'form.f1.title', before: 'Livskvalitet', after: null },
      { id: 'form.f1.q.q1.text', before: null, after: 'Spørgsmål' },
    ]);
    expect(form.title).toEqual({ en: 'Quality of life' });
    expect(form.questions.find((q) => q.id === 'q1')?.question).toEqual({
      en: 'Question 1',
      da: 'Spørgsmål',
    });
  });

  it('never touches the primary language or other languages', () => {
    const p = process({ consentText: { en: 'Agree', de: 'Zustimmen' } });
    applyTranslationEdits(listProcessSlots(p, 'da'), 'da', new Map([['process.p1.consentText', 'Enig']]));
    expect(p.consentText).toEqual({ en: 'Agree', de: 'Zustimmen', da: 'Enig' });
  });
});

describe('spec 001 §3 summary row', () => {
  it('counts completed (non-blank target), untranslated and whole-percent progress', () => {
    expect(countUnits([{ target: 'a' }, { target: ' ' }, { target: '' }])).toEqual({
      total: 3,
      completed: 1,
      untranslated: 2,
      progress: 33,
    });
    expect(countUnits([])).toEqual({ total: 0, completed: 0, untranslated: 0, progress: 100 });
    expect(addCounts([{ total: 199, completed: 198 }]).progress).toBe(99);
  });

  it('finds placeholders once each', () => {
    expect(findPlaceholders('{link} and {link} and {limit} but not { x }')).toEqual(['{link}', '{limit}']);
  });
});
