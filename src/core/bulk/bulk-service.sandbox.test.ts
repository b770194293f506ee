// Bulk apply across two customers: two sandbox gateways with different keys, the second account
// flagged production. A CORS batch with one failing target (fault injection), resume on a new
// core over the same data dir (a restart), an app stop mid-run, and revert — all through invoke().
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '#sandbox';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { addTwoCustomers, startTwoCustomerGateways, type TwoCustomerGateways } from '../test-support/two-customers.ts';
import type { SecretStore } from '../secrets/secret-store.ts';
import type { BulkBatch, BulkProgress } from '#shared/bulk/batch.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX', accessKeySecret: 'globex-secret-0001', customerId: 4202 };

let gateways: TwoCustomerGateways;
let acmeGateway: SandboxHandle;
let globexGateway: SandboxHandle;
let acmeLog: string[];
let globexLog: string[];
let secrets: SecretStore;
let core: Core;
let dataDir: string;
let acme: string;
let globex: string;
let acmeIds: number[];
let globexId: number;

const newCore = () =>
  createCore({
    dataDir,
    secretStore: secrets,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } },
  });
const ops = (log: string[], from: number, op: string) =>
  log.slice(from).filter((line) => line.includes(` op=${op} `)).length;

function failure(result: IpcResult<unknown>) {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

/** Runs a planned batch and resolves with it once its run stops (the last progress event). */
async function runToEnd(
  batch: BulkBatch,
  confirmProduction = true,
): Promise<{ batch: BulkBatch; events: BulkProgress[] }> {
  const events: BulkProgress[] = [];
  const stopped = new Promise<void>((resolve) => {
    const off = core.on('bulk.progress', (event) => {
      if (event.batchId !== batch.id) return;
      events.push(event);
      if (event.status !== 'running') {
        off();
        resolve();
      }
    });
  });
  data(await core.invoke('bulk.run', { batchId: batch.id, confirmProduction }));
  await stopped;
  return { batch: data(await core.invoke('bulk.get', { batchId: batch.id })), events };
}

beforeAll(async () => {
  gateways = await startTwoCustomerGateways(GLOBEX);
  ({ acmeGateway, globexGateway, acmeLog, globexLog } = gateways);
  dataDir = await mkdtemp(join(tmpdir(), 'accel-bulk-'));
  secrets = createMemorySecretStore();
  core = newCore();
  ({ acme, globex, acmeIds, globexId } = await addTwoCustomers(core, gateways, { globexProduction: true }));
});

afterAll(async () => {
  await core?.dispose();
  await gateways?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('bulk apply across two customers', () => {
  let baseline: BulkBatch;
  let shopCors: BulkBatch;
  const targets = () => ({ accountIds: [acme, globex] });

  it('plans with one read per service, names the production account and needs one confirmation for the batch', async () => {
    const acmeFrom = acmeLog.length;
    const globexFrom = globexLog.length;
    baseline = data(
      await core.invoke('bulk.plan', {
        change: { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
        targets: targets(),
      }),
    );
    expect(baseline.items).toHaveLength(acmeIds.length + 1);
    expect(ops(acmeLog, acmeFrom, 'getService')).toBe(acmeIds.length);
    expect(ops(globexLog, globexFrom, 'getService')).toBe(1);
    expect(acmeLog.length - acmeFrom + globexLog.length - globexFrom).toBe(acmeIds.length + 1);
    expect(baseline.productionAccounts).toEqual([{ id: globex, name: 'Globex' }]);
    expect(failure(await core.invoke('bulk.run', { batchId: baseline.id }))).toMatchObject({
      code: 'Change.ConfirmationRequired',
      message: expect.stringContaining('“Globex”'),
    });
    const { batch, events } = await runToEnd(baseline);
    expect(batch.status).toBe('finished');
    expect(batch.counts).toMatchObject({ applied: acmeIds.length + 1, failed: 0 });
    expect(events.filter((e) => e.item?.state === 'applied')).toHaveLength(acmeIds.length + 1);
    expect(acmeGateway.store.corsOf(acmeIds[0]!)).toMatchObject({ accessControlAllowOrigin: '*' });
    expect(globexGateway.store.corsOf(globexId)).toMatchObject({ accessControlAllowOrigin: '*' });
    const journal = data(await core.invoke('journal.list', {})).entries.filter((e) => e.batchId === baseline.id);
    expect(journal).toHaveLength(acmeIds.length + 1);
  });

  it("runs with exactly the plan's calls; the failing target keeps its mapped error", async () => {
    globexGateway.setFaults({ perOperation: { setCorsHeaders: { errorRate: 1, errorStatus: 503 } } });
    const acmeFrom = acmeLog.length;
    shopCors = data(
      await core.invoke('bulk.plan', {
        change: {
          kind: 'cors',
          headers: { accessControlAllowOrigin: 'https://shop.example', accessControlMaxAge: 600 },
        },
        targets: targets(),
      }),
    );
    expect(shopCors.items[0]?.changes).toEqual([
      {
        path: 'accessControlAllowOrigin',
        label: 'Access-Control-Allow-Origin',
        before: '*',
        after: 'https://shop.example',
      },
      { path: 'accessControlMaxAge', label: 'Access-Control-Max-Age', before: null, after: '10 minutes' },
    ]);
    const { batch } = await runToEnd(shopCors);
    expect(batch.status).toBe('finished');
    expect(batch.counts).toMatchObject({ applied: acmeIds.length, failed: 1 });
    expect(batch.items.find((i) => i.accountId === globex)).toMatchObject({
      state: 'failed',
      error: { code: 'Server.Unavailable' },
    });
    // Acme: one read per service for the plan, one write per changed service for the run.
    expect(acmeLog.length - acmeFrom).toBe(2 * acmeIds.length);
    expect(ops(acmeLog, acmeFrom, 'setCorsHeaders')).toBe(acmeIds.length);
    const listed = data(await core.invoke('bulk.list', {})).batches.find((b) => b.id === shopCors.id);
    expect(listed).toMatchObject({ status: 'finished', resumable: true });
  });

  it('resumes on a new core over the same data dir (a restart): only the failed item is written again', async () => {
    await core.dispose();
    core = newCore();
    globexGateway.setFaults(undefined);
    const acmeFrom = acmeLog.length;
    const listed = data(await core.invoke('bulk.list', {})).batches.find((b) => b.id === shopCors.id);
    expect(listed).toMatchObject({ resumable: true });
    const { batch } = await runToEnd(shopCors);
    expect(batch.counts).toMatchObject({ applied: acmeIds.length + 1, failed: 0 });
    expect(acmeLog.length).toBe(acmeFrom);
    expect(globexGateway.store.corsOf(globexId)).toMatchObject({ accessControlAllowOrigin: 'https://shop.example' });
  });

  it('an app stop mid-run leaves the batch interrupted; the next start offers it and never runs it by itself', async () => {
    // Slow Acme answers so that the stop comes while the batch still has work.
    acmeGateway.setFaults({ latencyMs: 150 });
    const limits = data(
      await core.invoke('bulk.plan', {
        change: { kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 500 } },
        targets: { accountIds: [acme] },
      }),
    );
    const firstApplied = new Promise<void>((resolve) => {
      const off = core.on('bulk.progress', (e) => {
        if (e.batchId === limits.id && e.item?.state === 'applied') {
          off();
          resolve();
        }
      });
    });
    data(await core.invoke('bulk.run', { batchId: limits.id }));
    await firstApplied;
    await core.dispose();
    acmeGateway.setFaults(undefined);
    const acmeFrom = acmeLog.length;
    core = newCore();
    const listed = data(await core.invoke('bulk.list', {})).batches.find((b) => b.id === limits.id);
    expect(listed).toMatchObject({ status: 'interrupted', resumable: true });
    const { warnings } = data(await core.invoke('app.status', {}));
    expect(warnings.find((w) => w.code === 'Bulk.Interrupted')?.message).toMatch(
      /“Set rate limit: 500 requests per 60 s” \(\d+ of \d+ services left\) stopped when the app closed/,
    );
    const waiting = data(await core.invoke('bulk.get', { batchId: limits.id }));
    expect(waiting.counts.applied).toBeGreaterThanOrEqual(1);
    expect(waiting.counts.pending).toBeGreaterThanOrEqual(1);
    expect(ops(acmeLog, acmeFrom, 'upsertRateLimit')).toBe(0);
    const { batch } = await runToEnd(limits);
    expect(batch.counts).toMatchObject({ applied: acmeIds.length, pending: 0, failed: 0 });
    for (const id of acmeIds)
      expect(acmeGateway.store.rateLimitOf(id)).toMatchObject({ timeWindow: 60, requestLimit: 500 });
  });

  it('reverts the CORS batch as a whole through a new plan, itself a batch needing the production confirmation', async () => {
    const revert = data(await core.invoke('bulk.planRevert', { batchId: shopCors.id }));
    expect(revert).toMatchObject({ revertOf: shopCors.id, productionAccounts: [{ id: globex, name: 'Globex' }] });
    expect(revert.items.every((i) => i.action === 'update')).toBe(true);
    expect(revert.items[0]?.changes[0]).toMatchObject({
      label: 'Access-Control-Allow-Origin',
      before: 'https://shop.example',
      after: '*',
    });
    expect(failure(await core.invoke('bulk.run', { batchId: revert.id }))).toMatchObject({
      code: 'Change.ConfirmationRequired',
    });
    const { batch } = await runToEnd(revert);
    expect(batch.counts).toMatchObject({ applied: acmeIds.length + 1 });
    expect(acmeGateway.store.corsOf(acmeIds[0]!)).toEqual({ accessControlAllowOrigin: '*' });
    expect(globexGateway.store.corsOf(globexId)).toEqual({ accessControlAllowOrigin: '*' });
    const journal = data(await core.invoke('journal.list', {})).entries.filter((e) => e.batchId === revert.id);
    expect(journal).toHaveLength(acmeIds.length + 1);
    // Each revert entry names the entry whose "before" it applied.
    const reverted = new Set(
      data(await core.invoke('journal.list', {}))
        .entries.filter((e) => e.batchId === shopCors.id && e.result.ok)
        .map((e) => e.id),
    );
    expect(journal.every((e) => e.reapplyOf !== undefined && reverted.has(e.reapplyOf))).toBe(true);
  });

  it('selects targets by tag, a tag on the account counting for its services', async () => {
    data(await core.invoke('tags.setAccount', { accountId: globex, tags: ['retail'] }));
    data(await core.invoke('tags.setService', { accountId: acme, serviceId: acmeIds[1]!, tags: ['retail'] }));
    const plan = data(
      await core.invoke('bulk.plan', { change: { kind: 'rate-limit-delete' }, targets: { tags: ['retail'] } }),
    );
    expect(plan.items.map((i) => [i.accountId, i.serviceId])).toEqual([
      [acme, acmeIds[1]],
      [globex, globexId],
    ]);
    const narrowed = failure(
      await core.invoke('bulk.plan', {
        change: { kind: 'rate-limit-delete' },
        targets: { tags: ['retail'], domainPattern: 'nothing.*' },
      }),
    );
    expect(narrowed.code).toBe('Bulk.NoTargets');
  });

  it('templates are kept across restarts and used as the change of a plan', async () => {
    data(
      await core.invoke('bulk.saveTemplate', {
        name: 'Shop CORS',
        change: { kind: 'cors', headers: { accessControlAllowOrigin: 'https://shop.example' } },
      }),
    );
    await core.dispose();
    core = newCore();
    expect(data(await core.invoke('bulk.listTemplates', {})).templates.map((t) => t.name)).toEqual(['Shop CORS']);
    const plan = data(
      await core.invoke('bulk.plan', {
        template: 'Shop CORS',
        targets: { services: [{ accountId: acme, serviceId: acmeIds[0]! }] },
      }),
    );
    expect(plan.items).toHaveLength(1);
    expect(plan.items[0]?.action).toBe('update');
    const bad = failure(
      await core.invoke('bulk.plan', {
        change: { kind: 'rate-limit-set', rateLimit: { timeWindow: 0, requestLimit: 1 } },
        targets: { accountIds: [acme] },
      }),
    );
    expect(bad.fields).toMatchObject({ 'change.rateLimit.timeWindow': expect.stringContaining('Time window') });
  });
});
