/**
 * REDCap data dictionary import (issue 27 item 1): instruments become forms, fields questions,
 * with a report line per row saying what was imported, translated approximately or left out.
 * Spec 001 §3 question types; branching logic becomes show rules where it is an OR of choices.
 */
import { QUESTION_TEXT_MAX, RICH_TEXT_MAX } from '../authoring/limits';
import type { LanguageCode } from '../common/languages';
import {
  FORM_LIMITS,
  type Possibility,
  type Question,
  type QuestionInput,
  type QuestionType,
  type ShowRule,
} from '../forms/model';
import { parseCsv } from '../subjects/csv';
import { parseRedcapLogic, type RedcapLogic, translateRedcapCalc } from './redcap-logic';
import {
  fitText,
  humanizeName,
  ImportCollector,
  type ImportConversion,
  type ImportNote,
  type ImportReportLine,
  importForm,
  importQuestion,
  importTitle,
  lineStatus,
  plainText,
  textIn,
} from './report';
import { type ChoiceSource, type ChoiceTest, choiceTest, mergeChoiceTests } from './show-rule-builder';

/** Question settings with the type always known. */
type Settings = Partial<QuestionInput> & { type: QuestionType };

/** The 18 columns of a REDCap data dictionary, in their fixed order. */
const COLUMNS = [
  'field',
  'form',
  'section',
  'type',
  'label',
  'choices',
  'note',
  'validation',
  'min',
  'max',
  'identifier',
  'branching',
  'required',
  'alignment',
  'number',
  'matrixGroup',
  'matrixRanking',
  'annotation',
] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

type FormState = {
  name: string;
  questions: Question[];
  sources: Map<string, ChoiceSource>;
  fieldTypes: Map<string, Question['type']>;
  calcs: { question: Question; fields: string[]; formula: string; line: ImportReportLine }[];
};

/** Whether the header line is a REDCap data dictionary's (the download or the API's names). */
function isDictionaryHeader(cells: readonly string[]): boolean {
  // The first cell is sometimes mangled in exported files (one of the samples has "1"): the form
  // and field type columns identify the file.
  const name = (i: number) => (cells[i] ?? '').trim().toLowerCase();
  return (
    cells.length >= 12 &&
    (name(1) === 'form name' || name(1) === 'form_name') &&
    (name(3) === 'field type' || name(3) === 'field_type')
  );
}

function readChoices(text: string): { code: string; label: string }[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const comma = part.indexOf(',');
      if (comma < 0) return { code: part, label: part };
      return { code: part.slice(0, comma).trim(), label: part.slice(comma + 1).trim() };
    });
}

function possibilities(
  qid: string,
  language: LanguageCode,
  choices: { code: string; label: string }[],
  notes: ImportNote[],
): { list: Possibility[]; codes: Map<string, string> } {
  const codes = new Map<string, string>();
  const list = choices.map((c, i) => {
    const id = `${qid}-${i + 1}`;
    codes.set(c.code, id);
    const score = Number(c.code);
    return {
      id,
      possibility: textIn(
        language,
        fitText(plainText(c.label) || c.code, FORM_LIMITS.possibilityText, notes),
      ),
      order: i + 1,
      scoreValue: c.code !== '' && Number.isFinite(score) ? score : null,
      reqForInclusion: false,
      showRules: [],
    };
  });
  return { list, codes };
}

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

