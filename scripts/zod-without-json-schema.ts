// A Vite plugin for the renderer build: zod's classic schemas without their JSON Schema conversion.
// Every zod schema carries `toJSONSchema()`, `~standard.jsonSchema` and a per-type converter, which
// keeps zod's JSON Schema code (about 35 KB before minification) in whatever bundle uses zod. The
// renderer never converts a schema (the OpenAPI document is made in Node, src/shared/api/openapi.ts),
// so there the converters go and the two methods throw. Parsing is untouched.
// When zod's source no longer has the shape this edits, the build fails instead of silently
// keeping the code (docs/performance.md, "Start-up JavaScript").
import type { Plugin } from 'vite';

/** zod's classic schemas module, the one place the converters are attached. */
const ZOD_CLASSIC_SCHEMAS = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;

const METHODS_IMPORT =
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
const METHODS_STUB = [
  'const noJsonSchema = () => () => { throw new Error("zod: JSON Schema conversion is not part of this build"); };',
  'const createStandardJSONSchemaMethod = noJsonSchema;',
  'const createToJSONSchemaMethod = noJsonSchema;',
].join('\n');
/** `inst._zod.processJSONSchema = (ctx, json, params) => processors.stringProcessor(inst, ctx, json, params);` */
const CONVERTER_HOOK =
  /^[ \t]*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);[ \t]*\r?\n/gm;

/** The module's code without the converters; throws when zod's code does not look as expected. */
export function stripJsonSchema(code: string): string {
  if (!code.includes(METHODS_IMPORT))
    throw new Error('zod-without-json-schema: the import of the JSON Schema methods was not found (zod changed?)');
  const hooks = code.match(CONVERTER_HOOK)?.length ?? 0;
  if (hooks === 0) throw new Error('zod-without-json-schema: no JSON Schema converter found (zod changed?)');
  const stripped = code.replace(METHODS_IMPORT, METHODS_STUB).replace(CONVERTER_HOOK, '');
  // Left: the checks' summary (`aggregateChecks`) behind getters such as `minLength`, which is small.
  if (/\bprocessors\.(?!aggregateChecks\b|js")\w+/.test(stripped))
    throw new Error('zod-without-json-schema: a JSON Schema converter is still referenced (zod changed?)');
  return stripped;
}

export function zodWithoutJsonSchema(): Plugin {
  let stripped = false;
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    transform: {
      filter: { id: ZOD_CLASSIC_SCHEMAS },
      handler(code) {
        stripped = true;
        return { code: stripJsonSchema(code), map: null };
      },
    },
    // A build without the module (zod moved it) would quietly keep the JSON Schema code.
    buildEnd(error) {
      if (!error && !stripped)
        this.error('zod-without-json-schema: zod/v4/classic/schemas.js was not in the build (zod changed?)');
    },
  };
}
