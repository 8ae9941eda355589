/**
 * The form a participant's fill page receives (spec 002 §7 getProcess; issue 16 item 5: what the
 * participant needs, not the whole stored document). A 300-question form document is ~210 KiB of
 * JSON, most of it settings at their default value (`"canSkip":false`, `"tableRow":[]`, …) and
 * settings only staff use. On the wire both are left out; the page's parse fills the defaults in
 * again, so the fill page works on the same FormTemplateDocument type as before.
 */
import { z } from 'zod';
import { FORM_TYPES, QUESTION_TYPES } from '../forms/model';
import { type FormTemplateDocumentInput, FormTemplateDocumentSchema } from '../forms/schemas';

/**
 * Settings that only staff screens read (export labels, authoring and AE workflow flags, the
 * published and in-use markers). Not sent to participants; on their side they read as defaults.
 */
const STAFF_ONLY_FORM_FIELDS = [
  'exportLabel',
  'labelUnique',
  'aeFormTemplate',
  'sponsorInvolvement',
  'published',
  'fullyEditable',
  'isUsedInProcess',
  'isDefaultAeForm',
] as const;
const STAFF_ONLY_QUESTION_FIELDS = [
  'exportLabel',
  'mandatoryWhen',
  'fixedPossibilities',
  'notEditable',
  'usedByStratification',
  'fullyEditable',
] as const;

type Schema = z.core.$ZodType;

const isPlain = (v: unknown) =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * The test "equals this default" of a field, as `JSON.stringify(value) === JSON.stringify(default)`
 * reads it, with the default serialised once and the common cases (a different plain value, an
 * empty list) answered without serialising the value.
 */
function sameAs(defaultValue: unknown): (value: unknown) => boolean {
  const json = JSON.stringify(defaultValue);
  const isEmptyList = Array.isArray(defaultValue) && defaultValue.length === 0;
  return (value) => {
    if (value === defaultValue) return true;
    // Two different strings or booleans, or finite numbers, never serialise alike (documents are JSON).
    if (isPlain(value) || isPlain(defaultValue)) return false;
    if (isEmptyList && Array.isArray(value)) return value.length === 0;
    return JSON.stringify(value) === json;
  };
}

/** Leaves out a value's defaults under one schema (see `withoutDefaults`). */
type Stripper = (value: unknown) => unknown;

/** An object field: how its value is stripped, and its default when it has one (read once). */
type FieldPlan = { strip: Stripper; isDefault: ((value: unknown) => boolean) | null };

/**
 * Issue 16 item 3: a 300-question getProcess walked the schema for every value it stripped (and
 * zod's `defaultValue` getter copies object defaults on each read); the walk is now planned once
 * per schema, its defaults read once.
 */
const strippers = new WeakMap<Schema, Stripper>();

const keepAsIs: Stripper = (value) => value;

function stripperOf(schema: Schema): Stripper {
  const known = strippers.get(schema);
  if (known) return known;
  // Placeholder for recursive schemas while this one is planned.
  let planned: Stripper = keepAsIs;
  const lazy: Stripper = (value) => planned(value);
  strippers.set(schema, lazy);
  planned = planStripper(schema);
  strippers.set(schema, planned);
  return planned;
}

function planStripper(schema: Schema): Stripper {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
      return stripperOf((def as z.core.$ZodOptionalDef).innerType);
    case 'array': {
      const element = stripperOf((def as z.core.$ZodArrayDef).element);
      return (value) => (Array.isArray(value) ? value.map((item) => element(item)) : value);
    }
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const fields = new Map<string, FieldPlan>();
      for (const [key, field] of Object.entries(shape)) {
        const fieldDef = field._zod.def;
        fields.set(key, {
          strip: stripperOf(field),
          isDefault:
            fieldDef.type === 'default' ? sameAs((fieldDef as z.core.$ZodDefaultDef).defaultValue) : null,
        });
      }
      return (value) => {
        if (typeof value !== 'object' || value === null) return value;
        const out: Record<string, unknown> = {};
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          const item = (value as Record<string, unknown>)[key];
          if (item === undefined) continue;
          const field = fields.get(key);
          if (field === undefined) {
            out[key] = item;
            continue;
          }
          if (field.isDefault?.(item)) continue;
          out[key] = field.strip(item);
        }
        return out;
      };
    }
    default:
      return keepAsIs;
  }
}

/** The value with every object field that equals its schema default left out, recursively. */
function withoutDefaults(schema: Schema, value: unknown): unknown {
  return stripperOf(schema)(value);
}

function omit(value: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...value };
  for (const key of keys) delete out[key];
  return out;
}

/**
 * Issue 16 item 5: a form document as a participant receives it: staff-only settings and every
 * setting at its default value left out. `ParticipantFormSchema` parses it back into the document.
 */
export function toParticipantForm(form: FormTemplateDocumentInput): ParticipantFormWire {
  const trimmed = {
    ...omit(form, STAFF_ONLY_FORM_FIELDS),
    questions: (form.questions ?? []).map((question) => omit(question, STAFF_ONLY_QUESTION_FIELDS)),
  };
  return withoutDefaults(FormTemplateDocumentSchema, trimmed) as ParticipantFormWire;
}

/**
 * The form on the wire: its id, type and questions named, every other setting optional (checked
 * in full by FormTemplateDocumentSchema when the page parses it).
 */
export const ParticipantFormWireSchema = z.looseObject({
  id: z.string(),
  type: z.enum(FORM_TYPES),
  questions: z
    .array(z.looseObject({ id: z.string(), type: z.enum(QUESTION_TYPES), order: z.number().int() }))
    .optional(),
});
export type ParticipantFormWire = z.infer<typeof ParticipantFormWireSchema>;

/**
 * Spec 002 §7 getProcess form: encoded (server) with `toParticipantForm`, decoded (fill page)
 * into the full FormTemplateDocument with its defaults.
 */
export const ParticipantFormSchema = z.codec(ParticipantFormWireSchema, FormTemplateDocumentSchema, {
  decode: (wire) => wire as z.input<typeof FormTemplateDocumentSchema>,
  encode: (form) => toParticipantForm(form),
});
