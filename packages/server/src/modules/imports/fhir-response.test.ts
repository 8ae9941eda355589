/**
 * Issue 27 item 2: GET …/questionnaires/{questionnaireId}/fhir/questionnaire-response through HTTP
 * on a real database: a filled form as a FHIR R4 QuestionnaireResponse that holds up against the
 * form's exported Questionnaire (canonical, linkIds, answer value types, nesting), and the guard
 * at the filled form's site.
 */
import type { FormTemplateDocumentInput, StudyRole } from '@trialbase/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  buildProcess,
  buildSite,
  buildSubject,
  buildUser,
  grantAccess,
  setStudySchedule,
} from '../../../test/factories';
import { type LoggedIn, loginAs } from '../../../test/harness';
import { tokens } from '../enrollments/tokens/tables';
import { call, createForm, member, newStudy, useFormsApp } from '../forms/forms-test-kit';

const kit = useFormsApp();

const choices = (qid: string, texts: string[]) =>
  texts.map((t, i) => ({ id: `${qid}p${i + 1}`, possibility: { en: t } }));

/** One question of every answer kind the response carries, a help text (a nested display item). */
const FORM: Partial<FormTemplateDocumentInput> = {
  title: { en: 'Visit' },
  questions: [
    { id: 'q1', order: 1, type: 'NUMBER', question: { en: 'Weight' }, minValue: 0, maxValue: 300 },
    { id: 'q2', order: 2, type: 'NUMBER', floatingNumber: true, question: { en: 'Temperature' } },
    { id: 'q3', order: 3, type: 'TEXT_SENTENCE', question: { en: 'Feeling' }, helpText: { en: 'One line' } },
    { id: 'q4', order: 4, type: 'TEXT_FREE', question: { en: 'Notes' } },
    { id: 'q5', order: 5, type: 'DATE', question: { en: 'Visit date' } },
    { id: 'q6', order: 6, type: 'DATE_TIME', question: { en: 'Seen at' } },
    { id: 'q7', order: 7, type: 'TIME', question: { en: 'Wake-up' } },
    {
      id: 'q8',
      order: 8,
      type: 'MULTIPLE_CHOICE',
      question: { en: 'Smoker' },
      possibilities: choices('q8', ['Never', 'Former', 'Current']),
    },
    {
      id: 'q9',
      order: 9,
      type: 'MULTIPLE_RESPONSE',
      question: { en: 'Symptoms' },
      possibilities: choices('q9', ['Cough', 'Fever', 'Rash']),
    },
    {
      id: 'q10',
      order: 10,
      type: 'YES_NO',
      question: { en: 'Pain' },
      possibilities: choices('q10', ['Yes', 'No']),
    },
    { id: 'q11', order: 11, type: 'CHECKBOX', question: { en: 'Fasting' } },
    { id: 'q12', order: 12, type: 'SLIDER', minValue: 0, maxValue: 10, question: { en: 'Pain level' } },
    { id: 'q13', order: 13, type: 'INFORMATION', question: { en: '<p>Thank you</p>' } },
    { id: 'q14', order: 14, type: 'TEXT_SENTENCE', question: { en: 'Left empty' } },
  ],
};

const ANSWERS = [
  { question: 'q1', answerStrings: ['70'] },
  { question: 'q2', answerStrings: ['37.5'] },
  { question: 'q3', answerStrings: ['Fine'] },
  { question: 'q4', answerStrings: ['Slept well'] },
  { question: 'q5', answerStrings: ['2026-03-01'] },
  { question: 'q6', answerStrings: ['2026-03-01T10:30'], timeZone: 'Europe/Copenhagen' },
  { question: 'q7', answerStrings: ['07:30'] },
  { question: 'q8', possibilities: ['q8p2'] },
  { question: 'q9', possibilities: ['q9p1', 'q9p3'] },
  { question: 'q10', possibilities: ['q10p2'] },
  { question: 'q11', answerStrings: ['true'] },
  { question: 'q12', answerStrings: ['4'] },
];

