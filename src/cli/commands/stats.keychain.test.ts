// `accel stats export` with the real OS keychain and a real sandbox gateway: a CSV and a bundle
// of the gateway's data, then the same export offline from the cache.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support.ts';
import { startTestSandbox, type TestSandbox } from '../../main/core/test-support/sandbox.ts';
import { clearKeychainService, keychainTestsEnabled, uniqueKeychainService } from '../../main/core/test-support/keychain.ts';
import { parseBundle } from '../../shared/analytics/bundle.ts';

describe.runIf(keychainTestsEnabled())('accel stats export with the OS keychain', () => {
  let sandbox: TestSandbox;
  let dataDir: string;
  const service = uniqueKeychainService();
  const env = () => ({ ACCEL_DATA_DIR: dataDir, ACCEL_KEYCHAIN_SERVICE: service, ACCEL_TEST_SECRET: sandbox.credentials.accessKeySecret });

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-stats-'));
  });
  afterAll(async () => {
    await sandbox.stop();
    await clearKeychainService(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('exports CSV and a verifiable bundle, then the same range offline from the cache', async () => {
    const add = await runAccel(
      ['accounts', 'add', '--name', 'Stats', '--base-url', sandbox.url, '--key-id', sandbox.credentials.accessKeyId, '--customer-id', String(sandbox.credentials.customerId), '--secret-env', 'ACCEL_TEST_SECRET', '--no-verify'],
      { env: env() },
    );
    expect(add.code).toBe(0);
    const names = sandbox.services.slice(0, 2).map((s) => s.domainName).join(',');
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - 6 * 3_600_000);
    const range = ['--from', from.toISOString(), '--to', to.toISOString()];
    const csvPath = join(dataDir, 'out.csv');
    const csv = await runAccel(['stats', 'export', '--account', 'Stats', '--services', names, '--metrics', 'volume,requests', ...range, '--format', 'csv', '--out', csvPath], { env: env(), timeoutMs: 30_000 });
    expect(csv.code, csv.stderr).toBe(0);
    const lines = (await readFile(csvPath, 'utf8')).split('\r\n');
    expect(lines[0].split(',')).toHaveLength(5);
    expect(lines).toHaveLength(6 * 12 + 2);

    const json = await runAccel(['stats', 'export', '--account', 'Stats', '--services', names, '--metrics', 'volume', ...range, '--format', 'json', '--out', '-'], { env: env(), timeoutMs: 30_000 });
    expect(json.code, json.stderr).toBe(0);
    const parsed = await parseBundle(json.stdout);
    expect(parsed.ok).toBe(true);

    const offline = await runAccel(['stats', 'export', '--account', 'Stats', '--services', names, '--metrics', 'volume', ...range, '--format', 'csv', '--out', '-', '--offline'], { env: env(), timeoutMs: 30_000 });
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout.split('\r\n')).toHaveLength(6 * 12 + 2);
  });
});
