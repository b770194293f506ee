// `accel test` through the real CLI, the OS keychain and a sandbox gateway: a suite saved in the
// app's data dir runs on the service's rules; a failing expectation gives exit code 1 and JUnit.
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { elements, parseXml } from '../test-support/xml.ts';
import { addFixtureAccount, useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { createCore } from '#core/app-core.ts';
import { data } from '#core/test-support/core.ts';

describe.runIf(keychainTestsEnabled())('accel test', () => {
  const ctx = useKeychainCli('accel-cli-test-');

  it('runs the saved suites: table, JSON, JUnit; exit 1 when an expectation fails', async () => {
    await addFixtureAccount(ctx, 'Acme');
    const shop = ctx.sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;

    // The app saves suites; here the same core does it in the CLI's data dir.
    const core = createCore({
      dataDir: ctx.dataDir,
      keychainService: ctx.service,
      sandboxOptions: { statePath: null },
    });
    try {
      const { accounts } = data(await core.invoke('accounts.list', undefined));
      const accountId = accounts[0]!.id;
      data(await core.invoke('inventory.addByIds', { accountId, ids: String(shop) }));
      const save = (expectation: object) =>
        core.invoke('suites.save', { accountId, serviceId: shop, expectation } as never);
      data(
        await save({
          name: 'Admin blocked',
          request: { url: '/admin', clientIp: '10.0.0.1' },
          expect: { status: 'denied', rule: 'Block admin from outside' },
        }),
      );
      data(
        await save({
          name: 'CSS cached 30 days',
          request: { url: '/a.css' },
          expect: { status: 'served', cache: 'cached', ttl: 2_592_000 },
        }),
      );
    } finally {
      await core.dispose();
    }

    const table = await runAccel(['test', '--account', 'Acme'], { env: ctx.env() });
    expect(table.stderr).toBe('');
    expect(table.stdout).toContain('www.example-shop.com (Acme, ');
    expect(table.stdout).toMatch(/^ {2}pass {2}Admin blocked — expected 403 by “Block admin from outside”$/m);
    expect(table.code).toBe(0);

    // Make one expectation fail: the service's CSS TTL changes on the gateway.
    const record = ctx.sandbox.store.servicesOf(ctx.sandbox.credentials.customerId).find((s) => s.service.id === shop)!;
    record.cacheControl.find((p) => p.policyName === 'Static assets')!.ttl = 3600;

    const junit = await runAccel(['test', '--service', 'www.example-shop.com', '--format', 'junit'], {
      env: ctx.env(),
    });
    expect(junit.code).toBe(1);
    const root = parseXml(junit.stdout);
    expect(root.attributes.failures).toBe('1');
    const failed = elements(root, 'testcase').find((c) => elements(c, 'failure').length > 0);
    expect(failed?.attributes.name).toBe('CSS cached 30 days');

    const json = await runAccel(['test', '--service', String(shop), '--format', 'json'], { env: ctx.env() });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      runs: [{ serviceId: shop, counts: { pass: 1, fail: 1, cannotTell: 0 } }],
    });

    // The shop's suite on every service tagged "retail" (the API service only): both fail there.
    const tagCore = createCore({
      dataDir: ctx.dataDir,
      keychainService: ctx.service,
      sandboxOptions: { statePath: null },
    });
    const api = ctx.sandbox.services.find((s) => s.domainName === 'api.example-shop.com')!.id;
    try {
      const accountId = data(await tagCore.invoke('accounts.list', undefined)).accounts[0]!.id;
      data(await tagCore.invoke('inventory.addByIds', { accountId, ids: String(api) }));
      data(await tagCore.invoke('tags.setService', { accountId, serviceId: api, tags: ['retail'] }));
    } finally {
      await tagCore.dispose();
    }
    const tagged = await runAccel(['test', '--service', String(shop), '--tag', 'retail', '--format', 'json'], {
      env: ctx.env(),
    });
    expect(tagged.code).toBe(1);
    expect(JSON.parse(tagged.stdout)).toMatchObject({
      runs: [{ serviceId: api, domainName: 'api.example-shop.com', counts: { pass: 0, fail: 2 } }],
    });
    expect((await runAccel(['test', '--tag', 'retail'], { env: ctx.env() })).stderr).toMatch(
      /--tag needs a tag and --service/,
    );

    const none = await runAccel(['test', '--service', 'nothing.example'], { env: ctx.env() });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/No rule test suite found for service "nothing.example"/);
    const usage = await runAccel(['test', '--format', 'xml'], { env: ctx.env() });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--format must be table, json or junit/);
  }, 90_000);
});
