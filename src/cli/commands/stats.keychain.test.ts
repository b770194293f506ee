// `accel stats export` with the real OS keychain and a real sandbox gateway: a CSV and a bundle
// of the gateway's data, then the same export offline from the cache.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { parseBundle } from '#shared/analytics/bundle.ts';

describe.runIf(keychainTestsEnabled())('accel stats export with the OS keychain', () => {
  const ctx = useKeychainCli('accel-cli-stats-');
  const { env } = ctx;

  it('exports CSV and a verifiable bundle, then the same range offline from the cache', async () => {
    const add = await runAccel(
      [
        'accounts',
        'add',
        '--name',
        'Stats',
        '--base-url',
        ctx.sandbox.url,
        '--key-id',
        ctx.sandbox.credentials.accessKeyId,
        '--customer-id',
        String(ctx.sandbox.credentials.customerId),
        '--secret-env',
        'ACCEL_TEST_SECRET',
        '--no-verify',
      ],
      { env: env() },
    );
    expect(add.code).toBe(0);
    const names = ctx.sandbox.services
      .slice(0, 2)
      .map((s) => s.domainName)
      .join(',');
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - 6 * 3_600_000);
    const range = ['--from', from.toISOString(), '--to', to.toISOString()];
    const csvPath = join(ctx.dataDir, 'out.csv');
    const csv = await runAccel(
      [
        'stats',
        'export',
        '--account',
        'Stats',
        '--services',
        names,
        '--metrics',
        'volume,requests',
        ...range,
        '--format',
        'csv',
        '--out',
        csvPath,
      ],
      { env: env(), timeoutMs: 30_000 },
    );
    expect(csv.code, csv.stderr).toBe(0);
    const lines = (await readFile(csvPath, 'utf8')).split('\r\n');
    expect(lines[0].split(',')).toHaveLength(5);
    expect(lines).toHaveLength(6 * 12 + 2);

    const json = await runAccel(
      [
        'stats',
        'export',
        '--account',
        'Stats',
        '--services',
        names,
        '--metrics',
        'volume',
        ...range,
        '--format',
        'json',
        '--out',
        '-',
      ],
      { env: env(), timeoutMs: 30_000 },
    );
    expect(json.code, json.stderr).toBe(0);
    const parsed = await parseBundle(json.stdout);
    expect(parsed.ok).toBe(true);

    const offline = await runAccel(
      [
        'stats',
        'export',
        '--account',
        'Stats',
        '--services',
        names,
        '--metrics',
        'volume',
        ...range,
        '--format',
        'csv',
        '--out',
        '-',
        '--offline',
      ],
      { env: env(), timeoutMs: 30_000 },
    );
    expect(offline.code, offline.stderr).toBe(0);
    expect(offline.stdout.split('\r\n')).toHaveLength(6 * 12 + 2);
  });
});
