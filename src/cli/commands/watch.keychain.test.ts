// `accel watch --once` as cron runs it: the real CLI process, the OS keychain, one real sandbox
// gateway with three customers (their own keys) and an account whose gateway cannot be reached.
// The CLI runs under libfaketime at the gateway's fixed time (a Wednesday), so the verdicts never
// depend on the day the test runs. Exit status: 0 nothing needs attention, 1 a service does,
// 2 a mistake in the command line, 3 no verdict (no data); JUnit has a test case per service.
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createCore } from '#core/app-core.ts';
import { data } from '#core/test-support/core.ts';
import { clearKeychainService, keychainTestsEnabled, uniqueKeychainService } from '#core/test-support/keychain.ts';
import { runAccel } from '../test-support/cli.ts';
import { elements, parseXml } from '../test-support/xml.ts';

const FAKETIME_LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const START = Date.parse('2026-11-18T10:20:00Z');

describe.runIf(keychainTestsEnabled() && existsSync(FAKETIME_LIB))('accel watch --once', () => {
  const service = uniqueKeychainService();
  let dataDir: string;
  let sandbox: SandboxHandle;
  const names: string[] = [];
  let dropped = '';
  /** Every `accel` run starts at the gateway's time (10:20 UTC on a Wednesday). */
  const env = () => ({
    ACCEL_DATA_DIR: dataDir,
    ACCEL_KEYCHAIN_SERVICE: service,
    FAKETIME: '@2026-11-18 10:20:00',
    TZ: 'UTC',
    LD_PRELOAD: FAKETIME_LIB,
  });
  const watch = (...args: string[]) => runAccel(['watch', ...args], { env: env(), timeoutMs: 60_000 });

  beforeAll(async () => {
    const startedAt = Date.now();
    sandbox = await startSandbox({ customers: 3, rateLimit: false, now: () => START + (Date.now() - startedAt) });
    dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-watch-'));
    const core = createCore({ dataDir, keychainService: service, sandboxOptions: { statePath: null } });
    try {
      const tags = [['calm'], ['shops'], ['shops']];
      for (const [i, customer] of sandbox.customers.entries()) {
        const { credentials } = customer;
        const id = data(
          await core.invoke('accounts.add', {
            name: customer.name,
            baseUrl: sandbox.url,
            accessKeyId: credentials.accessKeyId,
            customerId: credentials.customerId,
            secret: credentials.accessKeySecret,
            verify: false,
            tags: tags[i],
          }),
        ).account.id;
        // Listed without an API call (the core's own clock is not the gateway's here).
        for (const s of customer.services)
          data(await core.invoke('inventory.record', { accountId: id, serviceId: s.id, domainName: s.domainName }));
        names.push(customer.name);
      }
      const www =
        sandbox.customers[1].services.find((s) => s.domainName.startsWith('www.')) ?? sandbox.customers[1].services[0];
      dropped = www.domainName;
      sandbox.setAnomalies([{ serviceId: www.id, from: '2026-11-18T06:00:00Z', metric: 'requests', factor: 0.2 }]);
      const gone = data(
        await core.invoke('accounts.add', {
          name: 'Offline Ltd',
          baseUrl: 'http://127.0.0.1:9',
          accessKeyId: 'OFFLINEKEY000001',
          customerId: 77_777,
          secret: 'offline-secret',
          verify: false,
          tags: ['gone'],
        }),
      ).account.id;
      data(await core.invoke('inventory.record', { accountId: gone, serviceId: 1, domainName: 'www.offline.example' }));
    } finally {
      await core.dispose();
    }
  }, 60_000);

  afterAll(async () => {
    await sandbox?.stop();
    await clearKeychainService(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 0 when every service was checked and none needs attention', async () => {
    const calm = await watch('--once', '--tag', 'calm');
    expect(calm.stderr).toBe('');
    expect(calm.code).toBe(0);
    expect(calm.stdout).toContain('Nothing needs attention.');
    expect(calm.stdout).toMatch(new RegExp(`${names[0]}\\s+ok\\s+6 service\\(s\\)`));
  });

  it('exits 1 and names the service, the metric and the size when one needs attention', async () => {
    const shops = await watch('--once', '--accounts', names[1]);
    expect(shops.code).toBe(1);
    expect(shops.stdout).toContain('Needs attention (1):');
    expect(shops.stdout).toMatch(
      new RegExp(`  ${names[1]} · ${dropped.replace(/\./g, '\\.')}: requests −[78]\\d % vs usual \\(z −\\d+\\.\\d\\)`),
    );

    // Both accounts with the tag, as JUnit: a test case per service, a failure for attention.
    const junit = await watch('--once', '--tag', 'shops', '--format', 'junit');
    expect(junit.code).toBe(1);
    const root = parseXml(junit.stdout);
    const suites = elements(root, 'testsuite');
    expect(suites.map((s) => s.attributes.name)).toEqual([names[1], names[2]]);
    const cases = elements(root, 'testcase');
    expect(cases).toHaveLength(sandbox.customers[1].services.length + sandbox.customers[2].services.length);
    const failing = cases.filter((c) => elements(c, 'failure').length > 0);
    expect(failing.map((c) => [c.attributes.classname, c.attributes.name])).toEqual([[names[1], dropped]]);
    expect(elements(failing[0], 'failure')[0].attributes.message).toMatch(/: requests −\d+ % vs usual/);
    expect(suites[0].attributes).toMatchObject({ failures: '1', errors: '0', skipped: '0' });
    expect(suites[1].attributes).toMatchObject({ failures: '0', errors: '0' });

    // The same from the saved data alone, as JSON.
    const json = await watch('--once', '--offline', '--tag', 'shops', '--format', 'json');
    const parsed = JSON.parse(json.stdout) as {
      exitStatus: number;
      accounts: Array<{
        accountName: string;
        status: string;
        serviceRows: Array<{ serviceName: string; status: string }>;
      }>;
    };
    expect(json.code).toBe(1);
    expect(parsed.exitStatus).toBe(1);
    expect(parsed.accounts.map((a) => a.status)).toEqual(['attention', 'ok']);
    expect(parsed.accounts[0].serviceRows[0]).toMatchObject({ serviceName: dropped, status: 'attention' });
  });

  it('exits 3 when nothing needs attention but an account has no data: never silence for health', async () => {
    const offline = await watch('--once', '--offline', '--tag', 'gone');
    expect(offline.code).toBe(3);
    expect(offline.stdout).toContain('Nothing needs attention, but 1 service(s) have no verdict (below).');
    expect(offline.stdout).toContain('No verdict (1):');
    expect(offline.stdout).toMatch(/Offline Ltd\s+no-data\s+1 service\(s\), 1 without data; never refreshed/);
    expect(offline.stdout).toMatch(/Offline Ltd · www\.offline\.example: no data — No saved traffic/);

    const unreachable = await watch('--once', '--tag', 'gone', '--format', 'junit');
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(/^Offline Ltd: could not refresh \(Network\.ConnectionFailed\)/);
    const [error] = elements(parseXml(unreachable.stdout), 'error');
    expect(error.attributes.type).toBe('no-data');

    // With a service that needs attention among them, attention wins: 1.
    expect((await watch('--once', '--offline', '--accounts', `Offline Ltd,${names[1]}`)).code).toBe(1);
  });

  it('exits 2 for a mistake in the command line, naming it', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /Add --once/],
      [['--once', '--format', 'xml'], /--format must be table, json or junit/],
      [['--once', '--accounts', names[0], '--tag', 'calm'], /Choose --accounts or --tag, not both/],
      [['--once', '--tag', 'no such'], /--tag: Tag “no such” contains a space/],
      [['--once', '--tag', 'nosuch'], /No account carries the tag "nosuch"/],
      [['--once', '--accounts', 'Nobody Ltd'], /No account named "Nobody Ltd"/],
    ];
    for (const [args, message] of cases) {
      const run = await watch(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
