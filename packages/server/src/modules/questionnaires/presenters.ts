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
  const given: Record<string, unknown> = {
    ...row.value,
    id: row.id,
    question: row.questionId,
    verification: row.verifiedAt !== null,
    secondaryVerification: row.secondaryVerifiedAt !== null,
  };
  const answer: Record<string, unknown> = {};
  for (const key of ANSWER_KEYS) {
    const value = given[key] === undefined ? ANSWER_DEFAULTS[key] : given[key];
    if (value !== undefined) answer[key] = Array.isArray(value) ? listOf(key, value) : value;
  }
  return answer as Answer;
}

export function presentAnswer(row: AnswerRow): AnswerView {
  return {
    ...answerOfRow(row),
    id: row.id,
    verifiedTime: iso(row.verifiedAt),
    secondaryVerifiedTime: iso(row.secondaryVerifiedAt),
    updatedTime: row.updatedAt.toISOString(),
  };
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
