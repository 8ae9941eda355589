import { describe, expect, it } from 'vitest';
import { type FormTemplate, FormTemplateSchema, type QuestionInput } from '../forms/model';
import { type DataEventInput, type Process, ProcessSchema } from '../processes/model';
import { affectedByAmendment } from './affected';
import { diffAmendment, diffForm, diffProcess } from './diff';

// Issue 23 item 2: the impact preview's diff, each kind of change on its own.

const question = (id: string, order: number, extra: Partial<QuestionInput> = {}): QuestionInput => ({
  id,
  order,
  type: 'NUMBER',
  question: { en: `Question ${id}` },
  ...extra,
});
const form = (questions: QuestionInput[], extra: Record<string, unknown> = {}): FormTemplate =>
  FormTemplateSchema.parse({ id: 'f1', title: { en: 'Vitals' }, type: 'TYPE_FORM', questions, ...extra });
const yesNo = (id: string, order: number) =>
  question(id, order, {
    type: 'YES_NO',
    possibilities: [
      { id: `${id}y`, possibility: { en: 'Yes' } },
      { id: `${id}n`, possibility: { en: 'No' } },
    ],
  });
const changeOf = (before: FormTemplate, after: FormTemplate) => diffForm({ id: 'f1', before, after }, 'en');
const onlyQuestion = (before: FormTemplate, after: FormTemplate) => {
  const change = changeOf(before, after);
  expect(change?.questions).toHaveLength(1);
  return change?.questions[0];
};

describe('diffForm: forms question by question', () => {
  it('an unchanged draft is no change, whatever its version and derived flags', () => {
    const published = form([question('q1', 1)], { published: true, version: { major: 1, minor: 0 } });
    const draft = form([{ ...question('q1', 1), fullyEditable: false }], {
      published: false,
      fullyEditable: false,
    });
    expect(changeOf(published, draft)).toBeNull();
  });

  it('a question added and one removed', () => {
    const change = changeOf(
      form([question('q1', 1), question('q2', 2)]),
      form([question('q1', 1), question('q3', 2)]),
    );
    expect(change?.change).toBe('CHANGED');
    expect(change?.questions.map((q) => [q.questionId, q.change, q.order])).toEqual([
      ['q3', 'ADDED', 2],
      ['q2', 'REMOVED', 2],
    ]);
  });

  it('text changed per language, before and after', () => {
    const q = onlyQuestion(
      form([question('q1', 1, { question: { en: 'Weight', da: 'Vægt' } })]),
      form([question('q1', 1, { question: { en: 'Body weight', da: 'Vægt', de: 'Gewicht' } })]),
    );
    expect(q?.properties).toEqual([
      { property: 'TEXT', language: 'de', before: null, after: 'Gewicht' },
      { property: 'TEXT', language: 'en', before: 'Weight', after: 'Body weight' },
    ]);
  });

  it('type changed', () => {
    const q = onlyQuestion(form([question('q1', 1)]), form([question('q1', 1, { type: 'TEXT_SENTENCE' })]));
    expect(q?.properties).toEqual([{ property: 'TYPE', before: 'NUMBER', after: 'TEXT_SENTENCE' }]);
  });

  it('choices changed: texts and scores summarised', () => {
    const after = yesNo('q1', 1);
    after.possibilities = [
      { id: 'q1y', possibility: { en: 'Yes' }, scoreValue: 1 },
      { id: 'q1n', possibility: { en: 'Never' } },
    ];
    const q = onlyQuestion(form([yesNo('q1', 1)]), form([after]));
    expect(q?.properties).toEqual([{ property: 'CHOICES', before: 'Yes · No', after: 'Yes (1) · Never' }]);
  });

  it('validation changed (limits)', () => {
    const q = onlyQuestion(
      form([question('q1', 1, { minValue: 0 })]),
      form([question('q1', 1, { minValue: 0, maxValue: 300 })]),
    );
    expect(q?.properties).toEqual([
      {
        property: 'VALIDATION',
        before: 'minValue 0',
        after: 'minValue 0, maxValue 300',
      },
    ]);
  });

  it('required changed', () => {
    const q = onlyQuestion(form([question('q1', 1)]), form([question('q1', 1, { required: true })]));
    expect(q?.properties).toEqual([{ property: 'REQUIRED', before: 'false', after: 'true' }]);
  });

  it('show rules changed, named by the source question and its choices', () => {
    const before = form([yesNo('q1', 1), question('q2', 2)]);
    const after = form([
      yesNo('q1', 1),
      question('q2', 2, { showRules: [{ question: 'q1', possibilities: ['q1y'] }] }),
    ]);
    const q = onlyQuestion(before, after);
    expect(q?.questionId).toBe('q2');
    expect(q?.properties).toEqual([{ property: 'SHOW_RULES', before: '', after: 'Q1 = Yes' }]);
  });

  it('other settings by field name, form settings too', () => {
    const change = changeOf(
      form([question('q1', 1)]),
      form([question('q1', 1, { helpText: { en: 'kg' } })], { title: { en: 'Vital signs' } }),
    );
    expect(change?.settings).toEqual(['title']);
    expect(change?.questions[0]).toMatchObject({
      change: 'CHANGED',
      properties: [],
      otherSettings: ['helpText'],
    });
  });

  it('a form added lists its questions as added; a removed form its questions as removed', () => {
    expect(diffForm({ id: 'f1', before: null, after: form([question('q1', 1)]) }, 'en')).toMatchObject({
      change: 'ADDED',
      questions: [{ questionId: 'q1', change: 'ADDED' }],
    });
    expect(diffForm({ id: 'f1', before: form([question('q1', 1)]), after: null }, 'en')).toMatchObject({
      change: 'REMOVED',
      questions: [{ questionId: 'q1', change: 'REMOVED' }],
    });
  });
});

