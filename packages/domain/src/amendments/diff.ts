/**
 * Issue 23 item 2: the amendment's diff, published (or as the amendment found it) against the draft.
 * Pure: the server hands in both sides of every form, process and rule the amendment may have touched.
 */
import type { LocalizedText } from '../common/languages';
import type { FormTemplate, Question } from '../forms/model';
import type { DataEvent, Process } from '../processes/model';
import type {
  AmendmentChangeKind,
  AmendmentDiff,
  EventChange,
  EventPropertyChange,
  FormChange,
  ProcessChange,
  QuestionChange,
  QuestionPropertyChange,
  RuleChange,
} from './model';

/** Both sides of one item: `before` null when the amendment added it, `after` null when it removed it. */
export type Sides<T> = { id: string; before: T | null; after: T | null };
export type RuleDocument = Record<string, unknown>;

export type AmendmentDiffInput = {
  /** The study's primary language: choice and form names are summarised in it. */
  language: string;
  forms: Sides<FormTemplate>[];
  processes: Sides<Process>[];
  validationRules: Sides<RuleDocument>[];
  showRules: Sides<RuleDocument>[];
};

/** Key-order independent JSON, so equal documents read through different paths compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined && x !== null)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

function isSame(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Keys whose values differ, leaving out the ignored ones. */
function changedKeys(before: object, after: object, ignore: ReadonlySet<string>): string[] {
  const b = before as Record<string, unknown>;
  const a = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((k) => !ignore.has(k) && !isSame(b[k], a[k])).sort();
}

function textIn(text: LocalizedText | undefined, language: string): string {
  if (!text) return '';
  return text[language as keyof LocalizedText] ?? Object.values(text).find((v) => !!v) ?? '';
}

/** Made and removed again within the amendment: nothing to show. */
function isGone<T>(sides: Sides<T>): boolean {
  return sides.before === null && sides.after === null;
}

function kindOf<T>(sides: Sides<T>): AmendmentChangeKind {
  return sides.before === null ? 'ADDED' : sides.after === null ? 'REMOVED' : 'CHANGED';
}

// ---- forms ---------------------------------------------------------------------------------------

/** Server-derived and bookkeeping fields: never a change the author made. */
const FORM_META = new Set(['id', 'questions', 'version', 'published', 'fullyEditable', 'isUsedInProcess']);
const VALIDATION_KEYS = [
  'minAnswer',
  'maxAnswer',
  'minLength',
  'maxLength',
  'minValue',
  'maxValue',
  'floatingNumber',
  'calculationFormula',
  'calculationDecimals',
  'validationRules',
] as const;
const QUESTION_HANDLED = new Set<string>([
  'id',
  'order',
  'fullyEditable',
  'question',
  'type',
  'possibilities',
  'required',
  'showRules',
  ...VALIDATION_KEYS,
]);

function choicesSummary(q: Question, language: string): string {
  return q.possibilities
    .map((p) => {
      const text = textIn(p.possibility, language);
      return p.scoreValue === null || p.scoreValue === undefined ? text : `${text} (${p.scoreValue})`;
    })
    .join(' · ');
}

function validationSummary(q: Question): string {
  const parts: string[] = [];
  for (const key of VALIDATION_KEYS) {
    const value = q[key];
    if (value === null || value === undefined || value === false) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (key === 'calculationDecimals' && q.type !== 'CALCULATED') continue;
    parts.push(`${key} ${Array.isArray(value) ? value.length : String(value)}`);
  }
  return parts.join(', ');
}

function showRulesSummary(q: Question, form: FormTemplate, language: string): string {
  return q.showRules
    .map((rule) => {
      const source = form.questions.find((x) => x.id === rule.question);
      const chosen = rule.possibilities
        .map((id) => textIn(source?.possibilities.find((p) => p.id === id)?.possibility, language) || id)
        .join(' / ');
      return `Q${source?.order ?? '?'} = ${chosen}`;
    })
    .join('; ');
}

function questionProperties(
  before: { q: Question; form: FormTemplate },
  after: { q: Question; form: FormTemplate },
  language: string,
): QuestionPropertyChange[] {
  const b = before.q;
  const a = after.q;
  const out: QuestionPropertyChange[] = [];
  const languages = new Set([...Object.keys(b.question), ...Object.keys(a.question)]);
  for (const lang of [...languages].sort()) {
    const was = b.question[lang as keyof LocalizedText] ?? null;
    const is = a.question[lang as keyof LocalizedText] ?? null;
    if (was !== is) out.push({ property: 'TEXT', language: lang, before: was, after: is });
  }
  if (b.type !== a.type) out.push({ property: 'TYPE', before: b.type, after: a.type });
  if (!isSame(b.possibilities, a.possibilities)) {
    out.push({
      property: 'CHOICES',
      before: choicesSummary(b, language),
      after: choicesSummary(a, language),
    });
  }
  if (VALIDATION_KEYS.some((k) => !isSame(b[k], a[k]))) {
    out.push({ property: 'VALIDATION', before: validationSummary(b), after: validationSummary(a) });
  }
  if (b.required !== a.required) {
    out.push({ property: 'REQUIRED', before: String(b.required), after: String(a.required) });
  }
  if (!isSame(b.showRules, a.showRules)) {
    out.push({
      property: 'SHOW_RULES',
      before: showRulesSummary(b, before.form, language),
      after: showRulesSummary(a, after.form, language),
    });
  }
  return out;
}

