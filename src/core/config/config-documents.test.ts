// Reading documents (config-document-text.ts): clear errors for a file that is not JSON or not a document, choosing one
// service of several, and secrets left out wherever they sit.
import { describe, expect, it } from 'vitest';
import { leaveOutSecrets, pickService, readDocument } from './config-document-text.ts';
import { CONFIG_DOCUMENT_FORMAT, SECRET_LEFT_OUT, type ConfigDocument } from '#shared/config-document/schema.ts';
import { serializeConfigDocument } from '#shared/config-document/serialize.ts';
import { sameConfigElsewhere, serviceConfig, TOKEN } from '#shared/config-document/test-support/service-config.ts';

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected a rejection');
}

const two: ConfigDocument = {
  format: CONFIG_DOCUMENT_FORMAT,
  schemaVersion: 1,
  exportedAt: '2026-11-23T20:00:00.000Z',
  secrets: 'left-out',
  services: [serviceConfig(), sameConfigElsewhere(serviceConfig())],
};

describe('reading configuration documents', () => {
  it('names the problem of a file that is not JSON or not a valid document', async () => {
    const notJson = await rejection(readDocument('{"format": '));
    expect(notJson).toMatchObject({ code: 'Config.InvalidDocument' });
    expect(notJson.message).toMatch(/^The document is not JSON .*Choose a file exported by this app/);
    const broken = JSON.parse(serializeConfigDocument(two)) as ConfigDocument;
    (broken.services[1]!.cacheControlPolicies[0] as Record<string, unknown>).policyId = 'eleven';
    const invalid = await rejection(readDocument(JSON.stringify(broken)));
    expect(invalid.message).toMatch(
      /^The configuration document is not valid — services\.1\.cacheControlPolicies\.0\.policyId: /,
    );
  });

  it('picks a service by domain name or source ID, and lists the choices when it cannot', async () => {
    const document = await readDocument(serializeConfigDocument(two));
    expect(pickService(document, 'www.globex.example').source.serviceId).toBe(901);
    expect(pickService(document, '101').service.domainName).toBe('www.example.com');
    expect(() => pickService(document, undefined)).toThrow(
      /holds 2 services; choose one: www.example.com, www.globex.example/,
    );
    expect(() => pickService(document, 'nope.example')).toThrow(
      /no service “nope.example”; it holds www.example.com, www.globex.example/,
    );
  });

  it('leaves out every secret, at any depth, and nothing else', () => {
    const config = serviceConfig();
    config.accessControlPolicies[0]!.tokenSecret = TOKEN;
    config.service.origins = [
      {
        originUrl: 'https://bucket.example',
        s3Credential: { accessKey: 'AK', accessSecret: 's3-secret-value', region: 'eu' },
      },
    ];
    const out = leaveOutSecrets(config);
    expect(out.accessControlPolicies[0]?.tokenSecret).toBe(SECRET_LEFT_OUT);
    expect(out.service.origins?.[0]?.s3Credential).toEqual({
      accessKey: 'AK',
      accessSecret: SECRET_LEFT_OUT,
      region: 'eu',
    });
    expect(out.cacheControlPolicies).toEqual(config.cacheControlPolicies);
    expect(config.accessControlPolicies[0]?.tokenSecret).toBe(TOKEN);
  });
});
