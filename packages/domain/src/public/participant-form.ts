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

function isSameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The value with every object field that equals its schema default left out, recursively. */
function withoutDefaults(schema: Schema, value: unknown): unknown {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
      return withoutDefaults((def as z.core.$ZodOptionalDef).innerType, value);
    case 'array':
      return Array.isArray(value)
        ? value.map((item) => withoutDefaults((def as z.core.$ZodArrayDef).element, item))
        : value;
    case 'object': {
      if (typeof value !== 'object' || value === null) return value;
      const shape = (def as z.core.$ZodObjectDef).shape;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const field = shape[key];
        if (item === undefined) continue;
        const fieldDef = field?._zod.def;
        if (
          fieldDef?.type === 'default' &&
          isSameValue(item, (fieldDef as z.core.$ZodDefaultDef).defaultValue)
        )
          continue;
        out[key] = field ? withoutDefaults(field, item) : item;
      }
      return out;
    }
    default:
      return value;
  }
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
