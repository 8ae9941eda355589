/**
 * The defaults plan of a zod schema (common/defaults-plan.ts), read from the schema. Tests compare
 * each plan written in the code with the plan of its schema, so the two cannot drift apart.
 */
import type { z } from 'zod';
import type { DefaultsPlan } from './defaults-plan';

type Schema = z.core.$ZodType;

/** True when the plan changes nothing: no keys to keep, no defaults, no inner plans. */
function isEmpty(plan: DefaultsPlan): boolean {
  return !plan.keys && !plan.defaults && !plan.fields && !plan.each;
}

/** Issue 16: the plan of an object or list schema (optional, nullable and default wrappers read through). */
export function defaultsPlanOf(schema: Schema): DefaultsPlan {
  const def = schema._zod.def;
  switch (def.type) {
    case 'default':
    case 'optional':
    case 'nullable':
      return defaultsPlanOf((def as z.core.$ZodOptionalDef).innerType);
    case 'array': {
      const each = defaultsPlanOf((def as z.core.$ZodArrayDef).element);
      return isEmpty(each) ? {} : { each };
    }
    case 'object': {
      const shape = (def as z.core.$ZodObjectDef).shape;
      const defaults: Record<string, unknown> = {};
      const fields: Record<string, DefaultsPlan> = {};
      for (const [key, field] of Object.entries(shape)) {
        const fieldDef = field._zod.def;
        if (fieldDef.type === 'default') defaults[key] = (fieldDef as z.core.$ZodDefaultDef).defaultValue;
        const inner = defaultsPlanOf(field);
        if (!isEmpty(inner)) fields[key] = inner;
      }
      return {
        keys: Object.keys(shape),
        ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
        ...(Object.keys(fields).length > 0 ? { fields } : {}),
      };
    }
    default:
      return {};
  }
}
