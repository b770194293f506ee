// Cross-record rules over HTTP: domain names unique across all customers (primary and alternate
// names), services visible only to their customer, access control priorities unique.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#core/api/client.ts';
import type { SandboxHandle } from './index.ts';
import { clientFor, failure, startTestSandbox } from './test-support/sandbox-clients.ts';

let sandbox: SandboxHandle;
let demo: ApiClient;
let second: ApiClient;
const SECOND = { accessKeyId: 'SECONDKEY', accessKeySecret: 'second-secret', customerId: 5000 };

beforeAll(async () => {
  sandbox = await startTestSandbox({ keys: [SECOND] });
  demo = clientFor(sandbox);
  second = clientFor(sandbox, SECOND);
});

afterAll(async () => {
  await demo.close();
  await second.close();
  await sandbox.stop();
});

const body = (domainName: string, alternateDomainNames?: string[]) => ({
  body: {
    domainName,
    alternateDomainNames,
    origins: [{ originUrl: 'origin.example.net:8080' }],
    defaultHostHeader: 'preserve' as const,
  },
});

describe('store rules', () => {
  it('gives the second customer its own seeded services, invisible to the demo key', async () => {
    const own = sandbox.store.servicesOf(5000);
    expect(own.map((s) => s.service.domainName)).toEqual([
      'www.customer-5000.example.org',
      'assets.customer-5000.example.org',
      'idle.customer-5000.example.org',
    ]);
    expect((await second.getService({ params: { serviceId: own[0].service.id } })).domainName).toBe(
      'www.customer-5000.example.org',
    );
    const denied = await failure(demo.getService({ params: { serviceId: own[0].service.id } }));
    expect([denied.status, denied.code]).toEqual([400, 'InvalidService.IdPermission']);
  });

  it('refuses a domain name used as any service’s domain or alternate name, in any case, by any customer', async () => {
    for (const args of [
      body('EXAMPLE-SHOP.com'),
      body('new.example.org', ['dl.example-media.net']),
      body('www.customer-5000.example.org'),
      body('twice.example.org', ['twice.example.org']),
    ]) {
      const e = await failure(second.createService(args));
      expect([e.status, e.code]).toEqual([409, 'InvalidService.DomainName']);
    }
    const created = await second.createService(body('fresh.example.org', ['alias.example.org']));
    expect(created.cName).toBe('fresh-example-org.5000.cdn.sandbox.example');
    expect((await failure(demo.createService(body('alias.example.org')))).code).toBe('InvalidService.DomainName');
  });

  it('gives names that slug alike distinct cNames, wildcards included', async () => {
    const a = await second.createService(body('a.b-c.example.org'));
    const b = await second.createService(body('a-b.c.example.org'));
    const w = await second.createService(body('*.wild.example.org'));
    expect(a.cName).toBe('a-b-c-example-org.5000.cdn.sandbox.example');
    expect(b.cName).toBe(`a-b-c-example-org-${b.id}.5000.cdn.sandbox.example`);
    expect(w.cName).toBe('wildcard-wild-example-org.5000.cdn.sandbox.example');
  });

  it('keeps access control priorities unique on create and on both edits', async () => {
    const serviceId = sandbox.services[0].id;
    const existing = await demo.listAccessControlPolicies({ params: { serviceId } });
    const [a, b] = existing;
    const rule = {
      policyName: 'P',
      type: 'allow' as const,
      matchUrlPath: { operator: 'prefix' as const, patterns: ['/p'] },
    };
    expect(
      (
        await failure(
          demo.createAccessControlPolicy({ params: { serviceId }, body: { ...rule, priority: Number(a.priority) } }),
        )
      ).code,
    ).toBe('InvalidPriority.Unique');
    expect(
      (
        await failure(
          demo.updateAccessControlPolicyV2({
            params: { serviceId, policyId: Number(a.policyId) },
            body: {
              policyName: 'P',
              type: 'deny',
              matches: [{ field: 'req.path', operator: 'equals', values: ['/'] }],
              priority: Number(b.priority),
            },
          }),
        )
      ).code,
    ).toBe('InvalidPriority.Unique');
    // Keeping its own priority is fine.
    const same = await demo.updateAccessControlPolicy({
      params: { serviceId, policyId: Number(a.policyId) },
      body: { ...rule, priority: Number(a.priority) },
    });
    expect(same.priority).toBe(a.priority);
  });
});
