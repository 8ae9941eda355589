/**
 * Schema defaults without the schema (issue 16, the slow phone): what a zod object parse of valid
 * data adds (absent fields set to their `.default()`) and leaves out (fields the schema does not
 * name), written down as plain data so the participant's fill page can apply it without zod. Each
 * plan is checked against its schema by a test (`defaultsPlanOf`, defaults-plan-of.ts); nothing is
 * validated here beyond the shape the plan walks.
 */
import { hasOwn } from './has-own';

/** An object's fields (names, defaults) and the plans of fields holding objects or lists of them. */
export type DefaultsPlan = {
  /** Every field the schema names; others are left out, as a zod object parse does. */
  readonly keys?: readonly string[];
  /** Values of the fields that are absent (undefined), copied on each use as zod copies them. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Plans of present fields whose value is an object (or, with `each`, a list). */
  readonly fields?: Readonly<Record<string, DefaultsPlan>>;
  /** A list: the plan of each item. */
  readonly each?: DefaultsPlan;
};

/** A plain object (not null, not a list): what a zod object schema reads. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A default as zod returns it: plain values as they are, objects and lists shallow-copied. */
function copyOf(value: unknown): unknown {
  if (Array.isArray(value)) return [...value];
  if (typeof value === 'object' && value !== null) return { ...value };
  return value;
}

/**
 * The value as the plan's schema would parse it when valid: known fields only, absent ones set
 * to their defaults, recursively. A value of another shape (not an object, not a list) is returned
 * as it is.
 */
export function withDefaults(plan: DefaultsPlan, value: unknown): unknown {
  if (plan.each) {
    const each = plan.each;
    return Array.isArray(value) ? value.map((item) => withDefaults(each, item)) : value;
  }
  if (!isRecord(value)) return value;
  const source = value;
  const out: Record<string, unknown> = {};
  const keys = plan.keys ?? Object.keys(source);
  for (const key of keys) {
    const item = hasOwn(source, key) ? source[key] : undefined;
    if (item === undefined) {
      if (plan.defaults && hasOwn(plan.defaults, key)) out[key] = copyOf(plan.defaults[key]);
      else if (hasOwn(source, key)) out[key] = item;
      continue;
    }
    const inner = plan.fields && hasOwn(plan.fields, key) ? plan.fields[key] : undefined;
    out[key] = inner ? withDefaults(inner, item) : item;
  }
  return out;
}
