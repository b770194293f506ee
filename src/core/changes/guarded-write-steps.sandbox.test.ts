// The steps every host gets from the core, through invoke() against a real sandbox gateway: a
// created service joins its account's list; every rule-changing write is checked against the
// service's rule tests (a single change, a configuration document's items); the production guard
// sees a flag another core instance set a moment ago; a read of a service keeps its list entry
// current. The CLI runs the same flows in src/cli/commands/*.keychain.test.ts.
import { AppCode } from '#shared/app-errors.ts';
import { describe, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore, type CoreFixture } from '../test-support/core.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';
import type { Expectation } from '#shared/suites/schema.ts';

const secrets = createMemorySecretStore();
const coreOptions = () => ({ secretStore: secrets, clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } } });

function failure(result: IpcResult<unknown>) {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

const admin: Expectation = {
  name: 'Admin blocked from outside',
  request: { url: '/admin/login', clientIp: '10.0.0.1' },
  expect: { status: 'denied', rule: 'Block admin from outside' },
};
const css: Expectation = {
  name: 'CSS cached 30 days',
  request: { url: 'https://www.example-shop.com/static/a.css' },
  expect: { status: 'served', rule: 'Static assets', cache: 'cached', ttl: 2_592_000 },
};

async function addAcme(ctx: CoreFixture) {
  const { account } = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox)));
  const shop = ctx.sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
  return { accountId: account.id, shop };
}

const newService = (domainName: string) => ({
  domainName,
  origins: [{ originUrl: 'https://origin.example.com' }],
  defaultHostHeader: 'originHost',
});

describe('a created service', () => {
  const ctx = useSandboxCore({ tmpPrefix: 'accel-steps-create-', coreOptions });

  it('is in its account’s list as soon as changes.apply answers, so an export of the account holds it', async () => {
    const { accountId } = await addAcme(ctx);
    const created = data(
      await ctx.core.invoke('changes.apply', {
        accountId,
        operationId: 'createService',
        input: { params: {}, body: newService('listed.example.com') },
      }),
    );
    const serviceId = created.entry.serviceId!;
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services).toEqual([
      expect.objectContaining({
        serviceId,
        domainName: 'listed.example.com',
        source: 'created',
        cName: expect.any(String),
      }),
    ]);
    const exported = data(await ctx.core.invoke('config.export', { accountId }));
    expect(exported.services).toEqual([{ serviceId, domainName: 'listed.example.com' }]);
  });

  it('a production account’s create is refused without confirmation, also when another core set the flag a moment ago', async () => {
    const { accountId } = await addAcme(ctx);
    // This core has read the account (not production) just before.
    expect(data(await ctx.core.invoke('accounts.get', { accountId })).production).toBe(false);
    const other = createCore({ dataDir: ctx.dataDir, secretStore: secrets, sandboxOptions: { statePath: null } });
    try {
      data(await other.invoke('accounts.update', { accountId, patch: { production: true } }));
    } finally {
      await other.dispose();
    }
    const before = ctx.sandbox.store.servicesOf(ctx.sandbox.credentials.customerId).length;
    const refused = failure(
      await ctx.core.invoke('changes.apply', {
        accountId,
        operationId: 'createService',
        input: { params: {}, body: newService('prod.example.com') },
      }),
    );
    expect(refused.code).toBe(AppCode.Change.ConfirmationRequired);
    expect(ctx.sandbox.store.servicesOf(ctx.sandbox.credentials.customerId)).toHaveLength(before);
    expect(data(await ctx.core.invoke('journal.list', { accountId })).entries).toEqual([]);

    const confirmed = data(
      await ctx.core.invoke('changes.apply', {
        accountId,
        operationId: 'createService',
        input: { params: {}, body: newService('prod.example.com') },
        confirmProduction: true,
      }),
    );
    expect(confirmed.entry.result).toEqual({ ok: true });
  });
});

