// Document schema and the stable serializer: round trip, byte-stable output, clear rejections.
import { describe, expect, it } from 'vitest';
import {
  CONFIG_DOCUMENT_FORMAT,
  CONFIG_DOCUMENT_SCHEMA_VERSION,
  configDocumentSchema,
  describeDocumentIssue,
  type ConfigDocument,
} from './schema.ts';
import { serializeConfigDocument } from './serialize.ts';
import { serviceConfig, sameConfigElsewhere } from './test-support/service-config.ts';

function documentOf(...services: ConfigDocument['services']): ConfigDocument {
  return {
    format: CONFIG_DOCUMENT_FORMAT,
    schemaVersion: CONFIG_DOCUMENT_SCHEMA_VERSION,
    exportedAt: '2026-11-23T20:00:00.000Z',
    secrets: 'left-out',
    services,
  };
}

/** The same object with every key order reversed (what a different API answer order gives). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

describe('configuration document', () => {
  it('round-trips: serialize → parse → serialize gives the same text, and unknown API fields survive', () => {
    const config = serviceConfig();
    (config.cacheControlPolicies[0] as Record<string, unknown>).futureField = 'kept';
    const text = serializeConfigDocument(documentOf(config));
    const parsed = configDocumentSchema.parse(JSON.parse(text));
    expect(parsed.services[0]?.cacheControlPolicies[0]).toMatchObject({
      policyName: 'Static assets',
      futureField: 'kept',
    });
    expect(serializeConfigDocument(parsed)).toBe(text);
  });

  it('writes the same bytes whatever the key order, list order or service order of the answers', () => {
    const a = serviceConfig();
    const b = sameConfigElsewhere(a);
    a.cacheControlPolicies.push({ ...a.cacheControlPolicies[0]!, policyId: 12, policyName: 'Default' });
    const shuffled = structuredClone(a);
    shuffled.cacheControlPolicies.reverse();
    const one = serializeConfigDocument(documentOf(a, b));
    const two = serializeConfigDocument(reversedKeys(documentOf(b, shuffled)) as ConfigDocument);
    expect(two).toBe(one);
    // Services by domain, policies by name.
    const parsed = JSON.parse(one) as ConfigDocument;
    expect(parsed.services.map((s) => s.service.domainName)).toEqual(['www.example.com', 'www.globex.example']);
    expect(parsed.services[0]?.cacheControlPolicies.map((p) => p.policyName)).toEqual(['Default', 'Static assets']);
  });

  it('puts one field per line with the document header first and known fields in the spec order', () => {
    const text = serializeConfigDocument(documentOf(serviceConfig()));
    const lines = text.split('\n');
    expect(lines.slice(1, 5).map((l) => l.trim().split('"')[1])).toEqual([
      'format',
      'schemaVersion',
      'exportedAt',
      'secrets',
    ]);
    // No line holds two fields: every `"key": value` stands alone.
    for (const line of lines) expect((line.match(/"[^"]+":/g) ?? []).length).toBeLessThanOrEqual(1);
    expect(text.indexOf('"policyName"')).toBeLessThan(text.indexOf('"priority"'));
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('rejects a document of a newer schema version, or not a document at all, saying what to do', () => {
    const newer = { ...JSON.parse(serializeConfigDocument(documentOf(serviceConfig()))), schemaVersion: 2 };
    const result = configDocumentSchema.safeParse(newer);
    expect(result.success).toBe(false);
    if (!result.success)
      expect(describeDocumentIssue(result.error)).toMatch(/schema version 2.*newer version.*Update the app/);
    const other = configDocumentSchema.safeParse({ format: 'something-else' });
    expect(other.success).toBe(false);
    if (!other.success) expect(describeDocumentIssue(other.error)).toMatch(/not a configuration document/);
    const broken = configDocumentSchema.safeParse({
      ...newer,
      schemaVersion: 1,
      services: [{ ...serviceConfig(), service: { id: 1 } }],
    });
    expect(broken.success).toBe(false);
    if (!broken.success) expect(describeDocumentIssue(broken.error)).toMatch(/^services\.0\.service\.domainName: /);
  });
});
