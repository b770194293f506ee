// `accel bulk` through the real CLI, the OS keychain and two sandbox gateways with different keys
// (two customers; the second account is flagged production): plan (dry run), apply with --yes and
// one failing target, resume, revert, templates; the exit code says whether every item applied.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { runAccel } from '../test-support/cli.ts';
import { addFixtureAccount, addProductionAccount, useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { EXIT_NOT_EVERY_ITEM } from '../cli-types.ts';
import { formatDateTime } from '#shared/format-date.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX-BULK', accessKeySecret: 'globex-bulk-secret-1', customerId: 5404 };

/** Tables write times as the app does, in local time (TZ) with the zone named; Tokyo has no summer time. */
const TOKYO = { TZ: 'Asia/Tokyo', LC_ALL: 'en_US.UTF-8' };
const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** How `accel` in TOKYO writes an ISO instant. */
const inTokyo = (iso: string): string =>
  formatDateTime(Date.parse(iso) + 9 * 3_600_000, { zone: 'utc', locale: 'en-US' }).replace(/ UTC$/, ' GMT+9');

describe.runIf(keychainTestsEnabled())('accel bulk with two customers', () => {
  const ctx = useKeychainCli('accel-cli-bulk-');
  let globexGateway: SandboxHandle;
  let acmeIds: number[];
  let globexId: number;
  let changeFile: string;

  beforeAll(async () => {
    globexGateway = await startSandbox({ keys: [GLOBEX] });
    acmeIds = ctx.sandbox.services.slice(0, 2).map((s) => s.id);
    globexId = globexGateway.store.servicesOf(GLOBEX.customerId)[0]!.service.id;
    await addFixtureAccount(ctx, 'Acme');
    await addProductionAccount(ctx, 'Globex', globexGateway.url, GLOBEX);
    changeFile = join(ctx.dataDir, 'cors.json');
    await writeFile(
      changeFile,
      JSON.stringify({ kind: 'cors', headers: { accessControlAllowOrigin: 'https://shop.example' } }),
    );
  }, 60_000);
  afterAll(async () => {
    await globexGateway?.stop();
  });

  it('plans (dry run), needs --yes for production, applies with one failing target, resumes and reverts', async () => {
    const targets = [...acmeIds.map((id) => ['--service', `Acme#${id}`]).flat(), '--service', `Globex#${globexId}`];
    const corsBefore = ctx.sandbox.store.corsOf(acmeIds[0]!);
    const plan = await runAccel(['bulk', 'plan', '--change', `@${changeFile}`, ...targets], { env: ctx.env() });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^Production accounts: Globex \(running needs --yes\)$/m);
    expect(plan.stdout).toMatch(
      /^update\s+Globex\s+.*Access-Control-Allow-Origin: \(unknown\) → https:\/\/shop\.example/m,
    );
    expect(plan.stdout).toMatch(/^0 create, 3 update, 0 delete, 0 unchanged, 0 cannot apply$/m);
    // A note every item carries is written once above the table, not on each row.
    expect(plan.stdout.match(/^Note: The API cannot read CORS headers back and nothing was applied/gm)).toHaveLength(1);
    expect(plan.stdout).not.toMatch(/^update .*The API cannot read/m);
    expect(ctx.sandbox.store.corsOf(acmeIds[0]!)).toEqual(corsBefore);
    const listed = await runAccel(['bulk', 'list'], { env: ctx.env() });
    expect(listed.stdout).toContain('No bulk batches.');

    const unconfirmed = await runAccel(['bulk', 'apply', '--change', `@${changeFile}`, '--accounts', 'Acme,Globex'], {
      env: ctx.env(),
    });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(
      /production account "Globex": review the plan \(accel bulk plan …\), then add --yes/,
    );
    expect(ctx.sandbox.store.corsOf(acmeIds[0]!)).toEqual(corsBefore);

    globexGateway.setFaults({ perOperation: { setCorsHeaders: { errorRate: 1, errorStatus: 503 } } });
    const applied = await runAccel(
      ['bulk', 'apply', '--change', `@${changeFile}`, '--accounts', 'Acme,Globex', '--yes', '--format', 'json'],
      { env: ctx.env() },
    );
    expect(applied.code).toBe(1);
    const batch = JSON.parse(applied.stdout) as {
      id: string;
      status: string;
      items: Array<{ accountName: string; state: string; error: { code: string } | null }>;
    };
    expect(batch.status).toBe('finished');
    expect(batch.items.filter((i) => i.accountName === 'Acme').every((i) => i.state === 'applied')).toBe(true);
    expect(batch.items.find((i) => i.accountName === 'Globex')).toMatchObject({
      state: 'failed',
      error: { code: 'Server.Unavailable' },
    });
    expect(applied.stderr).toMatch(/^failed\s+Globex\s+.*Server\.Unavailable/m);
    expect(ctx.sandbox.store.corsOf(acmeIds[0]!)).toMatchObject({ accessControlAllowOrigin: 'https://shop.example' });

    globexGateway.setFaults(undefined);
    const resumed = await runAccel(['bulk', 'resume', batch.id, '--yes'], { env: ctx.env() });
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toMatch(/^applied\s+Globex/m);
    // The run was confirmed: the result does not ask for --yes again.
    expect(resumed.stdout).toMatch(/^Production accounts: Globex \(confirmed with --yes\)$/m);
    expect(plan.stdout).toMatch(/^Plan: Set CORS headers {2}\(not stored: a dry run\)$/m);
    expect(globexGateway.store.corsOf(globexId)).toMatchObject({ accessControlAllowOrigin: 'https://shop.example' });
    // Resuming a finished batch again is done, not a mistake: nothing is sent.
    const journalSize = async () =>
      ((await runAccel(['journal', 'list', '--json'], { env: ctx.env() })).stdout.match(/"operationId"/g) ?? []).length;
    const journaledBefore = await journalSize();
    const resumedAgain = await runAccel(['bulk', 'resume', batch.id, '--yes'], { env: ctx.env() });
    expect(resumedAgain.code, resumedAgain.stderr).toBe(0);
    expect(resumedAgain.stderr).toContain('Nothing is left to apply: the batch has finished.');
    expect(resumedAgain.stdout).toMatch(/^applied\s+Globex/m);
    expect(await journalSize()).toBe(journaledBefore);

    // Nothing was applied to these services before the batch, so the earlier version is not known.
    const revert = await runAccel(['bulk', 'revert', batch.id, '--dry-run'], { env: ctx.env() });
    expect(revert.code).toBe(EXIT_NOT_EVERY_ITEM);
    expect(revert.stdout).toMatch(/^cannot\s+Acme\s+.*The version before this change is not known/m);

    const again = await runAccel(
      ['bulk', 'apply', '--change', `@${changeFile}`, '--accounts', 'Acme,Globex', '--yes'],
      { env: { ...ctx.env(), ...TOKYO } },
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing to apply.');
    // The plan notes' times (what this app last applied) are readable, in local time with the zone.
    const lastApplied = again.stdout.match(/Compared with what this app last applied \(([^)]*)\)/)?.[1];
    expect(lastApplied).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M GMT\+9$/);
    expect(again.stdout).not.toMatch(ISO);

    // bulk list: the batch's time as the app writes it; --format json keeps the core's ISO.
    const listedJson = JSON.parse(
      (await runAccel(['bulk', 'list', '--format', 'json'], { env: ctx.env() })).stdout,
    ) as Array<{ id: string; createdAt: string }>;
    const created = listedJson.find((b) => b.id === batch.id)?.createdAt ?? '';
    expect(created).toMatch(ISO);
    const listedTable = await runAccel(['bulk', 'list'], { env: { ...ctx.env(), ...TOKYO } });
    expect(listedTable.stdout).toContain(`${batch.id}  ${inTokyo(created)}  finished`);
    expect(listedTable.stdout).not.toMatch(ISO);
  }, 180_000);

  it('saves a template and plans with it', async () => {
    const saved = await runAccel(
      [
        'bulk',
        'save-template',
        'Limits',
        '--change',
        '{"kind":"rate-limit-set","rateLimit":{"timeWindow":60,"requestLimit":200}}',
      ],
      { env: ctx.env() },
    );
    expect(saved.code).toBe(0);
    const templates = await runAccel(['bulk', 'templates'], { env: { ...ctx.env(), ...TOKYO } });
    expect(templates.stdout).toMatch(
      /^Limits\s+rate-limit-set\s+saved [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M GMT\+9$/m,
    );
    const savedAt =
      (
        JSON.parse((await runAccel(['bulk', 'templates', '--format', 'json'], { env: ctx.env() })).stdout) as Array<{
          savedAt: string;
        }>
      )[0]?.savedAt ?? '';
    expect(templates.stdout).toContain(`saved ${inTokyo(savedAt)}`);
    const plan = await runAccel(['bulk', 'plan', '--template', 'Limits', '--accounts', 'Acme', '--domain', '*'], {
      env: ctx.env(),
    });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^update\s+Acme\s+.*Request limit: \(unknown\) → 200/m);
    const bad = await runAccel(
      [
        'bulk',
        'save-template',
        'Bad',
        '--change',
        '{"kind":"rate-limit-set","rateLimit":{"timeWindow":0,"requestLimit":1}}',
      ],
      { env: ctx.env() },
    );
    // A mistake in the change is a mistake in the command line: exit 2, the field and its rule on stderr.
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/"rateLimit\.timeWindow": Time window/);
  }, 120_000);
});