/** Text validation type → question type and settings (issue 27 item 1 mapping). */
function textType(validation: string, row: Row, notes: ImportNote[]): Settings {
  const v = validation.toLowerCase();
  const range = (isInteger: boolean): Partial<QuestionInput> => {
    const out: Partial<QuestionInput> = {};
    for (const [key, raw] of [
      ['minValue', row.min],
      ['maxValue', row.max],
    ] as const) {
      const text = raw.trim();
      if (text === '') continue;
      if (NUMBER_RE.test(text) && (!isInteger || Number.isInteger(Number(text)))) out[key] = Number(text);
      else notes.push({ reason: 'DATE_RANGE_IGNORED', detail: text });
    }
    return out;
  };
  const dateRange = () => {
    if (row.min.trim() || row.max.trim())
      notes.push({ reason: 'DATE_RANGE_IGNORED', detail: `${row.min.trim()}..${row.max.trim()}` });
  };
  if (v === '') return { type: 'TEXT_SENTENCE' };
  if (v.startsWith('date_')) {
    dateRange();
    return { type: 'DATE' };
  }
  if (v.startsWith('datetime_')) {
    dateRange();
    if (v.startsWith('datetime_seconds')) notes.push({ reason: 'TYPE_APPROXIMATE', detail: v });
    return { type: 'DATE_TIME' };
  }
  if (v === 'time' || v === 'time_hh_mm_ss') {
    dateRange();
    if (v !== 'time') notes.push({ reason: 'TYPE_APPROXIMATE', detail: v });
    return { type: 'TIME' };
  }
  if (v === 'integer') return { type: 'NUMBER', floatingNumber: false, ...range(true) };
  if (v === 'number' || /^number_\d+dp/.test(v) || v === 'number_comma_decimal') {
    return { type: 'NUMBER', floatingNumber: true, ...range(false) };
  }
  notes.push({ reason: 'VALIDATION_AS_TEXT', detail: validation });
  return { type: 'TEXT_SENTENCE' };
}

function sliderSettings(row: Row, notes: ImportNote[], language: LanguageCode): Settings {
  const labels = row.choices
    .split('|')
    .map((l) => plainText(l))
    .filter((l) => l !== '');
  const min = NUMBER_RE.test(row.min.trim()) ? Math.trunc(Number(row.min)) : 0;
  const max = NUMBER_RE.test(row.max.trim()) ? Math.trunc(Number(row.max)) : 100;
  const out: Settings = { type: 'SLIDER', minValue: min, maxValue: max };
  if (labels.length > 0) {
    out.customLabels = true;
    out.leftLabel = textIn(language, labels[0] as string);
    out.rightLabel = textIn(language, labels[labels.length - 1] as string);
    if (labels.length === 3 || labels.length > 3)
      notes.push({ reason: 'SLIDER_LABELS', detail: labels.slice(1, -1).join(' | ') });
  }
  return out;
}

function branching(text: string, sources: Map<string, ChoiceSource>, notes: ImportNote[]): ShowRule[] {
  const expression = text.trim();
  if (expression === '') return [];
  const logic = parseRedcapLogic(expression);
  const disjuncts: RedcapLogic[] = logic.kind === 'or' ? flattenOr(logic) : [logic];
  const tests: ChoiceTest[] = disjuncts.map((d) => {
    if (d.kind !== 'cmp' || d.ref.event !== undefined) return { ok: false };
    const source = sources.get(d.ref.field);
    if (!source) return { ok: false };
    if (source.isMultiple) {
      if (d.ref.code === undefined) return { ok: false };
      const id = source.codes.get(d.ref.code);
      const isChecked = (d.op === '=' && d.value === '1') || (d.op === '<>' && d.value === '0');
      return id && isChecked
        ? { ok: true, questionId: source.questionId, possibilities: [id], isApproximate: false }
        : { ok: false };
    }
    if (d.ref.code !== undefined) return { ok: false };
    return choiceTest(source, d.op, d.value);
  });
  const ok = tests.filter((t): t is Extract<ChoiceTest, { ok: true }> => t.ok);
  if (ok.length !== tests.length) {
    notes.push({ reason: 'RULE_NOT_EXPRESSIBLE', detail: expression });
    return [];
  }
  if (ok.some((t) => t.isApproximate)) notes.push({ reason: 'RULE_APPROXIMATE', detail: expression });
  return mergeChoiceTests(ok);
}

function flattenOr(logic: RedcapLogic): RedcapLogic[] {
  return logic.kind === 'or' ? logic.args.flatMap(flattenOr) : [logic];
}

