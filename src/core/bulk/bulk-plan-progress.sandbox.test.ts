// Planning a bulk change over many services: bulk.planProgress counts the reads per
// account up to the total, and bulk.cancelPlan stops the reads — the gateway sees no read after
// the cancel and the key's queued budget slots are given back. Two sandbox gateways, real HTTP,
// a tight client budget (4 requests per minute) so that reads really queue.
import { AppCode } from '#shared/app-errors.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { addTwoCustomers, startTwoCustomerGateways, type TwoCustomerGateways } from '../test-support/two-customers.ts';
import { createRequestBudget, type RequestBudget } from '../api/budget.ts';
import { type PlanProgress } from '#shared/bulk/plan-progress.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX-PLAN', accessKeySecret: 'globex-plan-secret-01', customerId: 4303 };
const PER_MINUTE = 4;

let gateways: TwoCustomerGateways;
let acmeLog: string[];
const secrets = createMemorySecretStore();
let core: Core;
let dataDir: string;
let acme: string;
let globex: string;
let acmeIds: number[];
const reads = (log: string[]) => log.filter((line) => line.includes(' op=getService ')).length;
const newCore = (budget: false | RequestBudget) =>
  createCore({
    dataDir,
    secretStore: secrets,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 }, budget },
  });

beforeAll(async () => {
  // Enough services that the tight budget of the cancel test makes most of the reads wait.
  gateways = await startTwoCustomerGateways(
    GLOBEX,
    Array.from({ length: 8 }, (_, i) => `bulk${i}.plan.example`),
  );
  acmeLog = gateways.acmeLog;
  dataDir = await mkdtemp(join(tmpdir(), 'accel-bulk-plan-'));
  // The first core has no budget: the setup reads must not spend the cancel test's windows.
  core = newCore(false);
  ({ acme, globex, acmeIds } = await addTwoCustomers(core, gateways));
});

afterAll(async () => {
  await core?.dispose();
  await gateways?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const cors = { kind: 'cors' as const, headers: { accessControlAllowOrigin: 'https://shop.example' } };

describe('bulk plan progress and cancel', () => {
  it('counts the reads per account up to the total, accounts in parallel', async () => {
    const events: PlanProgress[] = [];
    const off = core.on('bulk.planProgress', (event) => {
      if (event.planId === 'plan-all') events.push(event);
    });
    const batch = data(
      await core.invoke('bulk.plan', { planId: 'plan-all', change: cors, targets: { accountIds: [acme, globex] } }),
    );
    off();
    const total = acmeIds.length + 1;
    expect(batch.items).toHaveLength(total);
    // One event at the start (nothing read) and one per read, counting up to the total.
    expect(events).toHaveLength(total + 1);
    expect(events.map((e) => e.read)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
    expect(events.every((e) => e.total === total)).toBe(true);
    const last = events.at(-1)!;
    expect(last.msLeft).toBe(0);
    expect(last.accounts.map((a) => [a.accountName, a.read, a.total, a.perMinute])).toEqual([
      ['Acme', acmeIds.length, acmeIds.length, null],
      ['Globex', 1, 1, null],
    ]);
    // Accounts in parallel: Globex's one read is done before Acme's last one.
    const globexDone = events.findIndex((e) => e.accounts.find((a) => a.accountName === 'Globex')!.read === 1);
    expect(globexDone).toBeLessThan(events.length - 1);
  });

  it('cancel stops the reads: no read reaches the gateway after it and the queued budget slots are released', async () => {
    // A new core over the same data with a budget of 4 requests per minute for each key.
    await core.dispose();
    // One budget object for the core's clients, so the test can see its queue.
    const budget = createRequestBudget({ windows: [{ limit: PER_MINUTE, windowMs: 60_000 }] });
    core = newCore(budget);
    expect(acmeIds.length).toBeGreaterThan(PER_MINUTE * 2);
    const events: PlanProgress[] = [];
    const user: { cancelled: Promise<boolean> | null } = { cancelled: null };
    const off = core.on('bulk.planProgress', (event) => {
      if (event.planId !== 'plan-cancel') return;
      events.push(event);
      // Once reads wait for the budget (the window is spent), the user cancels.
      if (user.cancelled === null && budget.queued > 0)
        user.cancelled = core.invoke('bulk.cancelPlan', { planId: 'plan-cancel' }).then((r) => data(r).cancelled);
    });
    const readsBefore = reads(acmeLog);
    const batchesBefore = data(await core.invoke('bulk.list', {})).batches.length;
    const result = await core.invoke('bulk.plan', {
      planId: 'plan-cancel',
      change: cors,
      targets: { accountIds: [acme] },
    });
    off();
    expect(await user.cancelled).toBe(true);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(AppCode.Bulk.PlanCancelled);
    expect(result.error.message).toMatch(
      /^Planning was cancelled after reading \d+ of \d+ services\. Nothing was changed\.$/,
    );
    const readAtCancel = events.at(-1)!.read;
    expect(readAtCancel).toBeLessThan(acmeIds.length);
    // Reads already sent when the user cancelled (four at a time per account) may reach the
    // gateway, their answers dropped; none is sent after the cancel and none waits any more.
    // (The gateway logs a request when it has answered it: give those in flight time to land.)
    expect(budget.queued).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seen = reads(acmeLog) - readsBefore;
    expect(seen).toBeGreaterThanOrEqual(readAtCancel);
    expect(seen).toBeLessThanOrEqual(readAtCancel + 3);
    // The estimate is the key's pace: the rest waits for the next windows of 4 per minute.
    const waiting = events.find(
      (e) => e.read < e.total && e.accounts[0]!.msLeft !== null && e.accounts[0]!.msLeft > 0,
    )!;
    expect(waiting.accounts[0]).toMatchObject({
      accountName: 'Acme',
      perMinute: PER_MINUTE,
      total: acmeIds.length,
      budgetBound: true,
    });
    // Nothing is stored for a cancelled plan.
    expect(data(await core.invoke('bulk.list', {})).batches).toHaveLength(batchesBefore);
    expect(data(await core.invoke('bulk.cancelPlan', { planId: 'plan-cancel' }))).toEqual({ cancelled: false });
  });
});
