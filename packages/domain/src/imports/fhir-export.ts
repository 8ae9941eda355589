/**
 * FHIR R4 export of forms (issue 27 item 2): a form as a Questionnaire, a filled answer set as a
 * QuestionnaireResponse. Choices are coded by their 1-based position (DESIGN.md positions, as in
 * the data exports); the product's question type travels in an extension so the import restores it.
 */
import { assertNever } from '../common/assert';
import type { LocalizedText } from '../common/languages';
import { isValidTimeZone } from '../common/time-zones';
import type { FormTemplate, Question } from '../forms/model';
import { sortQuestionsByOrder } from '../forms/model';
import { parseAnswerNumber, readAnswerText } from '../formulas/answer-values';
import type { Answer } from '../questionnaires/model';
import {
  FHIR_EXT,
  type FhirAnswer,
  type FhirAnswerOption,
  type FhirEnableWhen,
  type FhirExtension,
  type FhirItem,
  type FhirQuestionnaire,
  type FhirQuestionnaireResponse,
} from './fhir-types';
import { plainText } from './report';

function textOf(text: LocalizedText | undefined, language: string): string {
  const values = (text ?? {}) as Record<string, string | undefined>;
  return values[language] ?? Object.values(values).find((v) => typeof v === 'string' && v !== '') ?? '';
}

function fhirType(q: Question): string {
  switch (q.type) {
    case 'CHECKBOX':
      return 'boolean';
    case 'NUMBER':
      return q.floatingNumber ? 'decimal' : 'integer';
    case 'SLIDER':
      return 'integer';
    case 'CALCULATED':
      return 'decimal';
    case 'TEXT_SENTENCE':
    case 'TIME_DURATION':
      return 'string';
    case 'TEXT_FREE':
      return 'text';
    case 'TIME':
      return 'time';
    case 'DATE':
      return 'date';
    case 'DATE_TIME':
      return 'dateTime';
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SMILEY':
      return 'choice';
    case 'INFORMATION':
    case 'TABLE':
    case 'IMAGE':
      return 'display';
    case 'FILE':
      return 'attachment';
    case 'MEDICATION_REF':
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
      return 'reference';
    default:
      return assertNever(q.type);
  }
}

const control = (code: string): FhirExtension => ({
  url: FHIR_EXT.itemControl,
  valueCodeableConcept: {
    coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }],
  },
});

const numberExt = (url: string, value: number, isInteger: boolean): FhirExtension =>
  isInteger ? { url, valueInteger: value } : { url, valueDecimal: value };

/** `Q3` → the FHIRPath of question 3's answer; null when the formula uses QMAX (no FHIR form). */
function formulaToFhirpath(formula: string, questions: readonly Question[]): string | null {
  if (/QMAX\d+/.test(formula)) return null;
  let broken = false;
  const text = formula.replace(/Q(\d+)/g, (_, n: string) => {
    const q = questions.find((x) => x.order === Number(n));
    if (!q) broken = true;
    return `%resource.item.where(linkId='${q?.id ?? ''}').answer.value`;
  });
  return broken ? null : text;
}