/** A production study, two sites, the form in a staff event, a subject at site A with the form filled. */
async function setUp() {
  const app = kit.t.app;
  const study = await newStudy(kit);
  const siteA = await buildSite(app, study.id);
  const siteB = await buildSite(app, study.id);
  const form = await createForm(kit, study.id, FORM);
  const process = await buildProcess(app, {
    studyId: study.id,
    dataEvents: [
      {
        id: `fr${form.id.slice(-8)}-e1`,
        type: 'TYPE_USER',
        forms: [form.id],
        referenceDate: 'REGISTRATION',
        sendAs: 'NO_SEND_OUT',
      },
    ],
  });
  await setStudySchedule(app, study.id, { status: 'PRODUCTION' });
  const subject = await buildSubject(app, { studyId: study.id, siteId: siteA.id });
  const enrolled = await call(kit, 'POST', `/api/studies/${study.id}/enrollments`, kit.admin, {
    subjectId: subject.id,
    siteId: siteA.id,
    processId: process.id,
  });
  expect(enrolled.statusCode, enrolled.body).toBe(201);
  const enrollmentId = enrolled.json<{ id: string }[]>()[0]?.id ?? '';
  const [token] = await app.database.db.select().from(tokens).where(eq(tokens.enrollmentId, enrollmentId));
  const saved = await call(
    kit,
    'POST',
    `/api/studies/${study.id}/enrollments/${enrollmentId}/tokens/${token?.id}/questionnaires`,
    kit.admin,
    { formId: form.id, answers: ANSWERS, isFinal: true },
  );
  expect(saved.statusCode, saved.body).toBe(200);
  const questionnaireId: string = saved.json().answerSet.id;
  const url = `/api/studies/${study.id}/questionnaires/${questionnaireId}/fhir/questionnaire-response`;
  return { study, siteA, siteB, form, subject, questionnaireId, url };
}

type Item = Record<string, unknown> & { linkId: string; type?: string; item?: Item[]; repeats?: boolean };

/** FHIR R4 primitive formats of the answer values (the value[x] regexes of the specification). */
const PRIMITIVE: Record<string, RegExp> = {
  valueDate: /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/,
  valueDateTime:
    /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00)))?)?)?$/,
  valueTime: /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?$/,
};

/** The value[x] each Questionnaire item type answers with (FHIR R4 Questionnaire.item.type). */
const VALUE_OF_TYPE: Record<string, string> = {
  boolean: 'valueBoolean',
  decimal: 'valueDecimal',
  integer: 'valueInteger',
  date: 'valueDate',
  dateTime: 'valueDateTime',
  time: 'valueTime',
  string: 'valueString',
  text: 'valueString',
  choice: 'valueCoding',
  attachment: 'valueAttachment',
};

/**
 * Structural check of QuestionnaireResponse items against the Questionnaire's items at the same
 * level: every linkId exists there, groups nest their items, questions carry answers with exactly
 * one value[x] of their type (codes among the answer options), one answer unless the item repeats,
 * and answers nest the item's children. Returns the problems found.
 */
function checkItems(responseItems: Item[], questionnaireItems: Item[], path = 'item'): string[] {
  const problems: string[] = [];
  for (const [i, item] of responseItems.entries()) {
    const at = `${path}[${i}]`;
    const definition = questionnaireItems.find((q) => q.linkId === item.linkId);
    if (!definition) {
      problems.push(`${at}: linkId ${item.linkId} is not an item at this level of the Questionnaire`);
      continue;
    }
    const answers = (item.answer ?? []) as Record<string, unknown>[];
    if (definition.type === 'display') problems.push(`${at}: a display item is answered`);
    if (definition.type === 'group') {
      if (answers.length > 0) problems.push(`${at}: a group has answers`);
      problems.push(...checkItems(item.item ?? [], definition.item ?? [], `${at}.item`));
      continue;
    }
    if (answers.length === 0) problems.push(`${at}: an item without answers`);
    if (answers.length > 1 && !definition.repeats) problems.push(`${at}: several answers, not repeating`);
    const expected = VALUE_OF_TYPE[definition.type ?? ''];
    for (const [j, answer] of answers.entries()) {
      const keys = Object.keys(answer).filter((k) => k.startsWith('value'));
      if (keys.length !== 1 || keys[0] !== expected)
        problems.push(`${at}.answer[${j}]: ${keys.join(',')} for type ${definition.type}`);
      const key = keys[0] ?? '';
      const value = answer[key];
      const format = PRIMITIVE[key];
      if (format && !(typeof value === 'string' && format.test(value)))
        problems.push(`${at}.answer[${j}]: ${key} ${String(value)} is not a FHIR ${key.slice(5)}`);
      if (key === 'valueInteger' && !Number.isInteger(value))
        problems.push(`${at}.answer[${j}]: not an integer`);
      if (key === 'valueDecimal' && typeof value !== 'number')
        problems.push(`${at}.answer[${j}]: not a number`);
      if (key === 'valueCoding') {
        const codes = ((definition.answerOption ?? []) as { valueCoding?: { code?: string } }[]).map(
          (o) => o.valueCoding?.code,
        );
        if (!codes.includes((value as { code?: string }).code))
          problems.push(`${at}.answer[${j}]: code not among the answer options`);
      }
      const nested = answer.item as Item[] | undefined;
      if (nested) problems.push(...checkItems(nested, definition.item ?? [], `${at}.answer[${j}].item`));
    }
  }
  return problems;
}

