/**
 * CDISC ODM 1.3.2 metadata import (issue 27 item 3): FormDef → form, ItemGroupDef → its items in
 * order (a section header when a form has several groups), ItemDef → question by DataType,
 * CodeList → possibilities, RangeCheck (LT/LE/GT/GE) → min and max, Mandatory → required. Files
 * the product wrote itself carry the question type in ItemDef/@Comment, which restores choice
 * types and multiple responses split into one item per possibility. An ItemRef's MethodOID
 * naming a MethodDef whose FormalExpression is a formula over the file's item OIDs (the product
 * writes them so) makes a calculated question, rounded to the ItemDef's SignificantDigits.
 */
import { QUESTION_TEXT_MAX } from '../authoring/limits';
import type { LanguageCode } from '../common/languages';
import {
  FORM_LIMITS,
  QUESTION_TYPES,
  type Question,
  type QuestionInput,
  type QuestionType,
} from '../forms/model';
import { validateFormula } from '../formulas/validate-formula';
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
  textIn,
} from './report';

/** An XML element as the server's parser hands it over: local names, attributes by qualified name. */
export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[]; text: string };

const childrenNamed = (node: XmlNode | undefined, name: string) =>
  (node?.children ?? []).filter((c) => c.name === name);
const childNamed = (node: XmlNode | undefined, name: string) => childrenNamed(node, name)[0];

function byOrder(refs: XmlNode[]): XmlNode[] {
  return refs
    .map((r, i) => ({ r, i, n: Number(r.attrs.OrderNumber) }))
    .sort((a, b) => (Number.isFinite(a.n) && Number.isFinite(b.n) ? a.n - b.n : a.i - b.i))
    .map((x) => x.r);
}

/** The TranslatedText in `language`, else the first one. */
function translated(node: XmlNode | undefined, language: string): string {
  const texts = childrenNamed(node, 'TranslatedText');
  const pick = texts.find((t) => (t.attrs['xml:lang'] ?? '').toLowerCase() === language) ?? texts[0];
  return (pick?.text ?? '').replace(/\s+/g, ' ').trim();
}

/** The first FormalExpression of a MethodDef, or null. */
function formalExpression(method: XmlNode | undefined): string | null {
  const text = childNamed(method, 'FormalExpression')?.text.trim() ?? '';
  return text === '' ? null : text;
}

type Item = {
  name: string;
  text: string;
  def: XmlNode;
  ref: XmlNode;
  comment: QuestionType | null;
  choices: { code: string; label: string }[] | null;
};

type Settings = Partial<QuestionInput> & { type: QuestionType };

function dataTypeSettings(dataType: string, notes: ImportNote[]): Settings {
  switch (dataType) {
    case 'integer':
      return { type: 'NUMBER', floatingNumber: false };
    case 'float':
    case 'double':
      return { type: 'NUMBER', floatingNumber: true };
    case 'date':
      return { type: 'DATE' };
    case 'datetime':
      return { type: 'DATE_TIME' };
    case 'time':
      return { type: 'TIME' };
    case 'text':
    case 'string':
      return { type: 'TEXT_SENTENCE' };
    case 'boolean':
      return { type: 'CHECKBOX' };
    case 'base64Binary':
    case 'hexBinary':
      notes.push({ reason: 'TYPE_APPROXIMATE', detail: dataType });
      return { type: 'FILE' };
    default:
      notes.push({ reason: 'TYPE_APPROXIMATE', detail: dataType || '(none)' });
      return { type: 'TEXT_SENTENCE' };
  }
}

/** RangeChecks LT/LE/GT/GE as min and max; others reported. */
function ranges(def: XmlNode, isInteger: boolean, notes: ImportNote[]): Partial<QuestionInput> {
  const out: Partial<QuestionInput> = {};
  for (const check of childrenNamed(def, 'RangeCheck')) {
    const comparator = check.attrs.Comparator ?? '';
    const values = childrenNamed(check, 'CheckValue').map((v) => v.text.trim());
    const value = Number(values[0]);
    const isNumber = values.length === 1 && values[0] !== '' && Number.isFinite(value);
    if (isNumber && (!isInteger || Number.isInteger(value)) && ['GT', 'GE'].includes(comparator))
      out.minValue = value;
    else if (isNumber && (!isInteger || Number.isInteger(value)) && ['LT', 'LE'].includes(comparator))
      out.maxValue = value;
    else notes.push({ reason: 'RANGE_IGNORED', detail: `${comparator} ${values.join(' ')}`.trim() });
  }
  if (out.minValue != null && out.maxValue != null && out.minValue > out.maxValue) {
    notes.push({ reason: 'RANGE_IGNORED', detail: `${out.minValue}..${out.maxValue}` });
    return {};
  }
  return out;
}