type FieldResult = { question: Settings | null; choices?: { code: string; label: string }[] };

/** One REDCap field type as question settings, or null with the reason when it is left out. */
function fieldQuestion(row: Row, notes: ImportNote[], language: LanguageCode): FieldResult {
  const type = row.type.trim().toLowerCase();
  switch (type) {
    case 'text':
      return { question: textType(row.validation.trim(), row, notes) };
    case 'notes':
      return { question: { type: 'TEXT_FREE' } };
    case 'radio':
      return { question: { type: 'MULTIPLE_CHOICE' }, choices: readChoices(row.choices) };
    case 'dropdown':
      return { question: { type: 'MULTIPLE_CHOICE', isDropdown: true }, choices: readChoices(row.choices) };
    case 'checkbox':
      return { question: { type: 'MULTIPLE_RESPONSE' }, choices: readChoices(row.choices) };
    case 'yesno':
      return {
        question: { type: 'YES_NO' },
        choices: [
          { code: '1', label: 'Yes' },
          { code: '0', label: 'No' },
        ],
      };
    case 'truefalse':
      return {
        question: { type: 'MULTIPLE_CHOICE' },
        choices: [
          { code: '1', label: 'True' },
          { code: '0', label: 'False' },
        ],
      };
    case 'slider':
      return { question: sliderSettings(row, notes, language) };
    case 'descriptive':
      return { question: { type: 'INFORMATION' } };
    case 'file':
      if (row.validation.trim().toLowerCase() === 'signature') notes.push({ reason: 'SIGNATURE_AS_FILE' });
      return { question: { type: 'FILE' } };
    case 'calc':
      return { question: { type: 'CALCULATED' } };
    default:
      notes.push({ reason: 'FIELD_TYPE_UNSUPPORTED', detail: type || '(empty)' });
      return { question: null };
  }
}

function rowOf(cells: readonly string[]): Row {
  return Object.fromEntries(COLUMNS.map((c, i) => [c, cells[i] ?? ''])) as Row;
}

function actionTags(annotation: string): string[] {
  return [...new Set(annotation.match(/@[A-Z][A-Z0-9-]+/g) ?? [])];
}

/**
 * Issue 27 item 1: a REDCap data dictionary (CSV text) as form drafts in `language`, one per
 * instrument in file order, and a report line per field. The first field (the record id) is left out.
 */
