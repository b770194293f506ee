import { describe, expect, it } from 'vitest';
import { issuesOf, onlyIssue } from '../test-support/issues.ts';
import { originSchema } from './origin.ts';
import { createServiceBodySchema, serviceSchema } from './service.ts';

const valid = {
  domainName: 'www.example.com',
  origins: [{ originUrl: 'https://origin.example.com' }],
  defaultHostHeader: 'preserve',
};

describe('createServiceBodySchema (operation 2)', () => {
  it('accepts the mandatory fields and applies the server defaults', () => {
    expect(createServiceBodySchema.parse(valid)).toEqual({
      ...valid,
      streaming: false,
      http2: true,
      http3: false,
      redirectHttpToHttps: false,
      enabled: true,
    });
  });

  it('keeps explicit optional values', () => {
    const body = {
      ...valid,
      alternateDomainNames: ['example.com', '*.cdn.example.com'],
      http2: false,
      tlsProfile: 'modern' as const,
      enabled: false,
    };
    expect(createServiceBodySchema.parse(body)).toMatchObject(body);
  });

  it.each([
    [{ ...valid, domainName: undefined }, 'domainName', 'Domain name is required.'],
    [{ ...valid, domainName: ' ' }, 'domainName', 'Domain name is required; enter a value.'],
    [{ ...valid, domainName: 'https://www.example.com' }, 'domainName', 'Domain name must be a domain name'],
    [{ ...valid, origins: undefined }, 'origins', 'Origins: add at least one origin.'],
    [{ ...valid, origins: [] }, 'origins', 'Origins is empty: add at least one origin.'],
    [{ ...valid, origins: [null] }, 'origins.0', 'Origin is empty; fill it in or remove it.'],
    [{ ...valid, origins: [{ originUrl: '' }] }, 'origins.0.originUrl', 'Origin URL is required; enter a value.'],
    [
      { ...valid, origins: [{ originUrl: 'ftp://x' }] },
      'origins.0.originUrl',
      'Origin URL must look like [http[s]://]hostname[:port][/path/prefix]',
    ],
    [
      { ...valid, defaultHostHeader: '' },
      'defaultHostHeader',
      'Default host header is required; choose preserve or originHost.',
    ],
    [
      { ...valid, defaultHostHeader: 'host' },
      'defaultHostHeader',
      'Default host header must be preserve or originHost.',
    ],
    [{ ...valid, tlsProfile: 'tls12' }, 'tlsProfile', 'TLS profile must be modern, intermediate or old.'],
    [{ ...valid, http2: 'yes' }, 'http2', 'HTTP/2 must be true or false.'],
    [
      { ...valid, alternateDomainNames: ['ok.example.com', 'bad_domain'] },
      'alternateDomainNames.1',
      'Alternate domain name must be a domain name',
    ],
  ])('rejects %j at %s', (body, path, message) => {
    const issue = onlyIssue(createServiceBodySchema, body);
    expect(issue.path).toBe(path);
    expect(issue.message).toContain(message);
  });

  it('rejects a missing body with a message for the whole form', () => {
    expect(onlyIssue(createServiceBodySchema, undefined)).toEqual({
      path: '',
      message: 'Service settings are missing; fill in the service form.',
    });
  });
});

describe('originSchema and S3 credentials', () => {
  it('accepts sni, headers and an S3 credential', () => {
    const origin = {
      originUrl: 'bucket.s3.example.com',
      sni: 'bucket.s3.example.com',
      headers: { 'X-Edge': 'cdn' },
      s3Credential: { accessKey: 'AK', accessSecret: 'secret', region: 'eu-west-1', dropQueryString: true },
    };
    expect(originSchema.parse(origin)).toEqual(origin);
  });

  it.each([
    ['accessKey', 'S3 access key is required; enter a value.'],
    ['accessSecret', 'S3 access secret is required; enter a value.'],
    ['region', 'S3 region is required; enter a value.'],
  ])('requires a non-empty %s when s3Credential is present', (key, message) => {
    const s3 = { accessKey: 'AK', accessSecret: 'secret', region: 'eu', [key]: '' };
    expect(onlyIssue(originSchema, { originUrl: 'o.example.com', s3Credential: s3 })).toEqual({
      path: `s3Credential.${key}`,
      message,
    });
  });

  it('rejects header names with spaces and non-text values', () => {
    const issues = issuesOf(originSchema, { originUrl: 'o.example.com', headers: { 'Bad Name': 'x', Good: 1 } });
    expect(issues.map((i) => i.path)).toEqual(['headers.Bad Name', 'headers.Good']);
  });

  it('never echoes the S3 secret in messages', () => {
    const issues = issuesOf(originSchema, {
      originUrl: 'o.example.com',
      s3Credential: { accessKey: '', accessSecret: 'TOP-SECRET', region: '' },
    });
    expect(JSON.stringify(issues)).not.toContain('TOP-SECRET');
  });
});

describe('serviceSchema (response, lenient)', () => {
  it('keeps unknown fields and accepts missing optional ones', () => {
    const s = serviceSchema.parse({ id: 3, domainName: 'www.example.com', cName: 'x.cdn.net', futureField: 1 });
    expect(s).toEqual({ id: 3, domainName: 'www.example.com', cName: 'x.cdn.net', futureField: 1 });
  });
  it('accepts values the input schema would reject (e.g. new TLS profiles)', () => {
    expect(
      serviceSchema.safeParse({
        id: 3,
        domainName: 'd',
        tlsProfile: 'future',
        origins: [{ originUrl: 'o', extra: true }],
      }).success,
    ).toBe(true);
  });
  it('requires the id', () => {
    expect(serviceSchema.safeParse({ domainName: 'd' }).success).toBe(false);
  });
});