function itemOf(q: Question, form: FormTemplate, language: string): FhirItem {
  const questions = form.questions;
  const isInformation = q.type === 'INFORMATION';
  const raw = textOf(q.question, language);
  const item: FhirItem = {
    linkId: q.id,
    text: isInformation ? plainText(raw) : raw,
    type: fhirType(q),
  };
  const extension: FhirExtension[] = [{ url: FHIR_EXT.questionType, valueCode: q.type }];
  if (isInformation && raw !== item.text) {
    item._text = { extension: [{ url: FHIR_EXT.renderingXhtml, valueString: raw }] };
  }
  if (q.required && !isInformation) item.required = true;
  if (q.type === 'MULTIPLE_RESPONSE') item.repeats = true;
  if (q.type === 'CALCULATED') {
    item.readOnly = true;
    const expression = q.calculationFormula ? formulaToFhirpath(q.calculationFormula, questions) : null;
    if (expression) {
      extension.push({
        url: FHIR_EXT.calculatedExpression,
        valueExpression: {
          language: 'text/fhirpath',
          expression:
            q.calculationDecimals >= 0 ? `(${expression}).round(${q.calculationDecimals})` : expression,
        },
      });
    }
  }
  const isInteger = q.type === 'SLIDER' || (q.type === 'NUMBER' && !q.floatingNumber);
  if ((q.type === 'NUMBER' || q.type === 'SLIDER') && q.minValue != null)
    extension.push(numberExt(FHIR_EXT.minValue, q.minValue, isInteger));
  if ((q.type === 'NUMBER' || q.type === 'SLIDER') && q.maxValue != null)
    extension.push(numberExt(FHIR_EXT.maxValue, q.maxValue, isInteger));
  if (q.type === 'SLIDER') extension.push(control('slider'));
  if (q.isDropdown && q.type === 'MULTIPLE_CHOICE') extension.push(control('drop-down'));
  if (q.maxLength != null && (q.type === 'TEXT_SENTENCE' || q.type === 'TEXT_FREE'))
    item.maxLength = q.maxLength;
  if (q.minLength != null && (q.type === 'TEXT_SENTENCE' || q.type === 'TEXT_FREE'))
    extension.push({ url: FHIR_EXT.minLength, valueInteger: q.minLength });
  if (q.possibilities.length > 0) {
    item.answerOption = q.possibilities.map(
      (p, i): FhirAnswerOption => ({
        valueCoding: { code: String(i + 1), display: textOf(p.possibility, language) },
        ...(p.scoreValue != null
          ? { extension: [{ url: FHIR_EXT.ordinalValue, valueDecimal: p.scoreValue }] }
          : {}),
      }),
    );
  }
  const enableWhen: FhirEnableWhen[] = q.showRules.flatMap((rule) => {
    const source = questions.find((x) => x.id === rule.question);
    if (!source) return [];
    return rule.possibilities.flatMap((pid) => {
      const index = source.possibilities.findIndex((p) => p.id === pid);
      return index < 0
        ? []
        : [{ question: source.id, operator: '=', answerCoding: { code: String(index + 1) } }];
    });
  });
  if (enableWhen.length > 0) {
    item.enableWhen = enableWhen;
    if (enableWhen.length > 1) item.enableBehavior = 'any';
  }
  const help = textOf(q.helpText, language);
  if (help)
    item.item = [{ linkId: `${q.id}-help`, text: help, type: 'display', extension: [control('help')] }];
  item.extension = extension;
  return item;
}

/** Issue 27 item 2: the form as a FHIR R4 Questionnaire, texts in `language`, items in question order. */
export function formToQuestionnaire(
  form: FormTemplate,
  options: { language: string; url?: string },
): FhirQuestionnaire {
  const title = textOf(form.title, options.language);
  return {
    resourceType: 'Questionnaire',
    id: form.id,
    ...(options.url ? { url: options.url } : {}),
    ...(form.exportLabel ? { name: form.exportLabel } : {}),
    title,
    version: `${form.version.major}.${form.version.minor}`,
    status: form.published ? 'active' : 'draft',
    language: options.language,
    item: sortQuestionsByOrder(form.questions).map((q) => itemOf(q, form, options.language)),
  };
}

/** The offset of `zone` at the instant `utcMs`, in minutes east of UTC (Intl: no I/O). */
function zoneOffsetMinutes(zone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - utcMs) / 60_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A stored date-time as a FHIR dateTime: seconds added, and a time without an offset placed in the
 * answer's time zone (FHIR requires a zone once a time is given; UTC when the answer has none).
 */
