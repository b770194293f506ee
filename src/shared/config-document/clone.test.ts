// The create body of a clone: the source's settings on a new domain, checked with the create
// schema's rules; every problem is keyed by the field it is about.
import { describe, expect, it } from 'vitest';
import { cloneMessages, cloneServiceBody, splitDomainList } from './clone.ts';
import { SECRET_LEFT_OUT } from './schema.ts';
import { serviceConfig } from './test-support/service-config.ts';

describe('cloneServiceBody', () => {
  it('copies the settings onto the new domain, without the ID, CNAME or the source alternate domains', () => {
    const source = serviceConfig();
    source.service.alternateDomainNames = ['shop.example.com'];
    source.service.origins = [
      {
        originUrl: 'https://origin.example.com',
        sni: 'origin.example.com',
        headers: { 'X-From': 'edge' },
        s3Credential: { accessKey: 'AK', accessSecret: 's3-secret', region: 'eu-west-1' },
      },
    ];
    const result = cloneServiceBody(source, { domainName: '  www.new-shop.example  ' });
    expect(result).toEqual({
      ok: true,
      body: {
        domainName: 'www.new-shop.example',
        origins: [
          {
            originUrl: 'https://origin.example.com',
            sni: 'origin.example.com',
            headers: { 'X-From': 'edge' },
            s3Credential: { accessKey: 'AK', accessSecret: 's3-secret', region: 'eu-west-1' },
          },
        ],
        defaultHostHeader: 'originHost',
        streaming: false,
        http2: true,
        http3: false,
        redirectHttpToHttps: true,
        tlsProfile: 'intermediate',
        enabled: true,
      },
    });
  });

  it('takes alternate domain names typed for the clone', () => {
    const result = cloneServiceBody(serviceConfig(), {
      domainName: 'a.example.net',
      alternateDomainNames: splitDomainList('b.example.net, c.example.net\n'),
    });
    expect(result.ok && result.body.alternateDomainNames).toEqual(['b.example.net', 'c.example.net']);
  });

  it('names the field for an empty or malformed domain, and for the source domain itself', () => {
    const empty = cloneServiceBody(serviceConfig(), { domainName: ' ' });
    expect(empty).toMatchObject({ ok: false, fields: { domainName: expect.stringMatching(/^Domain name/) } });
    const bad = cloneServiceBody(serviceConfig(), { domainName: 'https://www.example.org/' });
    expect(bad).toMatchObject({
      ok: false,
      fields: { domainName: expect.stringContaining('without scheme, port or path') },
    });
    expect(bad.ok ? '' : bad.message).toContain('Domain name must be a domain name');
    const same = cloneServiceBody(serviceConfig(), { domainName: 'WWW.example.com' });
    expect(same).toEqual({
      ok: false,
      message: cloneMessages.sameDomain('www.example.com'),
      fields: { domainName: cloneMessages.sameDomain('www.example.com') },
    });
  });

  it('names the alternate domain that is not a domain', () => {
    const result = cloneServiceBody(serviceConfig(), {
      domainName: 'a.example.net',
      alternateDomainNames: ['b.example.net', 'not a domain'],
    });
    expect(result).toMatchObject({
      ok: false,
      fields: { alternateDomainNames: expect.stringMatching(/^“not a domain”: Alternate domain name must be/) },
    });
  });

  it('refuses an S3 origin whose secret was left out of the document, naming the origin', () => {
    const source = serviceConfig();
    source.service.origins = [
      { originUrl: 'https://a.example.com' },
      {
        originUrl: 'https://bucket.example.com',
        s3Credential: { accessKey: 'AK', accessSecret: SECRET_LEFT_OUT, region: 'eu' },
      },
    ];
    const result = cloneServiceBody(source, { domainName: 'copy.example.com' });
    expect(result).toEqual({
      ok: false,
      message: cloneMessages.secretLeftOut(2),
      fields: { 'origins.1.s3Credential.accessSecret': cloneMessages.secretLeftOut(2) },
    });
  });
});