const event = (id: string, extra: Partial<DataEventInput> = {}): DataEventInput => ({
  id,
  name: { en: `Event ${id}` },
  type: 'TYPE_PATIENT',
  forms: ['f1'],
  ...extra,
});
const process = (dataEvents: DataEventInput[], extra: Record<string, unknown> = {}): Process =>
  ProcessSchema.parse({ id: 'p1', pathwayName: 'Main', dataEvents, ...extra });
const titles = new Map([
  ['f1', 'Vitals'],
  ['f2', 'Diary'],
]);
const eventsOf = (before: Process | null, after: Process | null) =>
  diffProcess({ id: 'p1', before, after }, titles, 'en');

describe('diffProcess: process events', () => {
  it('an unchanged process is no change, nor ids the server gives unscheduled selections', () => {
    expect(eventsOf(process([event('e1')]), process([event('e1')], { fullyEditable: false }))).toBeNull();
    const visit = { selectedQts: ['f1'], selectedOptionalQts: [] };
    expect(
      eventsOf(
        process([event('e1')], { unexpectedVisit: visit }),
        process([event('e1')], { unexpectedVisit: { ...visit, id: 'u1' } }),
      ),
    ).toBeNull();
  });

  it('an event added and one removed', () => {
    const change = eventsOf(process([event('e1'), event('e2')]), process([event('e1'), event('e3')]));
    expect(change?.events.map((e) => [e.dataEventId, e.change])).toEqual([
      ['e3', 'ADDED'],
      ['e2', 'REMOVED'],
    ]);
  });

  it('timing, type, forms and send-out changed, before and after', () => {
    const change = eventsOf(
      process([event('e1')]),
      process([
        event('e1', {
          offsetDays: 7,
          type: 'TYPE_USER',
          forms: ['f1', 'f2'],
          optionalForms: ['f3'],
          sendAs: 'SEND_AS_EMAIL',
        }),
      ]),
    );
    expect(change?.events[0]?.properties).toEqual([
      { property: 'TYPE', before: 'TYPE_PATIENT', after: 'TYPE_USER' },
      {
        property: 'TIMING',
        before: 'REGISTRATION +0d 0h · EXPIRE_NEVER · reminders 0',
        after: 'REGISTRATION +7d 0h · EXPIRE_NEVER · reminders 0',
      },
      { property: 'FORMS', before: 'Vitals', after: 'Vitals · Diary · (f3)' },
      { property: 'SEND_OUT', before: 'NO_SEND_OUT', after: 'SEND_AS_EMAIL' },
    ]);
  });

  it('process settings by field name; a new process lists its events as added', () => {
    expect(
      eventsOf(process([event('e1')]), process([event('e1')], { pathwayName: 'Main 2' }))?.settings,
    ).toEqual(['pathwayName']);
    expect(eventsOf(null, process([event('e1')]))).toMatchObject({
      change: 'ADDED',
      events: [{ change: 'ADDED' }],
    });
  });
});

