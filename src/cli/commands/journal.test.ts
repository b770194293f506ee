// `accel journal` through the real CLI with a fresh data dir (the sandbox account needs no keychain
// entry; changes are made against the built-in sandbox gateway).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { data } from '#core/test-support/core.ts';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-journal-'));
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
  await core.invoke('changes.apply', {
    accountId,
    operationId: 'setCorsHeaders',
    input: { params: { serviceId: 999999 }, body: { accessControlAllowOrigin: '*' } },
  });
  await core.dispose();
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('accel journal', () => {
  it('lists with filters and exports CSV', async () => {
    const env = { ACCEL_DATA_DIR: dataDir };
    const failed = await runAccel(['journal', 'list', '--outcome', 'failed'], { env });
    expect(failed.code, failed.stderr).toBe(0);
    expect(failed.stdout.trim().split('\n')).toHaveLength(1);
    expect(failed.stdout).toContain('FAILED');

    const byDomain = await runAccel(['journal', 'list', '--service', 'example-shop', '--json'], { env });
    expect(
      (JSON.parse(byDomain.stdout) as { entries: { serviceId: number }[] }).entries.map((e) => e.serviceId),
    ).toEqual([101]);

    // --format json|table for list, as bulk and config spell it (--json stays).
    const asJson = await runAccel(['journal', 'list', '--outcome', 'failed', '--format', 'json'], { env });
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(
      (JSON.parse(asJson.stdout) as { entries: { result: { ok: boolean } }[] }).entries.map((e) => e.result.ok),
    ).toEqual([false]);
    const asTable = await runAccel(['journal', 'list', '--outcome', 'failed', '--format', 'table'], { env });
    expect(asTable.stdout).toBe(failed.stdout);

    const out = join(dataDir, 'journal.csv');
    const exported = await runAccel(['journal', 'export', '--format', 'csv', '--out', out, '--account', 'Sandbox'], {
      env,
    });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('Wrote 2 entries');
    expect((await readFile(out, 'utf8')).trim().split('\r\n')).toHaveLength(3);

    // Under `npm run accel` (which runs from the repository root) a relative path is relative to
    // the directory npm was started in (INIT_CWD), as it is for accel itself.
    const started = join(dataDir, 'started-here');
    await mkdir(started);
    const npmRun = await runAccel(['journal', 'export', '--format', 'json', '--out', 'relative.json'], {
      env: { ...env, INIT_CWD: started, npm_lifecycle_event: 'accel' },
      cwd: tmpdir(),
    });
    expect(npmRun.code, npmRun.stderr).toBe(0);
    expect(npmRun.stderr).toContain(`Wrote 2 entries to ${join(started, 'relative.json')}`);
    expect(JSON.parse(await readFile(join(started, 'relative.json'), 'utf8'))).toBeTruthy();
  });

  it('shows a write whose answer never came (the app was killed) as unknown, and selects it with --outcome unknown', async () => {
    const env = { ACCEL_DATA_DIR: dataDir };
    // What a process killed after its write-ahead entry, before the answer, leaves in the file.
    const path = join(dataDir, 'journal.json');
    const file = JSON.parse(await readFile(path, 'utf8')) as { entries: Array<Record<string, unknown>> };
    file.entries.unshift({ ...file.entries[0], id: 'cut-off', result: { ok: null, sending: true } });
    await writeFile(path, JSON.stringify(file));
    const unknown = await runAccel(['journal', 'list', '--outcome', 'unknown'], { env });
    expect(unknown.code, unknown.stderr).toBe(0);
    expect(unknown.stdout.trim().split('\n')).toHaveLength(1);
    expect(unknown.stdout).toContain('UNKNOWN (unknown — the app stopped before the gateway answered)');
    const csv = await runAccel(['journal', 'export', '--format', 'csv', '--out', '-', '--outcome', 'unknown'], { env });
    expect(csv.stdout).toContain(
      ',unknown,Change.OutcomeUnknown,unknown — the app stopped before the gateway answered,',
    );
  });

  it('explains bad filters with exit code 2', async () => {
    const env = { ACCEL_DATA_DIR: dataDir };
    const cases: Array<[string[], RegExp]> = [
      [['journal', 'show'], /accel journal list/],
      [['journal', 'list', '--outcome', 'maybe'], /--outcome must be ok, failed, unknown/],
      [['journal', 'list', '--operation', 'deleteEverything'], /Unknown operation "deleteEverything"/],
      [['journal', 'list', '--from', '2026-11-02T00:00:00Z', '--to', '2026-11-01T00:00:00Z'], /“From” is after “To”/],
      [['journal', 'export', '--format', 'xml', '--out', '-'], /--format must be csv or json/],
      [['journal', 'list', '--format', 'yaml'], /--format must be table or json for list/],
      [['journal', 'list', '--format', 'csv'], /--format must be table or json for list \(csv is for export\)/],
    ];
    for (const [args, message] of cases) {
      const run = await runAccel(args, { env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });
});
