// Baselines across two customers: two sandbox gateways with different keys. Snapshots are read
// through the signed clients, evaluated offline, fixed through the guarded write path, and the
// evaluation keeps working from the snapshots when a gateway is gone.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSandbox,
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
  type SandboxHandle,
} from '#sandbox';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import type { BaselineReport } from '#shared/baseline/baseline.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX', accessKeySecret: 'globex-secret-0001', customerId: 4202 };

let acmeGateway: SandboxHandle;
let globexGateway: SandboxHandle;
let core: Core;
let dataDir: string;
let acme: string;
let globex: string;

function failure(result: IpcResult<unknown>) {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

const checks = ['https-redirect', 'tls-profile', 'http2', 'https-origins', 'rate-limit-applied'];
const column = (report: BaselineReport, checkId: string) => report.checks.findIndex((c) => c.checkId === checkId);
const cell = (report: BaselineReport, accountId: string, checkId: string) =>
  report.accounts.find((a) => a.accountId === accountId)?.cells[column(report, checkId)];

beforeAll(async () => {
  acmeGateway = await startSandbox({ rateLimit: false });
  globexGateway = await startSandbox({ rateLimit: false, keys: [GLOBEX] });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-baselines-'));
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    // No request budget: the fixes write and read many services within a minute.
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 }, budget: false },
  });
  acme = data(
    await core.invoke('accounts.add', {
      name: 'Acme',
      baseUrl: acmeGateway.url,
      accessKeyId: DEMO_ACCESS_KEY_ID,
      customerId: DEMO_CUSTOMER_ID,
      secret: DEMO_ACCESS_KEY_SECRET,
    }),
  ).account.id;
  globex = data(
    await core.invoke('accounts.add', {
      name: 'Globex',
      baseUrl: globexGateway.url,
      accessKeyId: GLOBEX.accessKeyId,
      customerId: GLOBEX.customerId,
      secret: GLOBEX.accessKeySecret,
    }),
  ).account.id;
  data(
    await core.invoke('inventory.addByIds', { accountId: acme, ids: acmeGateway.services.map((s) => s.id).join(',') }),
  );
  const globexIds = globexGateway.store.servicesOf(GLOBEX.customerId).map((s) => s.service.id);
  data(await core.invoke('inventory.addByIds', { accountId: globex, ids: globexIds.join(',') }));
});

