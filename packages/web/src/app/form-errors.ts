import { schemaResolver } from '@mantine/form';
import type { ErrorBody, FieldIssue } from '@trialbase/domain';
import i18next from 'i18next';

/**
 * The one way a failed call reaches a form (issue 14 item 7), for the staff and the participant
 * app alike: field issues go onto the form's fields by path, the rest becomes one form-level
 * message, and every text comes from the catalogs, chosen by the error's id, type and status.
 * The server's own English text (`body.message`, a plain-text issue message) is never shown.
 */

/** What the helper reads of a failed call: the staff `HttpError` and the participant `PublicHttpError` both fit. */
export type ServerFailure = { status: number; body: ErrorBody | null };

type Params = Record<string, unknown>;

/** Looks a key up in the catalogs; null when they have no message for it (the next fallback applies). */
export type Lookup = (key: string, params?: Params) => string | null;

const translate = i18next.t as unknown as (key: string, params?: Params) => string;

/** The catalogs loaded into i18next (both apps share the one instance). */
export const catalogLookup: Lookup = (key, params) =>
  key && i18next.exists(key) ? translate(key, params) : null;

export type MessageOptions = {
  /**
   * The area's own messages, as catalog keys, by error id, `context.reason`, type or HTTP status
   * (`'403'`); they are tried before the shared catalog's.
   */
  messages?: Partial<Record<string, string>>;
  /** Root of the shared catalog of error messages (`SERVER_ERRORS`). */
  catalog?: string;
  /** The area's last resort (a catalog key), in place of the catalog's generic message. */
  fallback?: string;
  lookup?: Lookup;
};

export type ServerErrorOptions = MessageOptions & {
  /**
   * Server path (dot-joined, without a leading `body`) → form path; a prefix maps everything under
   * it (`{ settings: 'config' }` sends `settings.name` to `config.name`). Null sends it to the
   * form-level message.
   */
  fieldMap?: Record<string, string | null>;
  /** An error id without field issues that belongs on one field (`{ DUPLICATE_NAME: 'email' }`). */
  idFields?: Partial<Record<string, string>>;
  /** The form's fields, for a form whose values cannot be read (otherwise the values decide). */
  fields?: readonly string[];
  /** The area's text for a field whose issue carries no catalog key. */
  fieldMessage?: (formPath: string) => string | null;
};

/** What a form needs to offer: Mantine's `useForm` result fits; a hand-made form passes an adapter. */
export type ErrorForm = {
  setErrors: (errors: Record<string, string>) => void;
  getValues?: () => unknown;
};

export type ServerErrorResult = {
  /** True when at least one message went onto a field. */
  mapped: boolean;
  /** The text for the form as a whole (issues without a field, or the error itself); null when none. */
  message: string | null;
};

const DEFAULT_CATALOG = 'SERVER_ERRORS';

function asFailure(error: unknown): ServerFailure | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, body } = error as { status?: unknown; body?: unknown };
  if (typeof status !== 'number') return null;
  return { status, body: typeof body === 'object' && body !== null ? (body as ErrorBody) : null };
}

function statusKey(status: number): string | null {
  if (status <= 0) return 'NETWORK';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER';
  return null;
}

/** Plain values of the error's context, for interpolation (`{{subjectCount}}`). */
function contextParams(body: ErrorBody | null): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(body?.context ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') params[key] = value;
  }
  return params;
}

function idMessage(failure: ServerFailure | null, options: MessageOptions): string | null {
  const id = failure?.body?.id;
  if (!id) return null;
  const lookup = options.lookup ?? catalogLookup;
  const params = contextParams(failure.body);
  const area = options.messages?.[id];
  return (
    (area ? lookup(area, params) : null) ?? lookup(`${options.catalog ?? DEFAULT_CATALOG}.ID.${id}`, params)
  );
}

/**
 * The message for a failed call, never the server's text: the area's `messages` by error id, the
 * context's `reason`, type or HTTP status, then the shared catalog's by id, reason, type or status,
 * then the area's fallback or the catalog's generic one.
 */
export function serverErrorMessage(error: unknown, options: MessageOptions = {}): string {
  const lookup = options.lookup ?? catalogLookup;
  const catalog = options.catalog ?? DEFAULT_CATALOG;
  const failure = asFailure(error);
  const params = contextParams(failure?.body ?? null);
  const area = (key: string | null | undefined) => {
    const areaKey = key ? options.messages?.[key] : undefined;
    return areaKey ? lookup(areaKey, params) : null;
  };
  const type = failure?.body?.type;
  // Not an HTTP failure: an answer that did not match its schema, a bug; not the user's doing.
  const status = failure ? statusKey(failure.status) : 'SERVER';
  const reason = failure?.body?.context?.reason;
  const reasonKey = typeof reason === 'string' && reason ? reason : null;
  return (
    area(failure?.body?.id) ??
    area(reasonKey) ??
    area(type) ??
    area(failure ? String(failure.status) : null) ??
    idMessage(failure, options) ??
    (reasonKey ? lookup(`${catalog}.REASON.${reasonKey}`, params) : null) ??
    (type ? lookup(`${catalog}.TYPE.${type}`, params) : null) ??
    (status ? lookup(`${catalog}.STATUS.${status}`, params) : null) ??
    (options.fallback ? lookup(options.fallback, params) : null) ??
    lookup(`${catalog}.GENERIC`) ??
    ''
  );
}

