import { type FieldIssue, IdSchema } from '@trialbase/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';

// Issue 17 item 4: what every route refuses before its own schema runs. PostgreSQL refuses a
// NUL character (U+0000) in text and jsonb, so a NUL that reached a query was a 500; the edge
// answers 400 with the field's path instead, whatever the route and whoever calls.

const NUL = '\u0000';
/** Enough to show the caller where; a body full of NULs needs no list of every one. */
const MAX_ISSUES = 20;
/**
 * What the refusal says (issue 17 item 4): `context.reason` NUL_CHARACTER and, on each field, the
 * catalog key of its text, so the apps show it in the user's language (web `server-errors.json`,
 * `SERVER_ERRORS.REASON.NUL_CHARACTER`); the top-level message stays English for API clients.
 */
export const NUL_REASON = 'NUL_CHARACTER';
const NUL_MESSAGE = `SERVER_ERRORS.REASON.${NUL_REASON}`;

type Path = (string | number)[];

/** Every place in `value` (strings, object keys, array items) holding a NUL, by path below `base`. */
export function nulIssuesOf(value: unknown, base: Path): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const stack: { value: unknown; path: Path }[] = [{ value, path: base }];
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const item = stack.pop() as { value: unknown; path: Path };
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) issues.push({ path: item.path, message: NUL_MESSAGE });
    } else if (Array.isArray(item.value)) {
      for (const [index, entry] of item.value.entries())
        stack.push({ value: entry, path: [...item.path, index] });
    } else if (isPlainObject(item.value)) {
      for (const [key, entry] of Object.entries(item.value)) {
        if (key.includes(NUL)) issues.push({ path: [...item.path, key], message: NUL_MESSAGE });
        stack.push({ value: entry, path: [...item.path, key] });
      }
    }
  }
  return issues;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  // Parsed JSON, params, and query strings (whose prototype is a bare object); never binary
  // data or a stream, which are not text.
  return !ArrayBuffer.isView(value) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

function refuse(issues: FieldIssue[]): void {
  if (issues.length > 0) {
    throw new AppError(
      'VALIDATION',
      'The request contains a NUL character (U+0000), which is not accepted.',
      {
        context: { issues: issues.slice(0, MAX_ISSUES), reason: NUL_REASON },
      },
    );
  }
}

/**
 * Every route's first look at its input (registerRoutes): no U+0000 in any string of the path
 * parameters or the query. A preParsing hook, so it runs before the guard resolves the site of
 * an entity the URL names. Paths follow the schema errors' (`['params', 'studyId']`,
 * `['querystring', 'search']`).
 */
export async function refuseNulInUrl<P>(req: FastifyRequest, _reply: unknown, payload: P): Promise<P> {
  refuse([...nulIssuesOf(req.params, ['params']), ...nulIssuesOf(req.query, ['querystring'])]);
  return payload;
}

/** The same for the parsed body, before its schema runs (preValidation); body paths as they are. */
export async function refuseNulInBody(req: FastifyRequest): Promise<void> {
  refuse(nulIssuesOf(req.body, []));
}

/**
 * Path parameters that name a record by its id: 24 lowercase hex characters (DESIGN.md
 * database, platform/ids.ts `newId`). Form, data event, question and image ids, link tokens
 * and codes have shapes of their own and are not listed.
 */
export const RECORD_ID_PARAMS: ReadonlySet<string> = new Set([
  'id',
  'studyId',
  'siteId',
  'userId',
  'accessId',
  'notificationId',
  'processId',
  'pathwayId',
  'enrollmentId',
  'subjectId',
  'patientId',
  'tokenId',
  'questionnaireId',
  'answerId',
  'answerFileId',
  'bookingId',
  'validationRuleId',
  'showRuleId',
]);

/** 24 letters that are no hex digits: a schema that refuses them already checks a shape. */
const NOT_AN_ID = 'z'.repeat(24);

type ObjectSchema = z.ZodType & { shape: Record<string, z.ZodType>; extend: (shape: object) => z.ZodType };

/**
 * The endpoint's path parameter schema with every record id held to its exact shape: a loose
 * `z.string().max(64)` becomes `IdSchema`, so a malformed id is a 400 at the edge, not a lookup.
 */
export function withExactIds(params: z.ZodType): z.ZodType {
  if (!('shape' in params) || typeof (params as ObjectSchema).extend !== 'function') return params;
  const object = params as ObjectSchema;
  const exact: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(object.shape)) {
    if (RECORD_ID_PARAMS.has(name) && schema.safeParse(NOT_AN_ID).success) exact[name] = IdSchema;
  }
  return Object.keys(exact).length > 0 ? object.extend(exact) : params;
}
