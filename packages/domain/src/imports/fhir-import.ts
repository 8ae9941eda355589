/**
 * FHIR R4 Questionnaire import (issue 27 item 2): a Questionnaire (or the Questionnaires of a
 * Bundle) as form drafts. Items become questions in document order, groups are flattened with
 * their text as an information block, answer options (or a contained value set) become
 * possibilities, enableWhen becomes show rules where it is an OR of choices of earlier questions.
 */
import { QUESTION_TEXT_MAX, RICH_TEXT_MAX, TEXT_LENGTH_MAX } from '../authoring/limits';
import type { LanguageCode } from '../common/languages';
import {
  FORM_LIMITS,
  isReferenceQuestionType,
  type Possibility,
  QUESTION_TYPES,
  type Question,
  type QuestionInput,
  type QuestionType,
  type ShowRule,
} from '../forms/model';
import {
  FHIR_EXT,
  type FhirAnswerOption,
  type FhirEnableWhen,
  type FhirItem,
  type FhirQuestionnaire,
  type FhirValueSet,
  findExtension,
  findExtensionBySuffix,
} from './fhir-types';
import { type FhirpathVariables, translateFhirpath } from './fhirpath-subset';
import {
  fitText,
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

type Condition = { enableWhen: FhirEnableWhen[]; behavior: string | undefined; owner: string };

type FormState = {
  title: string;
  language: LanguageCode;
  contained: FhirQuestionnaire['contained'];
  questions: Question[];
  sources: Map<string, ChoiceSource>;
  byLinkId: Map<string, Question>;
  calcs: {
    question: Question;
    linkIds: string[];
    formula: string;
    expression: string;
    decimals?: number;
    line: ImportReportLine;
  }[];
  out: ImportCollector;
  seq: number;
};

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const list = <T>(x: unknown): T[] => (Array.isArray(x) ? (x as T[]) : []);

function optionKeyAndText(option: FhirAnswerOption): { key: string; text: string } | null {
  if (isObject(option.valueCoding)) {
    const c = option.valueCoding;
    const key = String(c.code ?? c.display ?? '');
    return { key, text: String(c.display ?? c.code ?? '') };
  }
  for (const v of [option.valueString, option.valueInteger, option.valueDate, option.valueTime]) {
    if (v !== undefined && v !== null) return { key: String(v), text: String(v) };
  }
  if (isObject(option.valueReference)) {
    const r = option.valueReference;
    return { key: String(r.reference ?? ''), text: String(r.display ?? r.reference ?? '') };
  }
  return null;
}

function scoreOf(option: FhirAnswerOption): number | null {
  for (const node of [option, option.valueCoding]) {
    for (const url of [FHIR_EXT.ordinalValue, FHIR_EXT.itemWeight]) {
      const ext = findExtension(node, url);
      if (ext && typeof ext.valueDecimal === 'number') return ext.valueDecimal;
      if (ext && typeof ext.valueInteger === 'number') return ext.valueInteger;
    }
    const co = findExtensionBySuffix(node, 'iso21090-CO-value')[0];
    if (co && typeof co.valueDecimal === 'number') return co.valueDecimal;
  }
  return null;
}

/** The answer options of an item, from answerOption or a contained value set ("#id"). */
function optionsOf(item: FhirItem, form: FormState, notes: ImportNote[]): FhirAnswerOption[] | null {
  if (Array.isArray(item.answerOption)) return item.answerOption;
  if (typeof item.answerValueSet !== 'string') return null;
  const ref = item.answerValueSet;
  const known = KNOWN_VALUE_SETS[ref];
  if (known) return known.map(([code, display]) => ({ valueCoding: { code, display } }));
  const vs = ref.startsWith('#')
    ? (list<FhirValueSet>(form.contained).find(
        (r) => r.resourceType === 'ValueSet' && r.id === ref.slice(1),
      ) ?? null)
    : null;
  if (!vs) {
    notes.push({ reason: 'VALUE_SET_NOT_CONTAINED', detail: ref });
    return [];
  }
  const concepts = [
    ...list<{ concept?: unknown }>(vs.compose?.include).flatMap((inc) =>
      list<{ code?: string; display?: string }>(inc.concept),
    ),
    ...list<{ code?: string; display?: string }>(vs.expansion?.contains),
  ];
  return concepts.map((c) => ({ valueCoding: { code: c.code, display: c.display } }));
}

/** Value sets of the FHIR specification small enough to know by heart (no terminology server here). */
const KNOWN_VALUE_SETS: Record<string, [string, string][]> = {
  'http://hl7.org/fhir/ValueSet/yesnodontknow': [
    ['Y', 'Yes'],
    ['N', 'No'],
    ['asked-unknown', "Don't know"],
  ],
  'http://hl7.org/fhir/ValueSet/administrative-gender': [
    ['male', 'Male'],
    ['female', 'Female'],
    ['other', 'Other'],
    ['unknown', 'Unknown'],
  ],
};

function possibilitiesOf(
  qid: string,
  options: FhirAnswerOption[],
  language: LanguageCode,
  notes: ImportNote[],
): { list: Possibility[]; codes: Map<string, string> } {
  const codes = new Map<string, string>();
  const out: Possibility[] = [];
  for (const option of options) {
    const read = isObject(option) ? optionKeyAndText(option) : null;
    if (!read) continue;
    const id = `${qid}-${out.length + 1}`;
    if (!codes.has(read.key)) codes.set(read.key, id);
    out.push({
      id,
      possibility: textIn(
        language,
        fitText(read.text || read.key || '-', FORM_LIMITS.possibilityText, notes),
      ),
      order: out.length + 1,
      scoreValue: scoreOf(option),
      reqForInclusion: false,
      showRules: [],
    });
  }
  return { list: out, codes };
}

function itemControl(item: FhirItem): string | undefined {
  const ext = findExtension(item, FHIR_EXT.itemControl);
  return ext?.valueCodeableConcept?.coding?.[0]?.code;
}

function numberExt(item: FhirItem, url: string): number | undefined {
  const ext = findExtension(item, url);
  if (!ext) return undefined;
  if (typeof ext.valueInteger === 'number') return ext.valueInteger;
  if (typeof ext.valueDecimal === 'number') return ext.valueDecimal;
  return undefined;
}

/** FHIR item type → product question type and settings (issue 27 item 2 mapping). */
function questionSettings(item: FhirItem, notes: ImportNote[]): Settings | null {
  const own = findExtension(item, FHIR_EXT.questionType)?.valueCode;
  if (own && (QUESTION_TYPES as readonly string[]).includes(own)) {
    if (isReferenceQuestionType(own as QuestionType)) {
      notes.push({ reason: 'FIELD_TYPE_UNSUPPORTED', detail: own });
      return null;
    }
    // The calculation (calculatedExpression) makes it CALCULATED again when it can be read.
    if (own === 'CALCULATED') return { type: 'NUMBER', floatingNumber: true };
    if (own === 'TABLE' || own === 'IMAGE') {
      notes.push({ reason: 'TABLE_NOT_SUPPORTED', detail: own });
      return { type: 'INFORMATION' };
    }
    return {
      type: own as QuestionType,
      ...(own === 'NUMBER' ? { floatingNumber: item.type === 'decimal' } : {}),
      isDropdown: itemControl(item) === 'drop-down',
    };
  }
  const control = itemControl(item);
  switch (item.type) {
    case 'boolean':
      return { type: 'YES_NO' };
    case 'decimal':
      return { type: 'NUMBER', floatingNumber: true };
    case 'integer':
      return control === 'slider' ? { type: 'SLIDER' } : { type: 'NUMBER', floatingNumber: false };
    case 'quantity': {
      const unit = findExtension(item, FHIR_EXT.unit)?.valueCoding;
      notes.push({
        reason: 'UNIT_IGNORED',
        ...(unit ? { detail: String(unit.display ?? unit.code ?? '') } : {}),
      });
      return { type: 'NUMBER', floatingNumber: true };
    }
    case 'date':
      return { type: 'DATE' };
    case 'dateTime':
      return { type: 'DATE_TIME' };
    case 'time':
      return { type: 'TIME' };
    case 'string':
      return { type: 'TEXT_SENTENCE' };
    case 'text':
      return { type: 'TEXT_FREE' };
    case 'url':
      notes.push({ reason: 'TYPE_APPROXIMATE', detail: 'url' });
      return { type: 'TEXT_SENTENCE' };
    case 'choice':
    case 'open-choice':
      if (item.type === 'open-choice') notes.push({ reason: 'OPEN_CHOICE_AS_CHOICE' });
      return {
        type: item.repeats === true ? 'MULTIPLE_RESPONSE' : 'MULTIPLE_CHOICE',
        isDropdown: control === 'drop-down',
      };
    case 'display':
      return { type: 'INFORMATION' };
    case 'attachment':
      return { type: 'FILE' };
    default:
      notes.push({ reason: 'FIELD_TYPE_UNSUPPORTED', detail: String(item.type) });
      return null;
  }
}

function answerKey(ew: FhirEnableWhen): string | null {
  if (isObject(ew.answerCoding)) return String(ew.answerCoding.code ?? ew.answerCoding.display ?? '');
  for (const v of [ew.answerString, ew.answerInteger, ew.answerDecimal, ew.answerDate, ew.answerBoolean]) {
    if (v !== undefined && v !== null) return String(v);
  }
  return null;
}

/** enableWhen of an item and its groups as show rules, or notes saying why not. */
function showRulesOf(conditions: Condition[], form: FormState, notes: ImportNote[]): ShowRule[] {
  const active = conditions.filter((c) => c.enableWhen.length > 0);
  if (active.length === 0) return [];
  const describe = active
    .map((c) =>
      c.enableWhen
        .map((ew) => `${ew.question} ${ew.operator} ${answerKey(ew) ?? ''}`)
        .join(` ${c.behavior ?? ''} `),
    )
    .join(' AND ');
  const fail = () => {
    notes.push({ reason: 'RULE_NOT_EXPRESSIBLE', detail: describe });
    return [];
  };
  if (active.length > 1) return fail();
  const [condition] = active as [Condition];
  if (condition.enableWhen.length > 1 && condition.behavior !== 'any') return fail();
  const tests: ChoiceTest[] = condition.enableWhen.map((ew) => {
    const source = isObject(ew) ? form.sources.get(String(ew.question)) : undefined;
    if (!source) return { ok: false };
    if (ew.operator === 'exists') {
      return ew.answerBoolean === true
        ? {
            ok: true,
            questionId: source.questionId,
            possibilities: [...source.codes.values()],
            isApproximate: false,
          }
        : { ok: false };
    }
    const key = answerKey(ew);
    if (key === null) return { ok: false };
    return choiceTest(source, ew.operator, key);
  });
  const ok = tests.filter((t): t is Extract<ChoiceTest, { ok: true }> => t.ok);
  if (ok.length !== tests.length) return fail();
  if (ok.some((t) => t.isApproximate)) notes.push({ reason: 'RULE_APPROXIMATE', detail: describe });
  return mergeChoiceTests(ok);
}

function variablesOf(node: { extension?: unknown }, inherited: FhirpathVariables): FhirpathVariables {
  const vars = new Map(inherited);
  for (const ext of findExtensionBySuffix(node, '/variable')) {
    const v = ext.valueExpression;
    if (v?.name && typeof v.expression === 'string') vars.set(v.name, v.expression);
  }
  return vars;
}

function itemText(item: FhirItem, isRich: boolean): string {
  const xhtml = findExtension(item._text, FHIR_EXT.renderingXhtml)?.valueString;
  if (isRich && typeof xhtml === 'string') return xhtml;
  return typeof item.text === 'string' ? item.text : '';
}

function helpTextOf(item: FhirItem): string | undefined {
  const help = list<FhirItem>(item.item).find(
    (child) => child.type === 'display' && itemControl(child) === 'help',
  );
  return help ? itemText(help, false) : undefined;
}

function convertItem(
  item: FhirItem,
  form: FormState,
  conditions: Condition[],
  variables: FhirpathVariables,
  depth: number,
): void {
  if (!isObject(item)) return;
  const linkId = String(item.linkId ?? '');
  const notes: ImportNote[] = [];
  const own: Condition = {
    enableWhen: list<FhirEnableWhen>(item.enableWhen),
    behavior: item.enableBehavior,
    owner: linkId,
  };
  const chain = [...conditions, own];
  const vars = variablesOf(item, variables);
  const expression = findExtensionBySuffix(item, 'sdc-questionnaire-enableWhenExpression')[0]?.valueExpression
    ?.expression;
  if (expression) notes.push({ reason: 'RULE_NOT_EXPRESSIBLE', detail: expression });
  const children = list<FhirItem>(item.item).filter(
    (c) => !(c.type === 'display' && itemControl(c) === 'help'),
  );
  if (item.type === 'group') {
    if (item.repeats === true) notes.push({ reason: 'REPEATS_IGNORED' });
    const text = itemText(item, true).trim();
    const rules = showRulesOf(chain, form, notes);
    if (text !== '') {
      const question = importQuestion({
        id: `q${++form.seq}`,
        type: 'INFORMATION',
        order: 1,
        question: textIn(form.language, fitText(text, RICH_TEXT_MAX, notes)),
        showRules: rules,
      });
      form.questions.push(question);
      form.out.line(form.title, linkId, notes, question);
    } else form.out.line(form.title, linkId, [...notes, { reason: 'NESTED_ITEMS_FLATTENED' }], null);
    for (const child of children) convertItem(child, form, chain, vars, depth + 1);
    return;
  }
  const settings = questionSettings(item, notes);
  if (!settings) {
    form.out.line(form.title, linkId, notes, null);
    return;
  }
  if (item.repeats === true && settings.type !== 'MULTIPLE_RESPONSE')
    notes.push({ reason: 'REPEATS_IGNORED' });
  const qid = `q${++form.seq}`;
  const isChoice = ['MULTIPLE_CHOICE', 'MULTIPLE_RESPONSE', 'YES_NO', 'SMILEY'].includes(settings.type ?? '');
  let options = isChoice ? optionsOf(item, form, notes) : null;
  if (settings.type === 'YES_NO' && item.type === 'boolean') {
    options = [
      { valueCoding: { code: 'true', display: 'Yes' } },
      { valueCoding: { code: 'false', display: 'No' } },
    ];
  }
  if (!isChoice && (Array.isArray(item.answerOption) || item.answerValueSet)) {
    notes.push({ reason: 'CHOICES_IGNORED' });
  }
  const listed = options ? possibilitiesOf(qid, options, form.language, notes) : null;
  if (isChoice && (!listed || listed.list.length === 0)) {
    form.out.line(form.title, linkId, [...notes, { reason: 'NO_CHOICES' }], null);
    return;
  }
  let calc: { formula: string; linkIds: string[]; decimals?: number } | null = null;
  const calcExpression = findExtensionBySuffix(item, 'sdc-questionnaire-calculatedExpression')[0]
    ?.valueExpression?.expression;
  if (typeof calcExpression === 'string') {
    calc = translateFhirpath(calcExpression, vars);
    if (!calc) notes.push({ reason: 'CALC_NOT_EXPRESSIBLE', detail: calcExpression });
  }
  const isInformation = settings.type === 'INFORMATION';
  const min = numberExt(item, FHIR_EXT.minValue);
  const max = numberExt(item, FHIR_EXT.maxValue);
  const minLength = numberExt(item, FHIR_EXT.minLength);
  const isText = settings.type === 'TEXT_SENTENCE' || settings.type === 'TEXT_FREE';
  const isNumber = settings.type === 'NUMBER' || settings.type === 'SLIDER';
  const isInteger = settings.type === 'SLIDER' || (settings.type === 'NUMBER' && !settings.floatingNumber);
  const fits = (n: number | undefined) => n !== undefined && (!isInteger || Number.isInteger(n));
  const help = helpTextOf(item);
  const range = isNumber && fits(min) && fits(max) && (min as number) > (max as number);
  if (range) notes.push({ reason: 'RANGE_IGNORED', detail: `${min}..${max}` });
  const maxLength =
    isText && typeof item.maxLength === 'number' && item.maxLength >= 1 && item.maxLength <= TEXT_LENGTH_MAX
      ? item.maxLength
      : undefined;
  const hasMinLength = isText && minLength !== undefined && Number.isInteger(minLength) && minLength >= 1;
  const lengthBroken = hasMinLength && maxLength !== undefined && (minLength as number) >= maxLength;
  if (lengthBroken) notes.push({ reason: 'RANGE_IGNORED', detail: `${minLength}..${maxLength}` });
  const rules = showRulesOf(chain, form, notes);
  const question = importQuestion({
    ...settings,
    id: qid,
    order: 1,
    question: textIn(
      form.language,
      fitText(
        itemText(item, isInformation).trim() || linkId,
        isInformation ? RICH_TEXT_MAX : QUESTION_TEXT_MAX,
        notes,
      ),
    ),
    required: !isInformation && item.required === true,
    ...(help ? { helpText: textIn(form.language, fitText(help, QUESTION_TEXT_MAX, notes)) } : {}),
    ...(isNumber && !range && fits(min) ? { minValue: min } : {}),
    ...(isNumber && !range && fits(max) ? { maxValue: max } : {}),
    ...(settings.type === 'SLIDER'
      ? { minValue: !range && fits(min) ? min : 0, maxValue: !range && fits(max) ? max : 100 }
      : {}),
    ...(maxLength !== undefined && !lengthBroken ? { maxLength } : {}),
    ...(hasMinLength && !lengthBroken ? { minLength } : {}),
    possibilities: listed?.list ?? [],
    showRules: rules,
  });
  form.questions.push(question);
  form.byLinkId.set(linkId, question);
  if (listed && isChoice) {
    form.sources.set(linkId, {
      questionId: qid,
      codes: listed.codes,
      isMultiple: question.type === 'MULTIPLE_RESPONSE',
    });
  }
  const line = form.out.line(form.title, linkId, notes, question);
  if (calc && typeof calcExpression === 'string')
    form.calcs.push({ question, ...calc, expression: calcExpression, line });
  for (const child of children) {
    convertItem(child, form, chain, vars, depth + 1);
  }
}

/**
 * Calculations over number and slider items of the form (not themselves calculated) become `Q{n}`
 * formulas (spec 001 §5 CALCULATED); the others keep the item's own type and are reported.
 */
function resolveCalculations(form: FormState): Question[] {
  const calcIds = new Set(form.calcs.map((c) => c.question.id));
  const orders = new Map(form.questions.map((q, i) => [q.id, i + 1]));
  return form.questions.map((q) => {
    const calc = form.calcs.find((c) => c.question.id === q.id);
    if (!calc) return q;
    const refs = calc.linkIds.map((l) => form.byLinkId.get(l));
    const isExpressible = refs.every(
      (r) => r && !calcIds.has(r.id) && (r.type === 'NUMBER' || r.type === 'SLIDER'),
    );
    if (!isExpressible) {
      calc.line.notes.push({ reason: 'CALC_NOT_EXPRESSIBLE', detail: calc.expression });
      calc.line.status = lineStatus(calc.line.notes, q);
      return q;
    }
    const formula = calc.formula.replace(
      /\{\{([^}]*)\}\}/g,
      (_, l: string) => `Q${orders.get(form.byLinkId.get(l)?.id ?? '')}`,
    );
    calc.line.questionType = 'CALCULATED';
    return {
      ...q,
      type: 'CALCULATED' as const,
      required: false,
      calculationFormula: formula,
      calculationDecimals: calc.decimals ?? FORM_LIMITS.calculationDefaultDecimals,
      calcRefQuestions: [...new Set(refs.map((r) => r?.id ?? ''))],
    };
  });
}