function questionChanges(before: FormTemplate | null, after: FormTemplate | null, language: string) {
  const old = new Map((before?.questions ?? []).map((q) => [q.id, q]));
  const now = new Map((after?.questions ?? []).map((q) => [q.id, q]));
  const changes: QuestionChange[] = [];
  for (const q of after?.questions ?? []) {
    const was = old.get(q.id);
    if (!was || !before || !after) {
      changes.push({
        questionId: q.id,
        order: q.order,
        text: q.question,
        change: 'ADDED',
        properties: [],
        otherSettings: [],
      });
      continue;
    }
    const properties = questionProperties({ q: was, form: before }, { q, form: after }, language);
    const otherSettings = changedKeys(was, q, QUESTION_HANDLED);
    if (properties.length > 0 || otherSettings.length > 0) {
      changes.push({
        questionId: q.id,
        order: q.order,
        text: q.question,
        change: 'CHANGED',
        properties,
        otherSettings,
      });
    }
  }
  for (const q of before?.questions ?? []) {
    if (!now.has(q.id)) {
      changes.push({
        questionId: q.id,
        order: q.order,
        text: q.question,
        change: 'REMOVED',
        properties: [],
        otherSettings: [],
      });
    }
  }
  return changes.sort((x, y) => x.order - y.order || x.change.localeCompare(y.change));
}

/** Spec 001 §3 forms, issue 23 item 2: a form's change question by question, or null when unchanged. */
export function diffForm(sides: Sides<FormTemplate>, language: string): FormChange | null {
  if (isGone(sides)) return null;
  const kind = kindOf(sides);
  const form = (sides.after ?? sides.before) as FormTemplate;
  const questions = questionChanges(sides.before, sides.after, language);
  const settings = sides.before && sides.after ? changedKeys(sides.before, sides.after, FORM_META) : [];
  if (kind === 'CHANGED' && questions.length === 0 && settings.length === 0) return null;
  return { formId: sides.id, title: form.title, change: kind, settings, questions };
}

// ---- processes -----------------------------------------------------------------------------------

const PROCESS_META = new Set([
  'id',
  'dataEvents',
  'fullyEditable',
  'hasUnexpected',
  'hasDiscontinued',
  'hasExternalEvent',
  'hasRandomizationOnProcess',
  'didUploadCustomRandomizationList',
]);
const TIMING_KEYS = ['referenceDate', 'offsetDays', 'offsetHours', 'expiry', 'reminders'] as const;
const EVENT_HANDLED = new Set<string>([
  'id',
  'name',
  'type',
  'forms',
  'optionalForms',
  'sendAs',
  ...TIMING_KEYS,
]);

function timingSummary(e: DataEvent): string {
  const expiry =
    e.expiry.type === 'EXPIRE_NEVER'
      ? e.expiry.type
      : `${e.expiry.type} ${e.expiry.days}d ${e.expiry.hours}h`;
  return `${e.referenceDate} +${e.offsetDays}d ${e.offsetHours}h · ${expiry} · reminders ${e.reminders.length}`;
}

function formsSummary(e: DataEvent, titles: ReadonlyMap<string, string>): string {
  const name = (id: string) => titles.get(id) ?? id;
  return [...e.forms.map(name), ...e.optionalForms.map((id) => `(${name(id)})`)].join(' · ');
}

function eventProperties(b: DataEvent, a: DataEvent, titles: ReadonlyMap<string, string>, language: string) {
  const out: EventPropertyChange[] = [];
  if (!isSame(b.name, a.name))
    out.push({ property: 'NAME', before: textIn(b.name, language), after: textIn(a.name, language) });
  if (b.type !== a.type) out.push({ property: 'TYPE', before: b.type, after: a.type });
  if (TIMING_KEYS.some((k) => !isSame(b[k], a[k]))) {
    out.push({ property: 'TIMING', before: timingSummary(b), after: timingSummary(a) });
  }
  if (!isSame(b.forms, a.forms) || !isSame(b.optionalForms, a.optionalForms)) {
    out.push({ property: 'FORMS', before: formsSummary(b, titles), after: formsSummary(a, titles) });
  }
  if (b.sendAs !== a.sendAs) out.push({ property: 'SEND_OUT', before: b.sendAs, after: a.sendAs });
  return out;
}

