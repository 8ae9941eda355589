import { ID_PATTERN, LINK_TOKEN_PATTERN } from '@trialbase/domain';
import fc from 'fast-check';
import { z } from 'zod';

// Issue 17 item 6(b): request inputs drawn from a route's own zod schemas. The zod schema is
// turned into its JSON Schema (what the OpenAPI description shows) and that into a fast-check
// arbitrary: mostly inputs the schema accepts, with some hostile strings (NUL, long text,
// other scripts) and ids of existing records mixed in, so the route's own rules are exercised.

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type ArbitraryOptions = {
  /** Ids of records that exist, offered where a schema wants a 24-hex id (a found record). */
  ids: readonly string[];
  /** Depth limit for recursive or deeply nested schemas. */
  maxDepth?: number;
};

/** Strings a careless route would choke on: NUL, control characters, long text, other scripts. */
const HOSTILE_STRINGS = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  "'; drop table subject; --",
  '%00',
  '\uD800',
  'x'.repeat(5000),
  '٠١٢ مرحبا',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  ' ',
  '',
  '../../etc/passwd',
  '2024-02-30',
  '-1',
  '1e309',
);

/** The JSON Schema of a zod schema, as the request's input (before transforms). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** An arbitrary of values for `schema`, mostly valid, sometimes hostile (see the file comment). */
export function arbitraryOf(schema: JsonSchema, options: ArbitraryOptions, depth = 0): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, options, depth);
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: HOSTILE_STRINGS },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.boolean(), fc.constant([]), fc.constant({})),
    },
  );
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<string> {
  if (schema.pattern === ID_PATTERN.source) {
    return fc.oneof(
      {
        weight: 3,
        arbitrary: options.ids.length > 0 ? fc.constantFrom(...options.ids) : fc.constant('f'.repeat(24)),
      },
      { weight: 1, arbitrary: fc.stringMatching(ID_PATTERN) },
    );
  }
  if (schema.pattern === LINK_TOKEN_PATTERN.source) return fc.stringMatching(LINK_TOKEN_PATTERN);
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      return fc.string();
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc
        .date({ min: new Date(2000, 0, 1), max: new Date(2040, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date(2000, 0, 1), max: new Date(2040, 0, 1), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl();
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 200));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    options.ids.length > 0 && minLength <= 24 && maxLength >= 24
      ? fc.constantFrom(...options.ids)
      : fc.string({ minLength, maxLength }),
  );
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const low = Math.max(min, -1e12);
  const high = Math.min(max, 1e12);
  if (integer) return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
  return fc.double({ min: low, max: Math.max(low, high), noNaN: true, noDefaultInfinity: true });
}

/** Values the schema describes (no hostile mix-ins): the base of the cross-id sweep's bodies. */
export function validArbitrary(
  schema: JsonSchema,
  options: ArbitraryOptions,
  depth = 0,
): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 6;
  if (depth > maxDepth) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alt) => validArbitrary(alt, options, depth + 1)));
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return validArbitrary(Object.assign({}, ...schema.allOf), options, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, options, depth)));
  }
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, options);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) {
        return fc.tuple(...schema.prefixItems.map((item) => validArbitrary(item, options, depth + 1)));
      }
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 6));
      return fc.array(validArbitrary(schema.items ?? {}, options, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(schema, options, depth);
    default:
      if (schema.properties) return objectArbitrary(schema, options, depth);
      // Anything (z.unknown(), z.any()): a small JSON value.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(
  schema: JsonSchema,
  options: ArbitraryOptions,
  depth: number,
): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    shape[name] = validArbitrary(property, options, depth + 1);
  }
  const known = fc.record(shape, { requiredKeys: [...required].filter((key) => key in shape) });
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    const values =
      typeof schema.additionalProperties === 'object'
        ? validArbitrary(schema.additionalProperties, options, depth + 1)
        : fc.jsonValue({ maxDepth: 1 });
    return fc.dictionary(fc.string({ maxLength: 12 }), values, { maxKeys: 4 });
  }
  return known;
}
