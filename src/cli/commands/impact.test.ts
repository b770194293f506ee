// `accel impact export` through the real CLI with a fresh data dir (the sandbox account needs no
// keychain entry; the change is made against the built-in sandbox gateway).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { data } from '#core/test-support/core.ts';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-impact-'));
  const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
  const accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  data(
    await core.invoke('changes.apply', {
      accountId,
      operationId: 'setCorsHeaders',
      input: { params: { serviceId: 101 }, body: { accessControlAllowOrigin: '*' } },
    }),
  );
  await core.dispose();
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('accel impact export', () => {
  it('writes one row per applied change, saying the hours after it are not over yet', async () => {
    const env = { ACCEL_DATA_DIR: dataDir };
    const out = join(dataDir, 'impact.csv');
    const result = await runAccel(
      ['impact', 'export', '--format', 'csv', '--out', out, '--account', 'Sandbox', '--hours', '3'],
      { env },
    );
    expect(result.code, result.stderr).toBe(0);
    const rows = (await readFile(out, 'utf8')).trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('www.example-shop.com');
    expect(rows[1]).toMatch(/,3,pending,/);

    const json = await runAccel(['impact', 'export', '--format', 'json', '--out', '-'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { hours: number; lines: unknown[] }).lines).toHaveLength(1);
  });

  it('explains bad options with exit code 2', async () => {
    const env = { ACCEL_DATA_DIR: dataDir };
    const cases: Array<[string[], RegExp]> = [
      [['impact', 'show'], /accel impact export/],
      [['impact', 'export', '--format', 'xml', '--out', '-'], /--format must be csv or json/],
      [['impact', 'export', '--format', 'csv'], /--out is required/],
      [['impact', 'export', '--format', 'csv', '--out', '-', '--hours', '5'], /--hours must be one of 1, 3, 6, 12, 24/],
    ];
    for (const [args, message] of cases) {
      const result = await runAccel(args, { env });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
    }
  });
});
