// `accel baseline` through the real CLI, the OS keychain and a sandbox gateway: import a baseline
// document, check offline (no snapshot yet: nothing fails), check online (the legacy service
// fails: exit 1), and the JUnit and JSON outputs from the snapshots.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { addFixtureAccount, useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { createCore } from '#core/app-core.ts';
import { data } from '#core/test-support/core.ts';

describe.runIf(keychainTestsEnabled())('accel baseline', () => {
  const ctx = useKeychainCli('accel-cli-baseline-');

  beforeAll(async () => {
    await addFixtureAccount(ctx, 'Acme');
    // The CLI has no command to list services by ID: record them through the core (no API call).
    const core = createCore({ dataDir: ctx.dataDir, keychainService: ctx.service });
    const { accounts } = data(await core.invoke('accounts.list', {}));
    for (const s of ctx.sandbox.services)
      data(
        await core.invoke('inventory.record', { accountId: accounts[0].id, serviceId: s.id, domainName: s.domainName }),
      );
    await core.dispose();
  }, 60_000);

  it('checks imported baselines offline and online; exit 1 when a check fails', async () => {
    const none = await runAccel(['baseline', 'check', '--offline'], { env: ctx.env() });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/No baseline is saved yet/);

    const file = join(ctx.dataDir, 'fleet.json');
    const document = {
      format: 'acceleration-console/baselines',
      schemaVersion: 1,
      exportedAt: '2026-11-23T00:00:00Z',
      baselines: [{ name: 'Fleet', checks: [{ checkId: 'http2' }, { checkId: 'https-origins' }] }],
    };
    await writeFile(file, JSON.stringify(document));
    const imported = await runAccel(['baseline', 'import', file], { env: ctx.env() });
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('Imported Fleet');

    const offline = await runAccel(['baseline', 'check', '--offline'], { env: ctx.env() });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/Acme: \d+ service\(s\), none checked yet \(no snapshot\)/);
    // Nothing was looked at: no check reads "ok".
    expect(offline.stdout).toMatch(/ {2}-- {3}HTTP\/2 on\s+0 pass {2}0 fail {2}\d+ unknown \(\d+ not checked\)/);
    expect(offline.stdout).not.toMatch(/ok {3}HTTP/);

    const online = await runAccel(['baseline', 'check', '--baseline', 'Fleet', '--accounts', 'Acme'], {
      env: ctx.env(),
      timeoutMs: 60_000,
    });
    expect(online.code).toBe(1);
    expect(online.stdout).toMatch(/FAIL HTTP\/2 on\s+\d+ pass {2}1 fail/);
    expect(online.stdout).toMatch(
      /legacy\.example-shop\.com \(\d+\) {2}Every origin uses HTTPS\n {6}Origin 1 \(http:\/\/legacy-origin\.example-shop\.com\): uses http:\/\//,
    );

    const junit = await runAccel(['baseline', 'check', '--offline', '--format', 'junit'], { env: ctx.env() });
    expect(junit.code).toBe(1);
    expect(junit.stdout).toMatch(/^<\?xml/);
    expect(junit.stdout).toMatch(
      /<testcase classname="Acme\.legacy\.example-shop\.com" name="HTTP\/2 on"><failure message="off">/,
    );

    const json = await runAccel(['baseline', 'check', '--offline', '--format', 'json'], { env: ctx.env() });
    const parsed = JSON.parse(json.stdout) as { baselines: Array<{ totals: { fail: number } }> };
    expect(parsed.baselines[0].totals.fail).toBe(2);

    const misplaced = await runAccel(['baseline', 'check', '--yes'], { env: ctx.env() });
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/go with accel baseline fix/);

    const bad = await runAccel(['baseline', 'check', '--format', 'xml'], { env: ctx.env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--format must be table, json or junit/);
  }, 120_000);

  it('fixes a failing check as one plan: dry run first, production only with --yes, then nothing is left', async () => {
    const file = join(ctx.dataDir, 'rate.json');
    const document = {
      format: 'acceleration-console/baselines',
      schemaVersion: 1,
      exportedAt: '2026-11-23T00:00:00Z',
      baselines: [{ name: 'Rate', checks: [{ checkId: 'rate-limit-applied', params: { requestLimit: 500 } }] }],
    };
    await writeFile(file, JSON.stringify(document));
    expect((await runAccel(['baseline', 'import', file], { env: ctx.env() })).code).toBe(0);

    const dry = await runAccel(['baseline', 'fix', '--baseline', 'Rate', '--offline', '--dry-run'], { env: ctx.env() });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(
      /^Fix: A rate limit is applied \(baseline “Rate”\)\n {2}Set a rate limit of 500 requests per client IP every 1 minute — on \d+ services\./,
    );
    expect(dry.stdout).toMatch(/Plan: Baseline fix: A rate limit is applied {2}\(not stored: a dry run\)/);

    // The CLI cannot mark an account as production: through the core.
    const core = createCore({ dataDir: ctx.dataDir, keychainService: ctx.service });
    const { accounts } = data(await core.invoke('accounts.list', {}));
    data(await core.invoke('accounts.update', { accountId: accounts[0].id, patch: { production: true } }));
    await core.dispose();
    const unconfirmed = await runAccel(['baseline', 'fix', '--baseline', 'Rate', '--offline'], { env: ctx.env() });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/production account "Acme".*add --yes/);
    expect(unconfirmed.stdout).toMatch(/not stored: not run without --yes/);

    const applied = await runAccel(['baseline', 'fix', '--baseline', 'Rate', '--offline', '--yes'], {
      env: ctx.env(),
      timeoutMs: 60_000,
    });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/Batch: Baseline fix: A rate limit is applied/);
    expect(applied.stdout).toMatch(/After the fix: nothing is left to fix through the API\./);

    const again = await runAccel(['baseline', 'fix', '--baseline', 'Rate', '--offline'], { env: ctx.env() });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Nothing to fix: no check fails.\n');
  }, 120_000);
});
