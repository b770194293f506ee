/**
 * Builds the OpenAPI 3.1 document from the operation table (pure: no I/O, so it can live in
 * src/shared). scripts/generate-openapi.ts writes it to resources/openapi.json.
 */
import { z } from 'zod';
import { apiErrorTable, errorCodesForOperation, findApiError } from './errors.ts';
import { operationIds, operations, type AnyOperation, type OperationId } from './operations.ts';
import { operationTags, pathParamNames } from './operations/operation-entry.ts';
import { apiErrorBodySchema, TRACE_ID_HEADER } from './schemas/error.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface OpenApiOptions {
  /** Document version (info.version), e.g. the package version. */
  version: string;
  /** SPDX identifier of the licence the document is published under, e.g. the package's. */
  license: string;
}

/**
 * The schema mark of secret fields (secret-mark.ts) as the extension `x-secret: true`: OpenAPI
 * allows only `x-` names beside its own keywords, and a consumer can mask what it marks.
 */
function markSecrets(ctx: { jsonSchema: Record<string, unknown> }): void {
  if (!('secret' in ctx.jsonSchema)) return;
  ctx.jsonSchema['x-secret'] = ctx.jsonSchema.secret;
  delete ctx.jsonSchema.secret;
}

function toJsonSchema(schema: z.ZodType): JsonObject {
  // io 'input': the document describes what goes over the wire, before transforms/defaults apply.
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    override: markSecrets,
  }) as JsonObject;
  delete json.$schema;
  return json;
}

function pascal(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1);
}

/** Deep copy with object keys sorted: a stable, diff-friendly document. */
function sortKeysDeep(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const out: JsonObject = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep(value[key]);
    return out;
  }
  return value;
}

const SECURITY_DESCRIPTION = [
  'Signature version 2 (HMAC-SHA256). Every request carries:',
  '`Authorization: HMAC-SHA256 <ACCESS_KEY_ID>:<SIGNATURE>`, `X-SFD-Date` (yyyyMMddTHHmmssZ, UTC, less than one hour',
  'from the gateway clock), `X-SFD-Nonce` (5 to 18 digits, used once) and `X-SFD-Signature-Version: 2`.',
  '',
  'CanonicalHeaders: `host:<Host>` then every `X-SFD-*` header as `<lowercase name>:<value>`, sorted by name, joined by LF.',
  'CanonicalStringToBeSigned: METHOD LF URI (absolute path) LF CanonicalHeaders LF ACCESS_KEY_ID LF body (empty for GET).',
  'SIGNATURE: lowercase hex of HMAC-SHA256(secret, CanonicalStringToBeSigned).',
  'A wrong signature is answered 401 `Signature.NotMatch`; other authentication failures use the `Auth.*` gateway codes.',
].join('\n');

function headerParameters(): JsonObject {
  return {
    XSfdDate: {
      name: 'X-SFD-Date',
      in: 'header',
      required: true,
      description: "Request time, yyyyMMdd'T'HHmmss'Z' (UTC); rejected when one hour or more from the gateway time.",
      schema: { type: 'string', pattern: '^\\d{8}T\\d{6}Z$' },
    },
    XSfdNonce: {
      name: 'X-SFD-Nonce',
      in: 'header',
      required: true,
      description: 'Random one-time number, 5 to 18 digits, against replay.',
      schema: { type: 'string', pattern: '^\\d{5,18}$' },
    },
    XSfdSignatureVersion: {
      name: 'X-SFD-Signature-Version',
      in: 'header',
      required: true,
      description: 'Signature scheme version; fixed 2.',
      schema: { type: 'string', const: '2' },
    },
    XSfdFZone: {
      name: 'X-SFD-FZone',
      in: 'header',
      required: false,
      description:
        'Custom signed header shown in the examples; allowed values not documented. Not sent by default; signed when sent.',
      schema: { type: 'string' },
    },
  };
}

function errorResponses(id: OperationId): JsonObject {
  const byStatus = new Map<number, string[]>();
  for (const code of errorCodesForOperation(id, 'all')) {
    const status = findApiError(code)?.status ?? 400;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: JsonObject = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status) ?? [];
    out[String(status)] = {
      description: codes.map((c) => `\`${c}\`: ${findApiError(c)?.meaning ?? ''}`).join('\n'),
      headers: { [TRACE_ID_HEADER]: { $ref: '#/components/headers/TraceId' } },
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ApiError' },
              { type: 'object', properties: { code: { type: 'string', enum: codes } } },
            ],
          },
        },
      },
    };
  }
  return out;
}

