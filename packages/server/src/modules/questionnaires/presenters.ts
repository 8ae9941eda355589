/** What leaves the server about filled forms (CONVENTIONS.md presenters whitelist output). */
import {
  type Answer,
  AnswerSchema,
  type AnswerSetView,
  type AnswerView,
  type FormStatus,
  type QueryStatus,
  type QuestionnaireQuery,
} from '@trialbase/domain';
import { z } from 'zod';
import { questionnaireDetailsOf } from './details';
import type { AnswerRow, QuestionnaireRow } from './repo';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An answer's fields in AnswerSchema's order, and what each of them is when a stored answer leaves it out. */
const ANSWER_KEYS = Object.keys(AnswerSchema.shape) as (keyof Answer)[];
const ANSWER_DEFAULTS: Partial<Record<keyof Answer, unknown>> = AnswerSchema.parse({ question: '' });

/** Where each of ANSWER_KEYS comes from: the stored value, or the row's own columns. */
const STORED = 0;
const ROW_ID = 1;
const ROW_QUESTION = 2;
const ROW_VERIFIED = 3;
const ROW_SECOND_VERIFIED = 4;
const KEY_SOURCES = ANSWER_KEYS.map((key) =>
  key === 'id'
    ? ROW_ID
    : key === 'question'
      ? ROW_QUESTION
      : key === 'verification'
        ? ROW_VERIFIED
        : key === 'secondaryVerification'
          ? ROW_SECOND_VERIFIED
          : STORED,
);

/** The fields, in order, of the objects a list field holds (files, images, table cells). */
function elementFields(schema: z.ZodType): string[] | null {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable)
    inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray && inner.element instanceof z.ZodObject
    ? Object.keys(inner.element.shape)
    : null;
}
const ELEMENT_FIELDS = new Map(
  ANSWER_KEYS.flatMap((key) => {
    const fields = elementFields(AnswerSchema.shape[key] as z.ZodType);
    return fields ? [[key, fields] as const] : [];
  }),
);

/** A list's copy; its objects with their schema's fields in order (jsonb stores keys in its own order). */
function listOf(key: keyof Answer, list: unknown[]): unknown[] {
  const fields = ELEMENT_FIELDS.get(key);
  if (!fields) return list.slice();
  return list.map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const copy: Record<string, unknown> = {};
    for (const field of fields) {
      const value = (item as Record<string, unknown>)[field];
      if (value !== undefined) copy[field] = value;
    }
    return copy;
  });
}

/**
 * The domain Answer stored in a row (verification flags from the columns): AnswerSchema's fields
 * in its order, its defaults where the stored value leaves a field out, anything else left behind;
 * the objects in its lists likewise (the order matters: answers are compared as JSON).
 * What `AnswerSchema.parse` gives for a stored value, without checking it again: it was checked
 * before it was written, and the parse was a tenth of the server's time in a staff update of 30
 * answers (issue 16; presenters.test.ts holds the two to the same result).
 */
export function answerOfRow(row: AnswerRow): Answer {
  const stored = row.value;
  const answer: Record<string, unknown> = {};
  // Read straight from the row: a spread of the stored value into a new object first cost more
  // than the rest (issue 16, staff update profile).
  for (let at = 0; at < ANSWER_KEYS.length; at++) {
    const key = ANSWER_KEYS[at] as keyof Answer;
    const source = KEY_SOURCES[at];
    const given =
      source === ROW_ID
        ? row.id
        : source === ROW_QUESTION
          ? row.questionId
          : source === ROW_VERIFIED
            ? row.verifiedAt !== null
            : source === ROW_SECOND_VERIFIED
              ? row.secondaryVerifiedAt !== null
              : stored[key];
    const value = given === undefined ? ANSWER_DEFAULTS[key] : given;
    if (value !== undefined) answer[key] = Array.isArray(value) ? listOf(key, value) : value;
  }
  return answer as Answer;
}

export function presentAnswer(row: AnswerRow): AnswerView {
  // answerOfRow's object is new and its own: completed in place rather than copied once more.
  const view = answerOfRow(row) as AnswerView;
  view.id = row.id;
  view.verifiedTime = iso(row.verifiedAt);
  view.secondaryVerifiedTime = iso(row.secondaryVerifiedAt);
  view.updatedTime = row.updatedAt.toISOString();
  return view;
}

/** Spec 001 §2 header and §3 answer set: the set, its answers and who filled it (display name). */
export function presentAnswerSet(
  row: QuestionnaireRow,
  answerRows: readonly AnswerRow[],
  names: ReadonlyMap<string, string>,
): AnswerSetView {
  const details = questionnaireDetailsOf(row);
  return {
    id: row.id,
    enrollmentId: row.enrollmentId,
    tokenId: row.tokenId,
    dataEventId: row.dataEventId,
    formId: row.formId,
    formVersion: { major: row.formMajor, minor: row.formMinor },
    status: row.status as FormStatus,
    isCompleted: row.completedAt !== null,
    version: row.version,
    score: row.score === null ? null : Number(row.score),
    filledOutByType: row.filledOutByType === 'USER' ? 'USER' : 'SUBJECT_TOKEN',
    filledOutBy:
      row.filledOutByType === 'USER' && row.filledOutBy ? (names.get(row.filledOutBy) ?? null) : null,
    answers: answerRows.filter((a) => a.questionnaireId === row.id).map(presentAnswer),
    imageChartMarkers: details.imageChartMarkers ?? [],
    imageChartAnswers: details.imageChartAnswers ?? [],
    verified: row.verifiedAt !== null,
    verifiedTime: iso(row.verifiedAt),
    secondaryVerified: row.secondaryVerifiedAt !== null,
    secondaryVerifiedTime: iso(row.secondaryVerifiedAt),
    createdTime: row.createdAt.toISOString(),
    updatedTime: row.updatedAt.toISOString(),
    completedTime: iso(row.completedAt),
  };
}

export function presentQuery(row: {
  id: string;
  questionnaireId: string;
  questionId: string;
  answerId: string | null;
  status: string;
  queryText: string;
  ruleId: string | null;
  createdAt: Date;
}): QuestionnaireQuery {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    questionId: row.questionId,
    answerId: row.answerId,
    status: row.status as QueryStatus,
    queryText: row.queryText,
    ruleId: row.ruleId,
    createdTime: row.createdAt.toISOString(),
  };
}
