// Rule test suites through the core's invoke() against a real sandbox gateway: persistence across a
// restart, runs on one and several services, the draft check, and the journal recording a change
// applied although it flips an expectation.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data, sandboxProfile, useSandboxCore } from '../test-support/core.ts';
import { RULE_SUITES_FILE } from './rule-suites.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';
import type { Expectation } from '#shared/suites/schema.ts';

const secrets = createMemorySecretStore();
const ctx = useSandboxCore({
  tmpPrefix: 'accel-suites-',
  coreOptions: () => ({ secretStore: secrets, clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } } }),
});

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

async function setUp() {
  const { account } = data(await ctx.core.invoke('accounts.add', sandboxProfile(ctx.sandbox)));
  const shop = ctx.sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
  const api = ctx.sandbox.services.find((s) => s.domainName === 'api.example-shop.com')!.id;
  return { accountId: account.id, shop, api };
}

describe('rule test suites in the core', () => {
  it('stores expectations per service: add, edit (rename), delete, unique names; kept across a restart', async () => {
    const { accountId, shop } = await setUp();
    const key = { accountId, serviceId: shop };
    expect(data(await ctx.core.invoke('suites.get', key))).toEqual({ expectations: [], updatedAt: null });
    data(await ctx.core.invoke('suites.save', { ...key, expectation: admin }));
    const saved = data(await ctx.core.invoke('suites.save', { ...key, expectation: css }));
    expect(saved.expectations.map((e) => e.name)).toEqual([admin.name, css.name]);
    expect(saved.updatedAt).toEqual(expect.any(String));

    const repeated = failure(
      await ctx.core.invoke('suites.save', { ...key, expectation: { ...css, request: { url: '/x' } } }),
    );
    expect(repeated.code).toBe('Suites.Invalid');
    expect(repeated.message).toBe(
      'expectations.2.name: Another expectation is already named “CSS cached 30 days”; names must be unique in a suite.',
    );
    const badInput = failure(await ctx.core.invoke('suites.save', { ...key, expectation: { ...css, name: '' } }));
    expect(badInput.message).toContain('Name is required');

    const renamed = data(
      await ctx.core.invoke('suites.save', {
        ...key,
        expectation: { ...css, name: 'Stylesheets cached' },
        replaces: css.name,
      }),
    );
    expect(renamed.expectations.map((e) => e.name)).toEqual([admin.name, 'Stylesheets cached']);
    expect(failure(await ctx.core.invoke('suites.delete', { ...key, name: 'gone' })).code).toBe('Suites.NotFound');

    // A new core over the same data dir reads the same suite back.
    await ctx.core.dispose();
    ctx.core = createCore({ dataDir: ctx.dataDir, secretStore: secrets, sandboxOptions: { statePath: null } });
    expect(data(await ctx.core.invoke('suites.get', key)).expectations.map((e) => e.name)).toEqual([
      admin.name,
      'Stylesheets cached',
    ]);
    expect(data(await ctx.core.invoke('suites.list', { accountId })).suites).toEqual([
      { accountId, serviceId: shop, count: 2, updatedAt: expect.any(String) },
    ]);
    const file = JSON.parse(await readFile(join(ctx.dataDir, RULE_SUITES_FILE), 'utf8')) as {
      version: number;
      suites: unknown[];
    };
    expect(file.version).toBe(1);

    data(await ctx.core.invoke('suites.delete', { ...key, name: admin.name }));
    data(await ctx.core.invoke('suites.delete', { ...key, name: 'Stylesheets cached' }));
    // The last expectation gone, the service has no suite any more.
    expect(data(await ctx.core.invoke('suites.list', {})).suites).toEqual([]);
  });

  it('runs a suite on its service, across chosen services and on every service of a tag', async () => {
    const { accountId, shop, api } = await setUp();
    const key = { accountId, serviceId: shop };
    for (const expectation of [admin, css]) data(await ctx.core.invoke('suites.save', { ...key, expectation }));

    const own = data(await ctx.core.invoke('suites.run', key)).runs;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      accountName: 'Acme',
      serviceId: shop,
      counts: { pass: 2, fail: 0, cannotTell: 0 },
      error: null,
    });

    const across = data(
      await ctx.core.invoke('suites.run', {
        ...key,
        targets: [
          { accountId, serviceId: shop },
          { accountId, serviceId: api },
          { accountId, serviceId: 999_999 },
        ],
      }),
    ).runs;
    expect(across.map((r) => r.serviceId)).toEqual([shop, api, 999_999]);
    // The API service has neither rule: both expectations fail there, with the reason.
    expect(across[1]?.counts).toEqual({ pass: 0, fail: 2, cannotTell: 0 });
    expect(across[1]?.results[0]?.reason).toMatch(/^Expected 403 by “Block admin from outside”, got served/);
    expect(across[2]?.error?.code).toMatch(/InvalidService/);

    expect(failure(await ctx.core.invoke('suites.run', { ...key, tag: 'shops' })).code).toBe('Suites.NoTaggedServices');
    data(await ctx.core.invoke('inventory.addByIds', { accountId, ids: `${shop}, ${api}` }));
    data(await ctx.core.invoke('tags.setService', { accountId, serviceId: api, tags: ['shops'] }));
    const tagged = data(await ctx.core.invoke('suites.run', { ...key, tag: 'shops' })).runs;
    expect(tagged.map((r) => [r.serviceId, r.domainName])).toEqual([[api, 'api.example-shop.com']]);
    // An account's tag applies to all its listed services.
    data(await ctx.core.invoke('tags.setAccount', { accountId, tags: ['shops'] }));
    expect(
      data(await ctx.core.invoke('suites.run', { ...key, tag: 'shops' }))
        .runs.map((r) => r.serviceId)
        .sort(),
    ).toEqual([shop, api].sort());
    expect(failure(await ctx.core.invoke('suites.run', { accountId, serviceId: api })).code).toBe('Suites.Empty');
  });

  it('checks a draft against the suite; applying anyway records the flipped names in the journal', async () => {
    const { accountId, shop } = await setUp();
    for (const expectation of [admin, css])
      data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation }));
    const listed = ctx.sandbox.store.servicesOf(ctx.sandbox.credentials.customerId).find((s) => s.service.id === shop)!;
    const block = listed.accessControl.find((p) => p.policyName === 'Block admin from outside')!;
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

    const check = data(
      await ctx.core.invoke('suites.check', { accountId, operationId: 'updateAccessControlPolicy', input }),
    );
    expect(check.total).toBe(2);
    expect(check.flipped).toEqual([
      expect.objectContaining({
        name: admin.name,
        outcome: 'fail',
        before: expect.stringMatching(/^403 — denied/),
        after: expect.stringMatching(/^Served/),
      }),
    ]);
    // Changes that cannot alter a verdict are not checked (no list reads).
    const cors = data(
      await ctx.core.invoke('suites.check', {
        accountId,
        operationId: 'setCorsHeaders',
        input: { params: { serviceId: shop }, body: {} },
      }),
    );
    expect(cors).toEqual({ total: 0, flipped: [], fixed: [] });

    const applied = data(
      await ctx.core.invoke('changes.apply', {
        accountId,
        operationId: 'updateAccessControlPolicy',
        input,
        flippedExpectations: check.flipped.map((f) => f.name),
      }),
    );
    expect(applied.entry.flippedExpectations).toEqual([admin.name]);
    const [latest] = data(await ctx.core.invoke('journal.list', { accountId, serviceId: shop })).entries;
    expect(latest?.flippedExpectations).toEqual([admin.name]);
    // The suite now fails on the service as changed.
    expect(data(await ctx.core.invoke('suites.run', { accountId, serviceId: shop })).runs[0]?.counts).toEqual({
      pass: 1,
      fail: 1,
      cannotTell: 0,
    });
  });

  it('checks each target of a bulk change against its suite: the plan shows what flips, applying journals it', async () => {
    const { accountId, shop, api } = await setUp();
    // The gateway is shared by this file's tests: a rule of its own, created by the bulk change.
    const reports: Expectation = {
      name: 'Reports open to all',
      request: { url: '/reports-bulk/q3.pdf', clientIp: '10.0.0.1' },
      expect: { status: 'served' },
    };
    for (const expectation of [reports, css])
      data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation }));
    data(await ctx.core.invoke('inventory.addByIds', { accountId, ids: `${shop},${api}` }));
    // The same new policy on both services; only the shop has a suite, and one of its expectations flips.
    const policy = {
      policyName: 'Block bulk reports',
      type: 'deny' as const,
      priority: 77,
      matchUrlPath: { operator: 'prefix' as const, patterns: ['/reports-bulk'] },
    };
    const batch = data(
      await ctx.core.invoke('bulk.plan', {
        change: { kind: 'access-control', policy },
        targets: {
          services: [
            { accountId, serviceId: shop },
            { accountId, serviceId: api },
          ],
        },
      }),
    );
    const shopItem = batch.items.find((i) => i.serviceId === shop)!;
    const apiItem = batch.items.find((i) => i.serviceId === api)!;
    expect([shopItem.action, shopItem.reason]).toEqual(['create', null]);
    expect(shopItem.flippedExpectations?.map((f) => [f.name, f.outcome])).toEqual([[reports.name, 'fail']]);
    expect(shopItem.notes).toContain(
      `1 of 2 rule test expectations of this service would no longer pass: “${reports.name}”.`,
    );
    expect(apiItem.flippedExpectations ?? []).toEqual([]);

    data(await ctx.core.invoke('bulk.run', { batchId: batch.id }));
    await expect
      .poll(async () => data(await ctx.core.invoke('bulk.get', { batchId: batch.id })).status, { timeout: 20_000 })
      .toBe('finished');
    const entries = data(await ctx.core.invoke('journal.list', { accountId })).entries.filter(
      (e) => e.batchId === batch.id,
    );
    expect(entries.find((e) => e.serviceId === shop)?.flippedExpectations).toEqual([reports.name]);
    expect(entries.find((e) => e.serviceId === api)).not.toHaveProperty('flippedExpectations');
  });

  it('is part of the configuration document: exported, diffed, and applied to another service locally', async () => {
    const { accountId, shop, api } = await setUp();
    for (const expectation of [admin, css])
      data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation }));
    const { text } = data(await ctx.core.invoke('config.export', { accountId, serviceIds: [shop, api] }));
    const document = JSON.parse(text) as {
      services: Array<{ source: { serviceId: number }; ruleTests?: Expectation[] }>;
    };
    expect(document.services.find((s) => s.source.serviceId === shop)?.ruleTests?.map((e) => e.name)).toEqual([
      admin.name,
      css.name,
    ]);
    // A service without a suite has no ruleTests field at all.
    expect(document.services.find((s) => s.source.serviceId === api)).not.toHaveProperty('ruleTests');

    const diff = data(
      await ctx.core.invoke('config.diff', {
        left: { accountId, serviceId: shop },
        right: { accountId, serviceId: api },
      }),
    );
    expect(diff.groups.filter((g) => g.part === 'rule-tests').map((g) => [g.title, g.status])).toEqual([
      [`Rule test “${admin.name}”`, 'only-left'],
      [`Rule test “${css.name}”`, 'only-left'],
    ]);

    const source = { document: text, service: String(shop) };
    const target = { accountId, serviceId: api };
    const plan = data(await ctx.core.invoke('config.plan', { source, target, parts: ['rule-tests'] }));
    expect(plan.items).toEqual([
      expect.objectContaining({
        id: 'rule-tests',
        action: 'create',
        notes: [expect.stringMatching(/^The API has no rule test suites/)],
      }),
    ]);
    const journalBefore = data(await ctx.core.invoke('journal.list', { accountId })).entries.length;
    const applied = data(
      await ctx.core.invoke('config.apply', { source, target, parts: ['rule-tests'], itemIds: ['rule-tests'] }),
    );
    expect(applied.results).toEqual([
      expect.objectContaining({ id: 'rule-tests', outcome: 'applied', journalEntryId: null }),
    ]);
    expect(data(await ctx.core.invoke('suites.get', target)).expectations).toEqual([admin, css]);
    // Stored here, not sent anywhere: no API write, no journal entry.
    expect(data(await ctx.core.invoke('journal.list', { accountId })).entries).toHaveLength(journalBefore);
    const again = data(await ctx.core.invoke('config.plan', { source, target, parts: ['rule-tests'] }));
    expect(again.items[0]?.action).toBe('unchanged');
  });

  it('drops an account’s suites with the account', async () => {
    const { accountId, shop } = await setUp();
    data(await ctx.core.invoke('suites.save', { accountId, serviceId: shop, expectation: admin }));
    data(await ctx.core.invoke('accounts.remove', { accountId }));
    expect(data(await ctx.core.invoke('suites.list', {})).suites).toEqual([]);
  });
});
