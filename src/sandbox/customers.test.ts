// Several customers on one gateway over real HTTP with the real signer: each key reads its own
// customer and services, never another's (IdPermission, as the spec says), also when services of
// different customers share a domain name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '#core/api/client.ts';
import { DEMO_ACCESS_KEY_ID, DEMO_CUSTOMER_ID, startSandbox, type SandboxHandle } from './index.ts';
import { clientFor, failure } from './test-support/sandbox-clients.ts';
import { startSharedDomainSandbox, type SharedDomainSandbox } from './test-support/shared-domain.ts';

const NOW = Date.parse('2026-11-20T10:17:42Z');
const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const lastHours = (serviceNames: string[]) => ({
  body: { serviceNames, startTime: iso(NOW - 3 * 3_600_000), endTime: iso(NOW) },
});

describe('a gateway with several customers (seed "consultant-demo", 4 customers)', () => {
  let sandbox: SandboxHandle;
  let clients: ApiClient[];

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 'consultant-demo', customers: 4, rateLimit: false, now: () => NOW });
    clients = sandbox.customers.map((c) => clientFor(sandbox, c.credentials, { now: () => NOW }));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox.stop();
  });

  it('reports each customer with its own key; credentials and services are the first one’s', () => {
    expect(sandbox.customers).toHaveLength(4);
    expect(new Set(sandbox.customers.map((c) => c.credentials.accessKeyId)).size).toBe(4);
    expect(sandbox.credentials).toEqual(sandbox.customers[0].credentials);
    expect(sandbox.services).toEqual(sandbox.customers[0].services);
    expect(sandbox.customers.map((c) => c.customerId)).not.toContain(DEMO_CUSTOMER_ID);
    expect(sandbox.store.findKey(DEMO_ACCESS_KEY_ID)).toBeUndefined();
  });

  it('lets each key read its customer, services, policies and traffic through the real client', async () => {
    for (const [i, customer] of sandbox.customers.entries()) {
      const client = clients[i];
      expect(await client.getCustomer({ params: { customer_id: customer.customerId } })).toMatchObject({
        id: customer.customerId,
        name: customer.name,
      });
      for (const { id, domainName } of customer.services) {
        // The client checks every answer against the response schemas of the spec.
        expect((await client.getService({ params: { serviceId: id } })).domainName).toBe(domainName);
        await client.listCacheControlPolicies({ params: { serviceId: id } });
        await client.listCacheControlPoliciesV2({ params: { serviceId: id } });
        await client.listAccessControlPolicies({ params: { serviceId: id } });
        await client.listRedirectionPoliciesV2({ params: { serviceId: id } });
      }
      const www = customer.services[0].domainName;
      const [series] = await client.getRequestNumber(lastHours([www]));
      expect(series.serviceName).toBe(www);
      expect(series.reqNumbers.length).toBeGreaterThan(30);
    }
  });

  it('never lets a key read or change another customer’s customer record, service or traffic', async () => {
    const [a, b] = [clients[0], clients[1]];
    const other = sandbox.customers[1];
    const otherService = other.services[0];
    expect(await failure(a.getService({ params: { serviceId: otherService.id } }))).toMatchObject({
      status: 400,
      code: 'InvalidService.IdPermission',
    });
    expect(await failure(a.listCacheControlPoliciesV2({ params: { serviceId: otherService.id } }))).toMatchObject({
      code: 'InvalidService.IdPermission',
    });
    expect(
      await failure(
        a.setCorsHeaders({ params: { serviceId: otherService.id }, body: { accessControlAllowOrigin: '*' } }),
      ),
    ).toMatchObject({ code: 'InvalidService.IdPermission' });
    expect(sandbox.store.corsOf(otherService.id)).toBeNull();
    expect(await failure(a.getCustomer({ params: { customer_id: other.customerId } }))).toMatchObject({
      status: 404,
      code: 'InvalidCustomer.NotFound',
    });
    expect(await failure(a.getVolume(lastHours([otherService.domainName])))).toMatchObject({
      code: 'ServiceNames.Invalid',
    });
    // Its own key still reads it.
    expect((await b.getService({ params: { serviceId: otherService.id } })).id).toBe(otherService.id);
  });

  it('signs each key with its own secret: another customer’s secret fails the signature', async () => {
    const [first, second] = sandbox.customers;
    const forged = clientFor(
      sandbox,
      { accessKeyId: first.credentials.accessKeyId, accessKeySecret: second.credentials.accessKeySecret },
      { now: () => NOW },
    );
    expect(await failure(forged.getCustomer({ params: { customer_id: first.customerId } }))).toMatchObject({
      code: 'Signature.NotMatch',
    });
    await forged.close();
  });
});