/** A member whose access is limited to `siteIds`. */
async function siteMember(studyId: string, role: StudyRole, siteIds: string[]): Promise<LoggedIn> {
  const user = await buildUser(kit.t.app);
  await grantAccess(kit.t.app, { studyId, user, role, siteIds });
  return loginAs(kit.t.app, user.email, user.password);
}

function get(url: string, who: LoggedIn) {
  return call(kit, 'GET', url, who);
}

describe('GET /api/studies/:studyId/questionnaires/:questionnaireId/fhir/questionnaire-response', () => {
  it("answers a QuestionnaireResponse that is structurally valid against the form's Questionnaire", async () => {
    const s = await setUp();
    const res = await get(s.url, kit.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.headers['content-disposition']).toContain(`questionnaire-response-${s.questionnaireId}.json`);
    const response = res.json();
    const q = (
      await get(`/api/studies/${s.study.id}/forms/${s.form.id}/fhir/questionnaire`, kit.admin)
    ).json();
    expect(response).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      id: s.questionnaireId,
      questionnaire: `${q.url}|${q.version}`,
      status: 'completed',
      subject: { identifier: { value: s.subject.id } },
    });
    expect(response.authored).toMatch(PRIMITIVE.valueDateTime as RegExp);
    // The Questionnaire nests the help text under its question: the response never answers it.
    expect(q.item.find((i: Item) => i.linkId === 'q3').item).toEqual([
      expect.objectContaining({ type: 'display', linkId: 'q3-help' }),
    ]);
    expect(checkItems(response.item, q.item)).toEqual([]);
    // Answered questions only, in question order, with the values as answered.
    const values = Object.fromEntries(
      (response.item as { linkId: string; answer: Record<string, unknown>[] }[]).map((i) => [
        i.linkId,
        i.answer,
      ]),
    );
    expect(Object.keys(values)).toEqual(ANSWERS.map((a) => a.question));
    expect(values).toMatchObject({
      q1: [{ valueInteger: 70 }],
      q2: [{ valueDecimal: 37.5 }],
      q3: [{ valueString: 'Fine' }],
      q5: [{ valueDate: '2026-03-01' }],
      q6: [{ valueDateTime: '2026-03-01T10:30:00+01:00' }],
      q7: [{ valueTime: '07:30:00' }],
      q8: [{ valueCoding: { code: '2', display: 'Former' } }],
      q9: [{ valueCoding: { code: '1' } }, { valueCoding: { code: '3' } }],
      q10: [{ valueCoding: { code: '2', display: 'No' } }],
      q11: [{ valueBoolean: true }],
      q12: [{ valueInteger: 4 }],
    });
  });

  it('the structural check finds wrong value types, unknown linkIds and answers nested in a group', () => {
    const questionnaire: Item[] = [
      { linkId: 'g', type: 'group', item: [{ linkId: 'n', type: 'integer' }] },
      { linkId: 'c', type: 'choice', answerOption: [{ valueCoding: { code: '1' } }] },
    ];
    expect(
      checkItems(
        [
          { linkId: 'g', item: [{ linkId: 'n', answer: [{ valueInteger: 3 }] }] },
          { linkId: 'c', answer: [{ valueCoding: { code: '1' } }] },
        ],
        questionnaire,
      ),
    ).toEqual([]);
    expect(
      checkItems(
        [
          { linkId: 'g', item: [{ linkId: 'n', answer: [{ valueString: '3' }] }] },
          { linkId: 'c', answer: [{ valueCoding: { code: '9' } }, { valueCoding: { code: '1' } }] },
          { linkId: 'x', answer: [] },
        ],
        questionnaire,
      ),
    ).toHaveLength(4);
  });

  it('is refused to a site-limited user of another site (403) and given to one of its site', async () => {
    const s = await setUp();
    const other = await siteMember(s.study.id, 'MONITOR', [s.siteB.id]);
    expect((await get(s.url, other)).statusCode).toBe(403);
    const own = await siteMember(s.study.id, 'MONITOR', [s.siteA.id]);
    expect((await get(s.url, own)).statusCode).toBe(200);
    const outsider = await member(kit, s.study.id, 'OTHER');
    expect((await get(s.url, outsider.session)).statusCode).toBe(403);
  });

  it('answers 404 for a filled form of another study', async () => {
    const s = await setUp();
    const elsewhere = await newStudy(kit);
    const res = await get(
      `/api/studies/${elsewhere.id}/questionnaires/${s.questionnaireId}/fhir/questionnaire-response`,
      kit.admin,
    );
    expect(res.statusCode).toBe(404);
  });
});