export function fhirDateTime(text: string, timeZone: string | null | undefined): string {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!match) return text;
  const [, y, mo, d, h, mi, sec, frac, zone] = match;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${sec ?? '00'}${frac ?? ''}`;
  if (zone) return `${local}${zone}`;
  if (!timeZone || !isValidTimeZone(timeZone)) return `${local}Z`;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec ?? 0));
  // The offset at the instant itself (twice: the first guess may sit across a DST change).
  const guess = zoneOffsetMinutes(timeZone, asUtc);
  const offset = zoneOffsetMinutes(timeZone, asUtc - guess * 60_000);
  if (offset === 0) return `${local}Z`;
  const abs = Math.abs(offset);
  return `${local}${offset < 0 ? '-' : '+'}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

function answerValues(q: Question, answer: Answer, language: string): FhirAnswer[] {
  if (answer.answerUnavailable || answer.answerSkipped) return [];
  const text = readAnswerText(answer);
  switch (q.type) {
    case 'YES_NO':
    case 'MULTIPLE_CHOICE':
    case 'MULTIPLE_RESPONSE':
    case 'SMILEY':
      return answer.possibilities.flatMap((pid) => {
        const index = q.possibilities.findIndex((p) => p.id === pid);
        const p = q.possibilities[index];
        return p
          ? [{ valueCoding: { code: String(index + 1), display: textOf(p.possibility, language) } }]
          : [];
      });
    case 'CHECKBOX':
      return text === null ? [] : [{ valueBoolean: text === 'true' || text === '1' }];
    case 'NUMBER':
    case 'SLIDER':
    case 'CALCULATED': {
      const n = parseAnswerNumber(text);
      if (n === null) return [];
      return Number.isInteger(n) && q.type !== 'CALCULATED' && !q.floatingNumber
        ? [{ valueInteger: n }]
        : [{ valueDecimal: n }];
    }
    case 'DATE':
      return text === null ? [] : [{ valueDate: text }];
    case 'DATE_TIME':
      return text === null ? [] : [{ valueDateTime: fhirDateTime(text, answer.timeZone) }];
    case 'TIME':
      return text === null ? [] : [{ valueTime: text.length === 5 ? `${text}:00` : text }];
    case 'TEXT_SENTENCE':
    case 'TEXT_FREE':
    case 'TIME_DURATION':
      return text === null ? [] : [{ valueString: text }];
    case 'FILE':
      return answer.files.map((f) => ({
        valueAttachment: {
          title: f.fileName,
          size: f.size,
          ...(f.mimeType ? { contentType: f.mimeType } : {}),
        },
      }));
    case 'INFORMATION':
    case 'TABLE':
    case 'IMAGE':
    case 'MEDICATION_REF':
    case 'AE_REF':
    case 'AE_2_REF':
    case 'UNSCHEDULED_EVENT_REF':
      return [];
    default:
      return assertNever(q.type);
  }
}

/**
 * Issue 27 item 2: one filled answer set as a QuestionnaireResponse of `questionnaireUrl`:
 * answered questions only, in question order; skipped and unavailable answers have no value.
 */
export function answersToQuestionnaireResponse(
  form: FormTemplate,
  answers: readonly Answer[],
  options: {
    id: string;
    questionnaireUrl: string;
    subjectId: string;
    authored: string | null;
    isCompleted: boolean;
    language: string;
  },
): FhirQuestionnaireResponse {
  const byQuestion = new Map(answers.map((a) => [a.question, a]));
  const items = sortQuestionsByOrder(form.questions).flatMap((q) => {
    const answer = byQuestion.get(q.id);
    if (!answer) return [];
    const values = answerValues(q, answer, options.language);
    return values.length === 0
      ? []
      : [{ linkId: q.id, text: textOf(q.question, options.language), answer: values }];
  });
  return {
    resourceType: 'QuestionnaireResponse',
    id: options.id,
    questionnaire: options.questionnaireUrl,
    status: options.isCompleted ? 'completed' : 'in-progress',
    subject: { identifier: { value: options.subjectId } },
    ...(options.authored ? { authored: options.authored } : {}),
    item: items,
  };
}