describe('customers sharing a domain (the default seed, five customers, www.example-shop.com)', () => {
  let gateway: SharedDomainSandbox;
  let clients: ApiClient[];

  beforeAll(async () => {
    gateway = await startSharedDomainSandbox({ now: () => NOW });
    clients = gateway.customers.map((c) => clientFor(gateway.sandbox, c.credentials, { now: () => NOW }));
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await gateway.sandbox.stop();
  });

  it('keeps the demo customer first and unchanged, and gives every customer a service of its own on the domain', () => {
    const [demo, ...others] = gateway.customers;
    expect(gateway.domainName).toBe('www.example-shop.com');
    expect(demo.customerId).toBe(DEMO_CUSTOMER_ID);
    expect(demo.sharedService.id).toBe(101);
    expect(demo.services).toHaveLength(6);
    expect(others).toHaveLength(4);
    expect(new Set(gateway.customers.map((c) => c.sharedService.id)).size).toBe(5);
  });

  it('answers each key with its own service and its own traffic for the same name', async () => {
    const seen = new Set<string>();
    for (const [i, customer] of gateway.customers.entries()) {
      const service = await clients[i].getService({ params: { serviceId: customer.sharedService.id } });
      expect(service.domainName).toBe('www.example-shop.com');
      expect(service.cName).toContain(`.${customer.customerId}.`);
      const [series] = await clients[i].getRequestNumber(lastHours(['www.example-shop.com']));
      seen.add(JSON.stringify(series.reqNumbers));
    }
    expect(seen.size).toBe(5);
  });

  it('still hides each one’s service from the others, and refuses the name to a new service', async () => {
    const [a, b] = gateway.customers;
    expect(await failure(clients[0].getService({ params: { serviceId: b.sharedService.id } }))).toMatchObject({
      code: 'InvalidService.IdPermission',
    });
    expect(await failure(clients[1].getService({ params: { serviceId: a.sharedService.id } }))).toMatchObject({
      code: 'InvalidService.IdPermission',
    });
    const create = clients[2].createService({
      body: {
        domainName: 'www.example-shop.com',
        origins: [{ originUrl: 'https://origin.example.org' }],
        defaultHostHeader: 'originHost',
      },
    });
    expect(await failure(create)).toMatchObject({ status: 409, code: 'InvalidService.DomainName' });
  });
});

describe('option checks', () => {
  it('refuse a bad number of customers or shared domain, naming the option', async () => {
    await expect(startSandbox({ customers: 0 })).rejects.toThrow(
      'customers must be a whole number from 1 to 200, not 0',
    );
    await expect(startSandbox({ customers: 2.5 })).rejects.toThrow('customers must be a whole number from 1 to 200');
    await expect(startSandbox({ customers: 201 })).rejects.toThrow('customers must be a whole number from 1 to 200');
    await expect(startSandbox({ sharedDomain: 'https://shop.example/' })).rejects.toThrow(
      /sharedDomain must be a domain name/,
    );
    await expect(startSandbox({ customers: 1, sharedDomain: 'shop.example' })).rejects.toThrow(
      'sharedDomain needs at least two customers',
    );
    await expect(
      startSandbox({ customers: 3, sharedDomain: { domainName: 'shop.example', customers: 4 } }),
    ).rejects.toThrow('sharedDomain.customers must be a whole number from 2 to 3');
  });

  it('makes a shared domain alone mean two customers', async () => {
    const sandbox = await startSandbox({ seed: 11, sharedDomain: 'shop.shared.example' });
    expect(sandbox.customers).toHaveLength(2);
    expect(sandbox.customers.every((c) => c.services.some((s) => s.domainName === 'shop.shared.example'))).toBe(true);
    await sandbox.stop();
  });
});