function pathParameters(op: AnyOperation): Json[] {
  const json = toJsonSchema(op.pathParams);
  const props = (json.properties ?? {}) as JsonObject;
  return pathParamNames(op.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    description: name === 'customer_id' ? 'Customer ID (positive integer).' : `${name} (positive integer).`,
    schema: props[name] ?? { type: 'integer', minimum: 1 },
  }));
}

function operationObject(id: OperationId, schemas: JsonObject): JsonObject {
  const op: AnyOperation = operations[id];
  const spec = errorCodesForOperation(id, 'spec');
  const gateway = errorCodesForOperation(id, 'gateway');
  const result: JsonObject = {
    operationId: id,
    summary: op.summary,
    description: `Spec operation ${op.specNumber}.${op.aliasPaths.length ? ` Also answered by the sandbox at ${op.aliasPaths.join(', ')} (see docs/api-decisions.md).` : ''}`,
    tags: [op.tag],
    parameters: [
      ...pathParameters(op),
      { $ref: '#/components/parameters/XSfdDate' },
      { $ref: '#/components/parameters/XSfdNonce' },
      { $ref: '#/components/parameters/XSfdSignatureVersion' },
      { $ref: '#/components/parameters/XSfdFZone' },
    ],
    'x-idempotent': op.idempotent,
    'x-error-codes': spec,
    'x-gateway-error-codes': gateway,
  };
  if (op.aliasPaths.length) result['x-alias-paths'] = [...op.aliasPaths];
  if (op.body) {
    const name = `${pascal(id)}Request`;
    schemas[name] = toJsonSchema(op.body);
    result.requestBody = {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
    };
  }
  const ok: JsonObject = {
    description: op.response ? 'Success.' : 'Success, no body.',
    headers: { [TRACE_ID_HEADER]: { $ref: '#/components/headers/TraceId' } },
  };
  if (op.response) {
    const name = `${pascal(id)}Response`;
    schemas[name] = toJsonSchema(op.response);
    ok.content = { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } };
  }
  result.responses = { '200': ok, ...errorResponses(id) };
  return result;
}

/** The whole OpenAPI 3.1 document, keys sorted. */
export function buildOpenApiDocument(options: OpenApiOptions): JsonObject {
  const schemas: JsonObject = {
    ApiError: {
      ...toJsonSchema(apiErrorBodySchema),
      description:
        'Failure body. `code` is one of the codes in x-error-codes / x-gateway-error-codes of the operation.',
    },
  };
  const paths: JsonObject = {};
  for (const id of operationIds) {
    const op: AnyOperation = operations[id];
    const item = (paths[op.path] ?? {}) as JsonObject;
    item[op.method.toLowerCase()] = operationObject(id, schemas);
    paths[op.path] = item;
  }
  const tags = [...new Set(operationIds.map((id) => operations[id].tag))].map((name) => ({
    name,
    description: operationTags[name],
  }));
  const doc: JsonObject = {
    openapi: '3.1.0',
    info: {
      title: 'Website Acceleration Management API',
      version: options.version,
      license: { name: options.license, identifier: options.license },
      description:
        'Generated from src/shared/api/operations.ts by `npm run openapi`; do not edit. ' +
        'The spec (website-acceleration-api.md) is the source; decisions where it is ambiguous are in docs/api-decisions.md.',
    },
    servers: [
      {
        url: '{base_url}',
        variables: { base_url: { default: 'https://api.example.com', description: 'API base address.' } },
      },
    ],
    security: [{ SignatureV2: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        SignatureV2: { type: 'apiKey', in: 'header', name: 'Authorization', description: SECURITY_DESCRIPTION },
      },
      parameters: headerParameters(),
      headers: {
        TraceId: { description: 'Trace identifier of the request.', schema: { type: 'string' } },
      },
      schemas,
    },
    'x-error-table': apiErrorTable.map((e) => ({
      code: e.code,
      status: e.status,
      meaning: e.meaning,
      source: e.source,
      operations: [...e.operations],
      ...(e.field === undefined ? {} : { field: e.field }),
    })),
  };
  return sortKeysDeep(doc) as JsonObject;
}