/** Consecutive items of a split multiple response (`NAME_1`, `NAME_2` … with "Question: choice" labels). */
function takeResponseGroup(
  items: Item[],
  start: number,
): { count: number; question: string; choices: string[] } {
  const first = items[start] as Item;
  const base = first.name.replace(/_\d+$/, '');
  let end = start;
  while (
    end < items.length &&
    items[end]?.comment === 'MULTIPLE_RESPONSE' &&
    items[end]?.name.replace(/_\d+$/, '') === base
  ) {
    end += 1;
  }
  const group = items.slice(start, end);
  const cuts = [...first.text.matchAll(/: /g)].map((m) => m.index ?? 0).reverse();
  const cut = cuts.find((i) => group.every((it) => it.text.startsWith(`${first.text.slice(0, i)}: `)));
  if (cut === undefined) return { count: group.length, question: base, choices: group.map((it) => it.text) };
  return {
    count: group.length,
    question: first.text.slice(0, cut),
    choices: group.map((it) => it.text.slice(cut + 2)),
  };
}

function choicePossibilities(qid: string, labels: string[], language: LanguageCode, notes: ImportNote[]) {
  return labels.map((label, i) => ({
    id: `${qid}-${i + 1}`,
    possibility: textIn(language, fitText(label || String(i + 1), FORM_LIMITS.possibilityText, notes)),
    order: i + 1,
  }));
}