describe('rule tests on every rule-changing write', () => {
  const ctx = useSandboxCore({ tmpPrefix: 'accel-steps-suites-', coreOptions });

  it('a single change that flips a saved expectation is refused unless accepted; applied, the journal names it', async () => {
    const { accountId, shop } = await addAcme(ctx);
    data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation: admin }));
    const block = ctx.sandbox.store
      .servicesOf(ctx.sandbox.credentials.customerId)
      .find((s) => s.service.id === shop)!
      .accessControl.find((p) => p.policyName === admin.expect.rule)!;
    const input = {
      params: { serviceId: shop, policyId: block.policyId },
      body: {
        policyName: 'Block admin from outside',
        type: 'deny',
        priority: 40,
        matchUrlPath: { operator: 'prefix', patterns: ['/administration'] },
        ipRestriction: '203.0.113.0/24',
      },
    };
    const stored = () =>
      structuredClone(
        ctx.sandbox.store
          .servicesOf(ctx.sandbox.credentials.customerId)
          .find((s) => s.service.id === shop)!
          .accessControl.find((p) => p.policyId === block.policyId),
      );
    const original = stored();

    const refused = failure(
      await ctx.core.invoke('changes.apply', { accountId, operationId: 'updateAccessControlPolicy', input }),
    );
    expect(refused.code).toBe(AppCode.Change.RuleTestsFlipped);
    expect(refused.message).toContain(`“${admin.name}” (expected 403 by “Block admin from outside”`);
    // A review that showed other flips is not an acceptance of this one.
    expect(
      failure(
        await ctx.core.invoke('changes.apply', {
          accountId,
          operationId: 'updateAccessControlPolicy',
          input,
          flippedExpectations: ['Another test'],
        }),
      ).code,
    ).toBe(AppCode.Change.RuleTestsFlipped);
    expect(stored()).toEqual(original);
    expect(data(await ctx.core.invoke('journal.list', { accountId })).entries).toEqual([]);

    const applied = data(
      await ctx.core.invoke('changes.apply', {
        accountId,
        operationId: 'updateAccessControlPolicy',
        input,
        acceptFlippedExpectations: true,
      }),
    );
    expect(applied.entry.flippedExpectations).toEqual([admin.name]);
    expect(JSON.stringify(stored())).toContain('/administration');

    // Undoing it passes the suite again: no acceptance needed, nothing flipped to record.
    const undone = data(await ctx.core.invoke('journal.reapply', { entryId: applied.entry.id.slice(0, 8) }));
    expect(undone.entry).toMatchObject({ reapplyOf: applied.entry.id, result: { ok: true } });
    expect(undone.entry).not.toHaveProperty('flippedExpectations');
  });

  it('config.plan shows what each item flips; config.apply applies it only when accepted, and the journal names it', async () => {
    const { accountId, shop } = await addAcme(ctx);
    data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation: css }));
    const { text } = data(await ctx.core.invoke('config.export', { accountId, serviceIds: [shop] }));
    const document = JSON.parse(text) as {
      services: Array<{ cacheControlPolicies: Array<{ policyName: string; ttl: number }> }>;
    };
    document.services[0]!.cacheControlPolicies.find((p) => p.policyName === 'Static assets')!.ttl = 3600;
    const request = {
      source: { document: JSON.stringify(document) },
      target: { accountId, serviceId: shop },
      parts: ['cache-control' as const],
    };
    const item = 'cache-control/Static assets';

    const plan = data(await ctx.core.invoke('config.plan', request));
    const planned = plan.items.find((i) => i.id === item)!;
    expect(planned.flippedExpectations?.map((f) => f.name)).toEqual([css.name]);
    expect(planned.notes).toContain(
      `1 of 1 rule test expectations of this service would no longer pass: “${css.name}”.`,
    );
    const ttl = () =>
      ctx.sandbox.store
        .servicesOf(ctx.sandbox.credentials.customerId)
        .find((s) => s.service.id === shop)!
        .cacheControl.find((p) => p.policyName === 'Static assets')!.ttl;

    const refused = data(await ctx.core.invoke('config.apply', { ...request, itemIds: [item] }));
    expect(refused.results.find((r) => r.id === item)).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining(`${AppCode.Change.RuleTestsFlipped}: This change would make 1 of 1`),
    });
    expect(ttl()).toBe(2_592_000);

    const applied = data(
      await ctx.core.invoke('config.apply', { ...request, itemIds: [item], flippedExpectations: [css.name] }),
    );
    expect(applied.results.find((r) => r.id === item)?.outcome).toBe('applied');
    expect(ttl()).toBe(3600);
    const [entry] = data(await ctx.core.invoke('journal.list', { accountId, serviceId: shop })).entries;
    expect(entry).toMatchObject({ operationId: 'updateCacheControlPolicyV2', flippedExpectations: [css.name] });
  });
});

describe('reads of a service', () => {
  const ctx = useSandboxCore({ tmpPrefix: 'accel-steps-reads-', coreOptions });

  it('bring its entry in the account’s list in step (name, CNAME, state); an unlisted service stays unlisted', async () => {
    const { accountId, shop } = await addAcme(ctx);
    data(await ctx.core.invoke('inventory.record', { accountId, serviceId: shop, domainName: 'old-name.example.com' }));
    data(
      await ctx.core.invoke('api.call', {
        accountId,
        operationId: 'getService',
        input: { params: { serviceId: shop } },
      }),
    );
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services).toEqual([
      expect.objectContaining({
        serviceId: shop,
        domainName: 'www.example-shop.com',
        cName: expect.any(String),
        enabled: true,
        source: 'created',
      }),
    ]);

    const other = ctx.sandbox.services.find((s) => s.id !== shop)!.id;
    data(
      await ctx.core.invoke('api.call', {
        accountId,
        operationId: 'getService',
        input: { params: { serviceId: other } },
      }),
    );
    expect(data(await ctx.core.invoke('inventory.list', { accountId })).services.map((s) => s.serviceId)).toEqual([
      shop,
    ]);
  });
});