afterAll(async () => {
  await core?.dispose();
  await acmeGateway?.stop();
  await globexGateway?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('baselines across two customers', () => {
  it('refuses an unknown baseline and bad parameters, naming the field', async () => {
    expect(failure(await core.invoke('baselines.evaluate', { name: 'Nope' })).code).toBe('Baselines.NotFound');
    const bad = failure(
      await core.invoke('baselines.save', {
        baseline: { name: 'Bad', checks: [{ checkId: 'static-cache-ttl', params: { minTtlSeconds: -5 } }] },
      }),
    );
    expect(bad.message).toMatch(/minTtlSeconds/);
  });

  it('has no results before the first snapshot, then evaluates every service of both accounts', async () => {
    data(
      await core.invoke('baselines.save', {
        baseline: {
          name: 'Fleet',
          checks: checks.map((checkId) => ({ checkId })),
          assignedTo: { accounts: [acme, globex] },
        },
      }),
    );
    const before = data(await core.invoke('baselines.evaluate', { name: 'Fleet', details: true })).report;
    expect(before.accounts.map((a) => [a.accountName, a.services, a.withoutSnapshot])).toEqual([
      ['Acme', 6, 6],
      ['Globex', 3, 3],
    ]);
    // Nothing was checked: no cell passes, every result is not known.
    expect(before.totals).toEqual({ pass: 0, fail: 0, unknown: 45, unchecked: 45 });
    expect(cell(before, acme, 'http2')).toEqual({ pass: 0, fail: 0, unknown: 6, unchecked: 6 });
    const refreshed = data(await core.invoke('baselines.refreshSnapshots', {}));
    expect(refreshed).toEqual({ refreshed: 9, failed: [], unreachable: [] });
    const status = data(await core.invoke('baselines.snapshots', {}));
    expect(status.accounts.map((a) => [a.accountName, a.services, a.snapshots, a.failures])).toEqual([
      ['Acme', 6, 6, 0],
      ['Globex', 3, 3, 0],
    ]);
    expect(status.background.running).toBe(false);

    const { report } = data(await core.invoke('baselines.evaluate', { name: 'Fleet', details: true }));
    // Acme's legacy service: HTTP origin, TLS old, no redirect, no HTTP/2.
    for (const id of ['https-redirect', 'tls-profile', 'http2', 'https-origins'])
      expect(cell(report, acme, id)).toEqual({ pass: 5, fail: 1, unknown: 0, unchecked: 0 });
    for (const id of ['https-redirect', 'tls-profile', 'http2', 'https-origins'])
      expect(cell(report, globex, id)).toEqual({ pass: 3, fail: 0, unknown: 0, unchecked: 0 });
    // The seeded rate limits were not applied from this app, so none is known.
    expect(cell(report, acme, 'rate-limit-applied')).toEqual({ pass: 0, fail: 6, unknown: 0, unchecked: 0 });
    const legacy = report.details.find(
      (d) => d.domainName === 'legacy.example-shop.com' && d.check === column(report, 'https-origins'),
    );
    expect(legacy?.findings).toEqual([
      { item: 'Origin 1 (http://legacy-origin.example-shop.com)', detail: 'uses http://' },
    ]);
    expect(report.accounts[0].oldestSnapshotAt).not.toBeNull();
    // Without details: counts only; one cell's results on request.
    const slim = data(await core.invoke('baselines.evaluate', { name: 'Fleet' })).report;
    expect(slim.details).toEqual([]);
    expect(slim.totals).toEqual(report.totals);
    const cellDetails = data(
      await core.invoke('baselines.cell', { name: 'Fleet', check: column(report, 'https-origins'), accountId: acme }),
    ).details;
    expect(cellDetails.map((d) => d.domainName)).toEqual(['legacy.example-shop.com']);
  });

  it('fixes a failing check as one bulk batch, re-evaluates after reading the services again, and never replays the plan', async () => {
    const rate = column(data(await core.invoke('baselines.evaluate', { name: 'Fleet' })).report, 'rate-limit-applied');
    const plan = data(await core.invoke('baselines.planFix', { name: 'Fleet', check: rate, accountId: globex }));
    expect(plan.lines).toEqual([
      { text: 'Set a rate limit of 600 requests per client IP every 1 minute', services: 3 },
    ]);
    expect(plan.byHand).toBe(0);
    expect(plan.batch).toMatchObject({
      status: 'planned',
      change: null,
      origin: { kind: 'baseline-fix', baseline: 'Fleet', checkId: 'rate-limit-applied', accountId: globex },
    });
    expect(plan.batch?.items.map((i) => [i.accountId, i.action, i.operationId])).toEqual([
      [globex, 'update', 'upsertRateLimit'],
      [globex, 'update', 'upsertRateLimit'],
      [globex, 'update', 'upsertRateLimit'],
    ]);
    const batchId = plan.batch?.id ?? '';
    const applied = data(await core.invoke('baselines.applyFix', { batchId }));
    expect(applied.batch.counts.applied).toBe(3);
    expect(applied.refresh).toMatchObject({ refreshed: 3, failed: [] });
    expect(applied.remaining).toEqual({ lines: [], byHand: 0 });
    expect(cell(applied.report, globex, 'rate-limit-applied')).toEqual({ pass: 3, fail: 0, unknown: 0, unchecked: 0 });
    // Every write went through the journal, with the batch's ID.
    const journal = data(await core.invoke('journal.list', { batchId }));
    expect(journal.entries.filter((e) => e.result.ok)).toHaveLength(3);
    // The spent plan is refused; nothing is written again.
    const again = failure(await core.invoke('baselines.applyFix', { batchId }));
    expect(again.code).toBe('Baselines.FixSpent');
    expect(data(await core.invoke('journal.list', { batchId })).entries).toHaveLength(3);
    // Planning again finds nothing left for Globex.
    expect(
      data(await core.invoke('baselines.planFix', { name: 'Fleet', check: rate, accountId: globex })).batch,
    ).toBeNull();
  });

  it('plans both deny rules of the admin check in one Fix, so one round is enough', async () => {
    data(
      await core.invoke('baselines.save', {
        baseline: { name: 'Admin', checks: [{ checkId: 'admin-path-denied' }], assignedTo: { accounts: [globex] } },
      }),
    );
    const before = data(await core.invoke('baselines.evaluate', { name: 'Admin' })).report;
    const failing = cell(before, globex, 'admin-path-denied')?.fail ?? 0;
    expect(failing).toBeGreaterThan(0);
    const plan = data(await core.invoke('baselines.planFix', { name: 'Admin', check: 0 }));
    expect(plan.lines.map((l) => l.text)).toEqual([
      expect.stringMatching(
        /^Add an access rule “Deny \/admin outside allowed networks” that blocks \/admin for clients on a direct connection/,
      ),
      expect.stringMatching(
        /^Add an access rule “Deny \/admin outside allowed networks \(anonymous clients\)” that blocks \/admin for clients behind VPNs and proxies/,
      ),
    ]);
    // One batch: a create per client group on every failing service.
    expect(plan.batch?.items).toHaveLength(failing * 2);
    expect(plan.batch?.items.every((i) => i.action === 'create')).toBe(true);
    // A plan that will not run can be dropped; a dropped plan cannot run.
    data(await core.invoke('baselines.discardFix', { batchId: plan.batch?.id ?? '' }));
    expect(failure(await core.invoke('baselines.applyFix', { batchId: plan.batch?.id ?? '' })).code).toBe(
      'Baselines.FixSpent',
    );
    const replanned = data(await core.invoke('baselines.planFix', { name: 'Admin', check: 0 }));
    const applied = data(await core.invoke('baselines.applyFix', { batchId: replanned.batch?.id ?? '' }));
    expect(applied.batch.counts.applied).toBe(failing * 2);
    expect(applied.remaining.lines).toEqual([]);
    expect(cell(applied.report, globex, 'admin-path-denied')).toMatchObject({ fail: 0 });
    data(await core.invoke('baselines.delete', { name: 'Admin' }));
  });

  it('asks for the production confirmation once, and keeps the plan usable until it is given', async () => {
    data(await core.invoke('accounts.update', { accountId: acme, patch: { production: true } }));
    try {
      const rate = column(
        data(await core.invoke('baselines.evaluate', { name: 'Fleet' })).report,
        'rate-limit-applied',
      );
      const plan = data(await core.invoke('baselines.planFix', { name: 'Fleet', check: rate, accountId: acme }));
      expect(plan.batch?.productionAccounts).toEqual([{ id: acme, name: 'Acme' }]);
      const batchId = plan.batch?.id ?? '';
      expect(failure(await core.invoke('baselines.applyFix', { batchId })).code).toBe('Change.ConfirmationRequired');
      const applied = data(await core.invoke('baselines.applyFix', { batchId, confirmProduction: true }));
      expect(applied.batch.counts.applied).toBe(6);
      expect(applied.remaining.lines).toEqual([]);
    } finally {
      data(await core.invoke('accounts.update', { accountId: acme, patch: { production: false } }));
    }
  });

  it('refuses to run a plain bulk batch as a Fix', async () => {
    const batch = data(
      await core.invoke('bulk.plan', { change: { kind: 'rate-limit-delete' }, targets: { accountIds: [globex] } }),
    );
    const refused = failure(await core.invoke('baselines.applyFix', { batchId: batch.id }));
    expect(refused).toMatchObject({
      code: 'Baselines.FixSpent',
      message: expect.stringMatching(/not planned by a baseline Fix/),
    });
    data(await core.invoke('bulk.discard', { batchId: batch.id }));
  });

  it('assigns by tag (a service carries its account’s tags)', async () => {
    data(await core.invoke('tags.setAccount', { accountId: globex, tags: ['retail'] }));
    data(
      await core.invoke('baselines.save', {
        baseline: { name: 'Retail', checks: [{ checkId: 'http2' }], assignedTo: { tags: ['retail'] } },
      }),
    );
    const { report } = data(await core.invoke('baselines.evaluate', { name: 'Retail' }));
    expect(report.accounts.map((a) => [a.accountName, a.services])).toEqual([['Globex', 3]]);
  });

  it('exports and imports baselines as a document (account assignments stay local)', async () => {
    const exported = data(await core.invoke('baselines.export', { names: ['Fleet'] }));
    expect(JSON.parse(exported.content)).toMatchObject({
      format: 'acceleration-console/baselines',
      baselines: [{ name: 'Fleet', assignedTo: { accounts: [] } }],
    });
    data(await core.invoke('baselines.delete', { name: 'Fleet' }));
    expect(data(await core.invoke('baselines.import', { document: exported.content }))).toEqual({
      imported: ['Fleet'],
    });
    const names = data(await core.invoke('baselines.list', {})).baselines.map((b) => b.name);
    expect(names.sort()).toEqual(['Fleet', 'Retail']);
    expect(failure(await core.invoke('baselines.import', { document: '{"format":"other"}' })).message).toMatch(
      /not a baselines document/,
    );
  });

  it('works from the snapshots when a gateway is gone; a refresh says which account could not be reached', async () => {
    data(
      await core.invoke('baselines.save', {
        baseline: {
          name: 'Fleet',
          checks: checks.map((checkId) => ({ checkId })),
          assignedTo: { accounts: [acme, globex] },
        },
        previousName: 'Fleet',
      }),
    );
    await globexGateway.stop();
    const offline = data(await core.invoke('baselines.evaluate', { name: 'Fleet' }));
    expect(offline.refresh).toBeNull();
    expect(offline.report.accounts.find((a) => a.accountId === globex)?.services).toBe(3);
    const online = data(await core.invoke('baselines.evaluate', { name: 'Fleet', refresh: true }));
    expect(online.refresh?.unreachable).toEqual([globex]);
    expect(online.report.accounts.find((a) => a.accountId === globex)?.services).toBe(3);
  });

  it('starts and stops the background refresh on request', async () => {
    expect(data(await core.invoke('baselines.background', { running: true })).running).toBe(true);
    expect(data(await core.invoke('baselines.background', { running: false })).running).toBe(false);
  });

  it('remembers the background refresh choice across restarts (in the settings)', async () => {
    const restart = async (): Promise<boolean> => {
      const next = createCore({
        dataDir,
        secretStore: createMemorySecretStore(),
        sandboxOptions: { statePath: null },
        backgroundSnapshots: true,
      });
      try {
        // Calls wait until the core has decided from the settings file.
        const settings = data(await next.invoke('app.getSettings', {}));
        const running = data(await next.invoke('baselines.snapshots', {})).background.running;
        expect(running).toBe(settings.backgroundSnapshots);
        return running;
      } finally {
        await next.dispose();
      }
    };
    // Switched off above: a restart leaves it off.
    expect(data(await core.invoke('app.getSettings', {})).backgroundSnapshots).toBe(false);
    expect(await restart()).toBe(false);
    data(await core.invoke('baselines.background', { running: true }));
    expect(data(await core.invoke('app.getSettings', {})).backgroundSnapshots).toBe(true);
    expect(await restart()).toBe(true);
    data(await core.invoke('baselines.background', { running: false }));
  });
});