/** A calculated item waiting for the form's other items: its question's place, expression and report line. */
type PendingFormula = {
  index: number;
  expression: string;
  decimals: number | null;
  notes: ImportNote[];
  line: ImportReportLine;
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The MethodDef FormalExpressions of calculated items as formulas: each item OID of the form becomes
 * `Q{order}`; a formula the product can check (syntax, references, types) makes the question
 * CALCULATED, anything else stays a number with the expression reported.
 */
function resolveFormulas(questions: Question[], orderOf: Map<string, number>, pending: PendingFormula[]) {
  const oids = [...orderOf.keys()].sort((a, b) => b.length - a.length);
  const pattern = oids.length > 0 ? new RegExp(oids.map(escapeRegExp).join('|'), 'g') : null;
  const ordered = { questions: questions.map((q, i) => ({ ...q, order: i + 1 })), score: false };
  for (const p of pending) {
    const formula = pattern
      ? p.expression.replace(pattern, (oid) => `Q${orderOf.get(oid) ?? 0}`).trim()
      : p.expression;
    const question = questions[p.index];
    if (question && validateFormula(ordered, formula).length === 0) {
      questions[p.index] = importQuestion({
        ...question,
        type: 'CALCULATED',
        calculationFormula: formula,
        ...(p.decimals !== null ? { calculationDecimals: p.decimals } : {}),
      });
      p.line.questionType = 'CALCULATED';
    } else {
      p.notes.push({ reason: 'CALC_NOT_EXPRESSIBLE', detail: p.expression });
    }
    p.line.status = lineStatus(p.notes, question);
  }
}

/**
 * Issue 27 item 3: the forms of an ODM file's first MetaDataVersion (a parsed element tree) as
 * form drafts in `language`, with a report line per item.
 */
export function convertOdmMetadata(root: XmlNode, options: { language: LanguageCode }): ImportConversion {
  const { language } = options;
  if (root.name !== 'ODM') return { ok: false, error: 'NOT_ODM', detail: root.name };
  const mdv = childNamed(childNamed(root, 'Study'), 'MetaDataVersion');
  if (!mdv) return { ok: false, error: 'NO_FORMS' };
  const index = (name: string) => new Map(childrenNamed(mdv, name).map((n) => [n.attrs.OID ?? '', n]));
  const groups = index('ItemGroupDef');
  const itemDefs = index('ItemDef');
  const codeLists = index('CodeList');
  const methods = index('MethodDef');
  const out = new ImportCollector();
  const titles = new Set<string>();
  for (const formDef of childrenNamed(mdv, 'FormDef')) {
    const formName = formDef.attrs.Name || formDef.attrs.OID || 'Form';
    const title = importTitle(formName, titles);
    const questions: Question[] = [];
    const orderOf = new Map<string, number>();
    const pending: PendingFormula[] = [];
    const groupRefs = byOrder(childrenNamed(formDef, 'ItemGroupRef'));
    let seq = 0;
    for (const groupRef of groupRefs) {
      const group = groups.get(groupRef.attrs.ItemGroupOID ?? '');
      if (!group) {
        out.line(title, groupRef.attrs.ItemGroupOID ?? '', [{ reason: 'MISSING_DEFINITION' }], null);
        continue;
      }
      const groupNotes: ImportNote[] = [];
      if (group.attrs.Repeating === 'Yes') groupNotes.push({ reason: 'REPEATS_IGNORED' });
      if (groupRefs.length > 1) {
        const header = translated(childNamed(group, 'Description'), language) || group.attrs.Name || '';
        const q = importQuestion({
          id: `q${++seq}`,
          type: 'INFORMATION',
          order: 1,
          question: textIn(language, header || (group.attrs.OID ?? '')),
        });
        questions.push(q);
        out.line(title, group.attrs.OID ?? '', groupNotes, q);
      } else if (groupNotes.length > 0) out.line(title, group.attrs.OID ?? '', groupNotes, null);
      const items: Item[] = [];
      for (const ref of byOrder(childrenNamed(group, 'ItemRef'))) {
        const def = itemDefs.get(ref.attrs.ItemOID ?? '');
        if (!def) {
          out.line(title, ref.attrs.ItemOID ?? '', [{ reason: 'MISSING_DEFINITION' }], null);
          continue;
        }
        const comment = def.attrs.Comment ?? '';
        const listRef = childNamed(def, 'CodeListRef');
        const list = listRef ? codeLists.get(listRef.attrs.CodeListOID ?? '') : undefined;
        const choices = list
          ? [
              ...childrenNamed(list, 'CodeListItem').map((c) => ({
                code: c.attrs.CodedValue ?? '',
                label: translated(childNamed(c, 'Decode'), language) || (c.attrs.CodedValue ?? ''),
              })),
              ...childrenNamed(list, 'EnumeratedItem').map((c) => ({
                code: c.attrs.CodedValue ?? '',
                label: c.attrs.CodedValue ?? '',
              })),
            ]
          : null;
        items.push({
          name: def.attrs.Name || def.attrs.OID || '',
          text:
            translated(childNamed(def, 'Question'), language) ||
            translated(childNamed(def, 'Description'), language),
          def,
          ref,
          comment: (QUESTION_TYPES as readonly string[]).includes(comment) ? (comment as QuestionType) : null,
          choices,
        });
      }
      for (let i = 0; i < items.length; ) {
        const item = items[i] as Item;
        const notes: ImportNote[] = [];
        const expression = formalExpression(methods.get(item.ref.attrs.MethodOID ?? ''));
        const qid = `q${++seq}`;
        const required = item.ref.attrs.Mandatory === 'Yes';
        let settings: Settings;
        let count = 1;
        let text = item.text || item.name;
        if (item.comment === 'MULTIPLE_RESPONSE') {
          const taken = takeResponseGroup(items, i);
          count = taken.count;
          text = taken.question;
          settings = {
            type: 'MULTIPLE_RESPONSE',
            possibilities: choicePossibilities(qid, taken.choices, language, notes),
          };
        } else if (item.comment === 'CHECKBOX') {
          settings = { type: 'CHECKBOX' };
        } else if (item.choices && item.choices.length > 0) {
          const type =
            item.comment === 'YES_NO' || item.comment === 'SMILEY'
              ? item.comment
              : ('MULTIPLE_CHOICE' as const);
          settings = {
            type,
            possibilities: choicePossibilities(
              qid,
              item.choices.map((c) => c.label),
              language,
              notes,
            ),
          };
        } else {
          settings = dataTypeSettings(item.def.attrs.DataType ?? '', notes);
          const isOwn = item.comment !== null;
          if (isOwn && ['TEXT_FREE', 'TIME_DURATION'].includes(item.comment as string)) {
            settings = { type: item.comment as QuestionType };
          }
          if (settings.type === 'NUMBER') {
            Object.assign(settings, ranges(item.def, !settings.floatingNumber, notes));
            if (item.comment === 'SLIDER' && settings.minValue != null && settings.maxValue != null) {
              settings.type = 'SLIDER';
            } else if (item.comment === 'SLIDER' || (item.comment === 'CALCULATED' && expression === null)) {
              notes.push({
                reason: item.comment === 'CALCULATED' ? 'CALC_NOT_EXPRESSIBLE' : 'TYPE_APPROXIMATE',
                detail: item.comment,
              });
            }
          }
          if (item.comment === 'TABLE') notes.push({ reason: 'TABLE_NOT_SUPPORTED' });
        }
        const question = importQuestion({
          ...settings,
          id: qid,
          order: 1,
          required,
          question: textIn(language, fitText(text, QUESTION_TEXT_MAX, notes)),
        });
        orderOf.set(item.ref.attrs.ItemOID ?? '', questions.length + 1);
        questions.push(question);
        const line = out.line(title, item.name, notes, question);
        if (expression !== null && settings.type === 'NUMBER') {
          const digits = Number(item.def.attrs.SignificantDigits);
          const decimals = Number.isInteger(digits) && digits >= 0 ? digits : null;
          pending.push({ index: questions.length - 1, expression, decimals, notes, line });
        }
        i += count;
      }
    }
    resolveFormulas(questions, orderOf, pending);
    if (questions.length > 0)
      out.forms.push(importForm(`odm-${out.forms.length + 1}`, title, language, questions));
  }
  return out.result();
}
