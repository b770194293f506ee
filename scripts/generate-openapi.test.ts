import { readFileSync } from 'node:fs';
import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { apiSecretFields } from '#shared/api/api-secret-fields.ts';
import { operationIds, operations } from '#shared/api/operations.ts';
import { openApiPath, renderOpenApi } from './generate-openapi.ts';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        'x-error-codes': string[];
        responses: Record<
          string,
          { content?: Record<string, { schema: { allOf?: { properties?: { code: { enum: string[] } } }[] } }> }
        >;
      }
    >
  >;
  components: { securitySchemes: Record<string, { type: string; name: string; description: string }> };
};

const rendered = renderOpenApi();
const doc = JSON.parse(rendered) as Doc;

describe('resources/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('the validator really rejects a broken document', async () => {
    const broken = structuredClone(doc);
    broken.paths['/cdn/v1.0/service'].post.operationId = 'getCustomer';
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
  });

  it('is committed up to date', () => {
    const committed = readFileSync(openApiPath, 'utf8');
    expect(
      committed === rendered,
      'resources/openapi.json is out of date: run `npm run openapi` and commit the result',
    ).toBe(true);
  });

  it('is deterministic', () => {
    expect(renderOpenApi()).toBe(rendered);
  });

  it('has every operation with its method, path and error codes', () => {
    for (const id of operationIds) {
      const op = operations[id];
      const entry = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(entry?.operationId, id).toBe(id);
      expect(entry['x-error-codes'], id).toEqual([...op.errors]);
      const codes400 =
        entry.responses['400']?.content?.['application/json'].schema.allOf?.[1].properties?.code.enum ?? [];
      const codes401 =
        entry.responses['401']?.content?.['application/json'].schema.allOf?.[1].properties?.code.enum ?? [];
      expect(codes401, id).toContain('Signature.NotMatch');
      for (const code of op.errors)
        if (
          code !== 'Signature.NotMatch' &&
          code !== 'InvalidService.DomainName' &&
          code !== 'InvalidCustomer.ProvisionNotFound'
        )
          expect(codes400, `${id} ${code}`).toContain(code);
    }
    expect(doc.paths['/cdn/v1.0/service'].post.responses['409']).toBeDefined();
  });

  it('describes the signature security scheme', () => {
    const scheme = Object.values(doc.components.securitySchemes)[0];
    expect(scheme).toMatchObject({ type: 'apiKey', name: 'Authorization' });
    expect(scheme.description).toContain('HMAC-SHA256');
    expect(scheme.description).toContain('X-SFD-Nonce');
  });

  it('marks the secret fields with the extension x-secret, and only with it (OpenAPI allows x- names only)', () => {
    const marked = new Set<string>();
    const bare: string[] = [];
    const walk = (value: unknown, key: string, inSchema: boolean): void => {
      if (Array.isArray(value)) return value.forEach((item) => walk(item, key, inSchema));
      if (value === null || typeof value !== 'object') return;
      const object = value as Record<string, unknown>;
      if (inSchema && 'secret' in object) bare.push(key);
      if (object['x-secret'] === true) marked.add(key);
      for (const [child, inner] of Object.entries(object))
        walk(inner, child, inSchema || child === 'schema' || child === 'schemas');
    };
    walk(doc, '', false);
    expect(bare).toEqual([]);
    expect([...marked].sort()).toEqual([...apiSecretFields]);
    expect(apiSecretFields).toContain('tokenSecret');
  });

  it('describes every tag and names its licence (Redocly’s recommended rules, `npm run lint`)', () => {
    const full = JSON.parse(rendered) as {
      tags: { name: string; description?: string }[];
      info: { license?: { name: string; identifier: string } };
    };
    expect(full.tags.length).toBeGreaterThan(5);
    for (const tag of full.tags) expect(tag.description, tag.name).toMatch(/^[A-Z].*\.$/);
    expect(full.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });
});