describe('diffAmendment: items made and removed again within the amendment', () => {
  it('lists nothing for a form, a process or a rule with neither side', () => {
    expect(
      diffAmendment({
        language: 'en',
        forms: [{ id: 'f1', before: null, after: null }],
        processes: [{ id: 'p1', before: null, after: null }],
        validationRules: [{ id: 'v1', before: null, after: null }],
        showRules: [{ id: 's1', before: null, after: null }],
      }),
    ).toEqual({ forms: [], rules: [], processes: [] });
  });
});

describe('diffAmendment: rules and what is affected', () => {
  const rule = (extra: Record<string, unknown> = {}) => ({
    formId: 'f1',
    leftOperant: { question: 'q1' },
    operator: 'lt',
    ...extra,
  });
  const forms = [{ id: 'f1', before: form([question('q1', 1)]), after: form([question('q1', 1)]) }];

  it('validation and show rules added, removed and changed, with the changed fields and their question', () => {
    const diff = diffAmendment({
      language: 'en',
      forms,
      processes: [],
      validationRules: [
        { id: 'v1', before: rule(), after: rule({ operator: 'gt' }) },
        { id: 'v2', before: rule(), after: rule() },
        { id: 'v3', before: null, after: rule() },
      ],
      showRules: [{ id: 's1', before: { formId: 'f1', target: { question: 'q1' } }, after: null }],
    });
    expect(diff.forms).toEqual([]);
    expect(diff.rules.map((r) => [r.kind, r.ruleId, r.change, r.properties, r.questionText.en])).toEqual([
      ['VALIDATION', 'v1', 'CHANGED', ['operator'], 'Question q1'],
      ['VALIDATION', 'v3', 'ADDED', [], 'Question q1'],
      ['SHOW', 's1', 'REMOVED', [], 'Question q1'],
    ]);
  });

  it('affected: changed events, events using a changed form existing enrolments take (NEW_EVENTS, not the default KEEP) or a form whose rule changed, processes gaining events', () => {
    const p1 = {
      id: 'p1',
      before: process([event('e1'), event('e2', { forms: ['f2'] })]),
      after: process([
        event('e1'),
        event('e2', { forms: ['f2'], offsetDays: 3, sendAs: 'SEND_AS_SMS' }),
        event('e9'),
      ]),
    };
    const p2 = process(
      [
        event('x1', { forms: ['f3'] }),
        event('x2', { forms: [], optionalForms: ['f1'], sendAs: 'SEND_AS_EMAIL' }),
      ],
      { id: 'p2' },
    );
    const sides = [p1, { id: 'p2', before: p2, after: p2 }];
    const changedF1 = {
      id: 'f1',
      before: form([question('q1', 1)]),
      after: form([question('q1', 1, { required: true })]),
    };
    const diff = diffAmendment({
      language: 'en',
      forms: [changedF1],
      processes: sides,
      validationRules: [],
      showRules: [],
    });
    expect(affectedByAmendment(sides, diff).dataEventIds).toEqual(['e2']);
    expect(affectedByAmendment(sides, diff, { f1: 'NEW_EVENTS' })).toEqual({
      dataEventIds: ['e1', 'e2', 'e9', 'x2'],
      sendOutEventIds: ['e2', 'x2'],
      processIdsWithAddedEvents: ['p1'],
    });
    const onlyRule = diffAmendment({
      language: 'en',
      forms: [{ id: 'f3', before: form([question('q1', 1)]), after: form([question('q1', 1)]) }],
      processes: sides,
      validationRules: [{ id: 'v1', before: null, after: rule({ formId: 'f3' }) }],
      showRules: [],
    });
    expect(affectedByAmendment(sides, onlyRule).dataEventIds).toEqual(['e2', 'x1']);
  });
});
