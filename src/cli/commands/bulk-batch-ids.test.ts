// `accel bulk` batch IDs through the real CLI (built-in sandbox account, no keychain): a plan that is
// not run says it is not stored instead of printing an ID nothing accepts; the short ID the tables
// show (8 characters; any unique start of 6 or more) works in bulk revert|resume and journal --batch;
// an unknown ID is a usage mistake pointing at accel bulk list.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { data } from '#core/test-support/core.ts';
import { EXIT_NOT_EVERY_ITEM } from '../cli-types.ts';

let dataDir: string;
const env = () => ({ ACCEL_DATA_DIR: dataDir });
const change = [
  '--change',
  '{"kind":"cors","headers":{"accessControlAllowOrigin":"https://shop.example"}}',
  '--service',
  'Sandbox#101',
];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-batch-ids-'));
  const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
  const accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  await core.dispose();
}, 60_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('accel bulk batch IDs', () => {
  it('a dry run says its plan is not stored; the short ID works in revert and the journal; an unknown ID points at bulk list', async () => {
    const plan = await runAccel(['bulk', 'plan', ...change], { env: env() });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/^Plan: Set CORS headers {2}\(not stored: a dry run\)$/m);
    expect(plan.stdout).not.toContain('[batch');
    const planJson = JSON.parse(
      (await runAccel(['bulk', 'plan', ...change, '--format', 'json'], { env: env() })).stdout,
    ) as { stored: boolean };
    expect(planJson.stored).toBe(false);
    expect((await runAccel(['bulk', 'list'], { env: env() })).stdout).toContain('No bulk batches.');

    const applied = await runAccel(['bulk', 'apply', ...change, '--format', 'json'], { env: env() });
    expect(applied.code, applied.stderr).toBe(0);
    const { id } = JSON.parse(applied.stdout) as { id: string };
    const short = id.slice(0, 8);

    const revert = await runAccel(['bulk', 'revert', short, '--dry-run'], { env: env() });
    expect(revert.code, revert.stderr).toBe(EXIT_NOT_EVERY_ITEM);
    expect(revert.stdout).toMatch(/^Plan: Revert of “Set CORS headers” {2}\(not stored: a dry run\)$/m);

    const journal = await runAccel(['journal', 'list', '--batch', short, '--format', 'json'], { env: env() });
    expect(journal.code, journal.stderr).toBe(0);
    expect(
      (JSON.parse(journal.stdout) as { entries: Array<{ batchId: string }> }).entries.map((e) => e.batchId),
    ).toEqual([id]);

    const unknown = await runAccel(['bulk', 'resume', 'deadbeef'], { env: env() });
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      'accel bulk resume: Bulk.NotFound: No bulk batch has the ID “deadbeef”. See accel bulk list for the stored batches.\n',
    );
    const tooShort = await runAccel(['bulk', 'revert', id.slice(0, 4), '--dry-run'], { env: env() });
    expect(tooShort.code).toBe(2);
    expect(tooShort.stderr).toContain('(give at least 6 characters of it)');
  });
});