/** The field issues a failed call carries (VALIDATION, EXTENDED_VALIDATION, CONFLICT, …). */
export function serverIssues(error: unknown): FieldIssue[] {
  const issues = asFailure(error)?.body?.context?.issues;
  return Array.isArray(issues) ? issues : [];
}

function mapPath(dotted: string, fieldMap: ServerErrorOptions['fieldMap']): string | null {
  if (!fieldMap) return dotted;
  const prefixes = Object.keys(fieldMap).sort((a, b) => b.length - a.length);
  for (const from of prefixes) {
    if (dotted !== from && !dotted.startsWith(`${from}.`)) continue;
    const to = fieldMap[from];
    return to === null || to === undefined ? null : `${to}${dotted.slice(from.length)}`;
  }
  return dotted;
}

/**
 * The form field a path lands on: the whole path when the form has it; a deeper path under a
 * field that holds a plain value (`password.length`), or a missing item of a list (`tags.5`), sits
 * on that field; otherwise none.
 */
function resolveIn(values: unknown, segments: readonly string[]): string | null {
  let current = values;
  const found: string[] = [];
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !(segment in current)) break;
    current = (current as Record<string, unknown>)[segment];
    found.push(segment);
  }
  if (found.length === 0) return null;
  if (found.length === segments.length) return found.join('.');
  const rest = segments.length - found.length;
  const isLeaf = typeof current !== 'object' || current === null || (Array.isArray(current) && rest === 1);
  return isLeaf ? found.join('.') : null;
}

function resolveInFields(fields: readonly string[], path: string): string | null {
  let best: string | null = null;
  for (const field of fields) {
    if ((path === field || path.startsWith(`${field}.`)) && field.length > (best?.length ?? -1)) best = field;
  }
  return best;
}

/** The form path a server issue path lands on, or null for the form-level message. */
export function formPathOf(
  path: readonly PropertyKey[],
  form: Pick<ErrorForm, 'getValues'>,
  options: Pick<ServerErrorOptions, 'fieldMap' | 'fields'> = {},
): string | null {
  const segments = path.map(String);
  if (segments[0] === 'body' && segments.length > 1) segments.shift();
  const mapped = mapPath(segments.join('.'), options.fieldMap);
  if (!mapped) return null;
  if (options.fields) return resolveInFields(options.fields, mapped);
  return form.getValues ? resolveIn(form.getValues(), mapped.split('.')) : null;
}

function fieldText(
  message: string,
  params: Params | undefined,
  formPath: string,
  failure: ServerFailure | null,
  options: ServerErrorOptions,
): string {
  const lookup = options.lookup ?? catalogLookup;
  return (
    lookup(message, params) ??
    idMessage(failure, options) ??
    options.fieldMessage?.(formPath) ??
    lookup(`${options.catalog ?? DEFAULT_CATALOG}.INVALID_FIELD`) ??
    ''
  );
}

/**
 * Puts a failed call's field issues onto the form (`questions.3.minLength`, `address.city`),
 * replacing the form's errors, and returns whether any landed on a field, with the form-level
 * message for the rest (null when every issue found its field).
 */
export function applyServerErrors(
  form: ErrorForm,
  error: unknown,
  options: ServerErrorOptions = {},
): ServerErrorResult {
  const failure = asFailure(error);
  const issues = serverIssues(error);
  const id = failure?.body?.id;
  const idField = id ? options.idFields?.[id] : undefined;
  if (!issues.length && idField) {
    form.setErrors({ [idField]: serverErrorMessage(error, options) });
    return { mapped: true, message: null };
  }
  if (!issues.length) return { mapped: false, message: serverErrorMessage(error, options) };
  const lookup = options.lookup ?? catalogLookup;
  const errors: Record<string, string> = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const target = formPathOf(issue.path, form, options);
    if (target) {
      errors[target] ??= fieldText(issue.message, issue.params, target, failure, options);
      continue;
    }
    const text = lookup(issue.message, issue.params) ?? serverErrorMessage(error, options);
    if (!rest.includes(text)) rest.push(text);
  }
  form.setErrors(errors);
  return { mapped: Object.keys(errors).length > 0, message: rest.length ? rest.join(' ') : null };
}

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * Form validation through a domain schema (CONVENTIONS.md web: the same rules as the server), with
 * Mantine's own Standard Schema resolver; the schema's issues are mapped and translated as the
 * server's are. `toBody` turns the form's values into the request the schema checks.
 */
export function domainResolver<Values>(
  schema: Schema,
  options: ServerErrorOptions & { toBody?: (values: Values) => unknown } = {},
): (values: Values) => Record<string, string> {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const found = resolve(options.toBody ? options.toBody(values) : values);
    const form = { getValues: () => values };
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(found)) {
      const target = formPathOf(path.split('.'), form, options);
      if (!target) continue;
      errors[target] ??= fieldText(String(message), undefined, target, null, options);
    }
    return errors;
  };
}
