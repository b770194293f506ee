// The one mark for secret fields: a zod schema carrying `.meta({ secret: true })`. Which field
// names are secret is read from the schemas (secret-fields.ts), never listed by hand.
import { z } from 'zod';

type SecretMeta = { secret?: unknown };

/** Marks a schema as holding a secret (S3 accessSecret, tokenSecret, an access key secret). */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true }) as T;
}

function isMarked(schema: z.core.$ZodType): boolean {
  const meta = z.globalRegistry.get(schema) as SecretMeta | undefined;
  return meta?.secret === true;
}

// Wrappers that keep a field's value a secret: `secret(x).optional()`, `.default()`, a refine
// or transform pipe around a marked schema.
function wrappedSchemas(schema: z.core.$ZodType): z.core.$ZodType[] {
  switch (schema._zod.def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return [(schema as z.core.$ZodOptional)._zod.def.innerType];
    case 'pipe': {
      const { in: input, out } = (schema as z.core.$ZodPipe)._zod.def;
      return [input, out];
    }
    default:
      return [];
  }
}

/** Whether the schema, or a schema it wraps, carries the secret mark. */
export function isSecretSchema(schema: z.core.$ZodType): boolean {
  return isMarked(schema) || wrappedSchemas(schema).some(isSecretSchema);
}

// Schemas a value of this schema may contain (object fields are handled by the caller).
function childSchemas(schema: z.core.$ZodType): readonly z.core.$ZodType[] {
  switch (schema._zod.def.type) {
    case 'array':
      return [(schema as z.core.$ZodArray)._zod.def.element];
    case 'union':
      return (schema as z.core.$ZodUnion)._zod.def.options;
    case 'intersection': {
      const { left, right } = (schema as z.core.$ZodIntersection)._zod.def;
      return [left, right];
    }
    case 'record':
      return [(schema as z.core.$ZodRecord)._zod.def.valueType];
    case 'tuple':
      return (schema as z.core.$ZodTuple)._zod.def.items;
    default:
      return wrappedSchemas(schema);
  }
}

/** Names of every object field, at any depth, whose schema carries the secret mark. */
export function secretFieldNamesIn(schemas: Iterable<z.core.$ZodType | null | undefined>): Set<string> {
  const names = new Set<string>();
  const seen = new Set<z.core.$ZodType>();
  const walk = (schema: z.core.$ZodType): void => {
    if (seen.has(schema)) return;
    seen.add(schema);
    if (schema._zod.def.type === 'object') {
      for (const [name, field] of Object.entries((schema as z.core.$ZodObject)._zod.def.shape)) {
        if (isSecretSchema(field)) names.add(name);
        walk(field);
      }
      return;
    }
    for (const child of childSchemas(schema)) walk(child);
  };
  for (const schema of schemas) if (schema) walk(schema);
  return names;
}