export function convertRedcapDictionary(csv: string, options: { language: LanguageCode }): ImportConversion {
  const { language } = options;
  const records = parseCsv(csv, ',').filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...rows] = records;
  if (!header || !isDictionaryHeader(header.cells)) return { ok: false, error: 'NOT_A_DATA_DICTIONARY' };
  const out = new ImportCollector();
  const forms = new Map<string, FormState>();
  rows.forEach((record, index) => {
    const row = rowOf(record.cells);
    const field = row.field.trim();
    const formName = row.form.trim();
    const form: FormState = forms.get(formName) ?? {
      name: formName,
      questions: [],
      sources: new Map(),
      fieldTypes: new Map(),
      calcs: [],
    };
    forms.set(formName, form);
    const notes: ImportNote[] = [];
    if (index === 0) {
      out.line(formName, field, [{ reason: 'RECORD_ID' }], null);
      return;
    }
    const { question: settings, choices } = fieldQuestion(row, notes, language);
    if (!settings) {
      out.line(formName, field, notes, null);
      return;
    }
    const qid = `q-${formName}-${field}`;
    let calc: { formula: string; fields: string[] } | null = null;
    if (settings.type === 'CALCULATED') {
      calc = translateRedcapCalc(row.choices);
      if (!calc) {
        out.line(formName, field, [{ reason: 'CALC_NOT_EXPRESSIBLE', detail: row.choices.trim() }], null);
        return;
      }
    }
    const showRules = branching(row.branching, form.sources, notes);
    const tags = actionTags(row.annotation);
    if (tags.length > 0) notes.push({ reason: 'ACTION_TAGS_IGNORED', detail: tags.join(' ') });
    if (row.matrixRanking.trim().toLowerCase() === 'y') notes.push({ reason: 'MATRIX_RANKING_IGNORED' });
    const section = row.section.trim();
    if (section !== '') {
      form.questions.push(
        importQuestion({
          id: `${qid}-section`,
          type: 'INFORMATION',
          order: 1,
          question: textIn(language, fitText(section, RICH_TEXT_MAX, notes)),
          showRules,
        }),
      );
    }
    const isInformation = settings.type === 'INFORMATION';
    const label = isInformation ? row.label.trim() : plainText(row.label);
    const listed = choices ? possibilities(qid, language, choices, notes) : null;
    if (listed && listed.list.length === 0) {
      out.line(formName, field, [...notes, { reason: 'NO_CHOICES' }], null);
      return;
    }
    const note = plainText(row.note);
    const question = importQuestion({
      ...settings,
      id: qid,
      order: 1,
      question: textIn(
        language,
        fitText(label || field, isInformation ? RICH_TEXT_MAX : QUESTION_TEXT_MAX, notes),
      ),
      required: !isInformation && settings.type !== 'CALCULATED' && row.required.trim().toLowerCase() === 'y',
      ...(note ? { helpText: textIn(language, fitText(note, QUESTION_TEXT_MAX, notes)) } : {}),
      exportLabel: /^[A-Za-z0-9]+$/.test(field) && field.length <= 64 ? field : undefined,
      possibilities: listed?.list ?? [],
      showRules,
    });
    form.questions.push(question);
    form.fieldTypes.set(field, question.type);
    if (listed) {
      form.sources.set(field, {
        questionId: qid,
        codes: listed.codes,
        isMultiple: question.type === 'MULTIPLE_RESPONSE',
      });
    }
    const line = out.line(formName, field, notes, question);
    if (calc) form.calcs.push({ question, ...calc, line });
  });
  const titles = new Set<string>();
  for (const form of forms.values()) {
    const questions = resolveCalculations(form);
    if (questions.length === 0) continue;
    out.forms.push(
      importForm(`redcap-${form.name}`, importTitle(humanizeName(form.name), titles), language, questions),
    );
  }
  return out.result();
}

/**
 * Calculations whose fields are number or slider questions of the same form become `Q{n}`
 * formulas (spec 001 §5 CALCULATED); the others are left out with the REDCap expression.
 */
function resolveCalculations(form: FormState): Question[] {
  const dropped = new Set<string>();
  for (const calc of form.calcs) {
    const isExpressible = calc.fields.every((f) => {
      const type = form.fieldTypes.get(f);
      return type === 'NUMBER' || type === 'SLIDER';
    });
    if (!isExpressible) {
      dropped.add(calc.question.id);
      calc.line.notes.push({
        reason: 'CALC_NOT_EXPRESSIBLE',
        detail: calc.formula.replace(/\{\{([^}]+)\}\}/g, '[$1]'),
      });
      calc.line.status = lineStatus(calc.line.notes, null);
      delete calc.line.questionType;
    }
  }
  const questions = form.questions.filter((q) => !dropped.has(q.id)).map((q, i) => ({ ...q, order: i + 1 }));
  const orderOf = new Map(questions.map((q) => [q.id, q.order]));
  return questions.map((q) => {
    const calc = form.calcs.find((c) => c.question.id === q.id);
    if (!calc) return q;
    const refs = calc.fields.map((f) => `q-${form.name}-${f}`);
    const formula = calc.formula.replace(
      /\{\{([^}]+)\}\}/g,
      (_, f: string) => `Q${orderOf.get(`q-${form.name}-${f}`)}`,
    );
    return { ...q, calculationFormula: formula, calcRefQuestions: [...new Set(refs)] };
  });
}