function eventChanges(sides: Sides<Process>, titles: ReadonlyMap<string, string>, language: string) {
  const old = new Map((sides.before?.dataEvents ?? []).map((e) => [e.id, e]));
  const now = new Set((sides.after?.dataEvents ?? []).map((e) => e.id));
  const changes: EventChange[] = [];
  for (const e of sides.after?.dataEvents ?? []) {
    const was = old.get(e.id);
    if (!was) {
      changes.push({ dataEventId: e.id, name: e.name, change: 'ADDED', properties: [], otherSettings: [] });
      continue;
    }
    const properties = eventProperties(was, e, titles, language);
    const otherSettings = changedKeys(was, e, EVENT_HANDLED);
    if (properties.length > 0 || otherSettings.length > 0) {
      changes.push({ dataEventId: e.id, name: e.name, change: 'CHANGED', properties, otherSettings });
    }
  }
  for (const e of sides.before?.dataEvents ?? []) {
    if (!now.has(e.id))
      changes.push({ dataEventId: e.id, name: e.name, change: 'REMOVED', properties: [], otherSettings: [] });
  }
  return changes;
}

/** The unscheduled selections count by their forms: the server gives them ids on save (as the process locks do). */
function processSettings(p: Process): Record<string, unknown> {
  const forms = ({ selectedQts, selectedOptionalQts }: Process['unexpectedVisit']) => ({
    selectedQts,
    selectedOptionalQts,
  });
  return {
    ...p,
    unexpectedVisit: forms(p.unexpectedVisit),
    discontinueDataEvent: forms(p.discontinueDataEvent),
    externalDataEvent: forms(p.externalDataEvent),
  };
}

/** Spec 001 §3 processes, issue 23 item 2: a process's change event by event, or null when unchanged. */
export function diffProcess(
  sides: Sides<Process>,
  titles: ReadonlyMap<string, string>,
  language: string,
): ProcessChange | null {
  if (isGone(sides)) return null;
  const kind = kindOf(sides);
  const process = (sides.after ?? sides.before) as Process;
  const events = eventChanges(sides, titles, language);
  const settings =
    sides.before && sides.after
      ? changedKeys(processSettings(sides.before), processSettings(sides.after), PROCESS_META)
      : [];
  if (kind === 'CHANGED' && events.length === 0 && settings.length === 0) return null;
  return { processId: sides.id, name: process.pathwayName, change: kind, settings, events };
}

// ---- rules ---------------------------------------------------------------------------------------

/** The question a rule is on: a validation rule's left operand, a show rule's target. */
function ruleQuestionOf(doc: RuleDocument): string | null {
  for (const key of ['leftOperant', 'target']) {
    const part = doc[key] as { question?: unknown } | undefined;
    if (part && typeof part.question === 'string') return part.question;
  }
  return null;
}

function ruleChange(
  kind: RuleChange['kind'],
  sides: Sides<RuleDocument>,
  forms: ReadonlyMap<string, FormTemplate>,
): RuleChange | null {
  if (isGone(sides)) return null;
  const change = kindOf(sides);
  const properties =
    sides.before && sides.after ? changedKeys(sides.before, sides.after, new Set(['id'])) : [];
  if (change === 'CHANGED' && properties.length === 0) return null;
  const doc = (sides.after ?? sides.before) as RuleDocument;
  const formId = typeof doc.formId === 'string' ? doc.formId : null;
  const questionId = ruleQuestionOf(doc);
  const form = formId ? forms.get(formId) : undefined;
  const question = form?.questions.find((q) => q.id === questionId);
  return {
    kind,
    ruleId: sides.id,
    formId,
    formTitle: form?.title ?? {},
    questionId,
    questionText: question?.question ?? {},
    change,
    properties,
  };
}

/**
 * Issue 23 item 2: the whole diff of a running amendment, forms, then validation and show rules,
 * then processes; unchanged items are left out.
 */
export function diffAmendment(input: AmendmentDiffInput): AmendmentDiff {
  const formsById = new Map<string, FormTemplate>();
  for (const f of input.forms) {
    const form = f.after ?? f.before;
    if (form) formsById.set(f.id, form);
  }
  const titles = new Map([...formsById].map(([id, f]) => [id, textIn(f.title, input.language)]));
  const pick = <T>(items: (T | null)[]) => items.filter((x): x is T => x !== null);
  return {
    forms: pick(input.forms.map((f) => diffForm(f, input.language))),
    rules: [
      ...pick(input.validationRules.map((r) => ruleChange('VALIDATION', r, formsById))),
      ...pick(input.showRules.map((r) => ruleChange('SHOW', r, formsById))),
    ],
    processes: pick(input.processes.map((p) => diffProcess(p, titles, input.language))),
  };
}