/** One Questionnaire resource as a form, its report lines into `out`. */
function convertQuestionnaire(
  q: FhirQuestionnaire,
  language: LanguageCode,
  out: ImportCollector,
  titles: Set<string>,
): void {
  const name =
    [q.title, q.name, q.id].find((t) => typeof t === 'string' && t.trim() !== '') ?? 'Questionnaire';
  const title = importTitle(plainText(String(name)), titles);
  const form: FormState = {
    title,
    language,
    contained: q.contained,
    questions: [],
    sources: new Map(),
    byLinkId: new Map(),
    calcs: [],
    out,
    seq: 0,
  };
  const variables = variablesOf(q, new Map());
  for (const item of list<FhirItem>(q.item)) convertItem(item, form, [], variables, 0);
  const questions = resolveCalculations(form);
  if (questions.length === 0) return;
  out.forms.push(importForm(`fhir-${out.forms.length + 1}`, title, language, questions));
}

/**
 * Issue 27 item 2: a FHIR R4 Questionnaire (JSON text), or a Bundle of them, as form drafts in
 * `language` with a report line per item.
 */
export function convertFhirQuestionnaire(
  json: string,
  options: { language: LanguageCode },
): ImportConversion {
  let resource: unknown;
  try {
    resource = JSON.parse(json.startsWith('\uFEFF') ? json.slice(1) : json);
  } catch {
    return { ok: false, error: 'NOT_JSON' };
  }
  if (!isObject(resource)) return { ok: false, error: 'NOT_A_QUESTIONNAIRE' };
  const questionnaires =
    resource.resourceType === 'Questionnaire'
      ? [resource as FhirQuestionnaire]
      : resource.resourceType === 'Bundle'
        ? list<{ resource?: unknown }>(resource.entry)
            .map((e) => (isObject(e) ? e.resource : undefined))
            .filter((r): r is FhirQuestionnaire => isObject(r) && r.resourceType === 'Questionnaire')
        : [];
  if (questionnaires.length === 0) {
    return { ok: false, error: 'NOT_A_QUESTIONNAIRE', detail: String(resource.resourceType ?? '') };
  }
  const out = new ImportCollector();
  const titles = new Set<string>();
  for (const q of questionnaires) convertQuestionnaire(q, options.language, out, titles);
  return out.result();
}
