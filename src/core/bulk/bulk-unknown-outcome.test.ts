// Bulk items whose write was sent and never answered (the app stopped, a cancel while it was out):
// after a restart each is checked by reading its service before anything is sent again. A fake
// gateway that can swallow an answer stands in for the network; a second service instance on the
// same data directory is the restarted app (the SIGKILL test with real processes and gateways is
// src/cli/commands/bulk-crash-resume.keychain.test.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBulkService, type BulkAccount, type BulkService } from './bulk-service.ts';
import { createBatchStore } from './bulk-store.ts';
import { createTemplateStore } from './bulk-templates.ts';
import { createChangeService, type ChangeClient } from '../changes/changes.ts';
import { createJournal } from '../journal/journal.ts';
import { AbortError, ApiError } from '../api/errors.ts';
import type { BulkChange } from '#shared/bulk/change.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const accounts: BulkAccount[] = [{ id: 'acme', name: 'Acme', production: false }];
const SERVICES = [1, 2, 3];

type Policy = Record<string, unknown>;
let dataDir: string;
let policies: Map<number, Policy[]>;
let writes: Array<{ operationId: string; serviceId: number }>;
/** Services whose next write is handled (or not) and then never answered: the app "stops" there. */
let lose: Map<number, 'after-applying' | 'before-applying' | 'until-cancelled'>;
let failReads: Set<number>;
let nextPolicyId: number;

const client: ChangeClient = {
  async call(operationId, input, options) {
    const serviceId = Number(input.params.serviceId);
    if (operationId === 'getService') return { id: serviceId };
    if (operationId === 'listAccessControlPolicies') {
      if (failReads.has(serviceId))
        throw new ApiError({
          status: 503,
          code: 'Server.Unavailable',
          message: 'The server is unavailable.',
          operationId,
        });
      return structuredClone(policies.get(serviceId) ?? []);
    }
    await options?.beforeSend?.();
    writes.push({ operationId, serviceId });
    const lost = lose.get(serviceId);
    lose.delete(serviceId);
    if (lost === 'before-applying') return new Promise(() => undefined);
    let answer: unknown;
    if (operationId === 'createAccessControlPolicy') {
      const created = { ...(input.body as Policy), policyId: nextPolicyId++, anonymousIp: false, enabled: true };
      policies.set(serviceId, [...(policies.get(serviceId) ?? []), created]);
      answer = created;
    }
    if (lost === 'after-applying') return new Promise(() => undefined);
    if (lost === 'until-cancelled') {
      // Out until the user cancels: the transport then reports an abort, as undici does.
      const signal = options?.signal;
      await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
      throw new AbortError(operationId);
    }
    return answer;
  },
};

/** One "process": its own journal and stores on the shared data directory. */
function start(): BulkService {
  const journal = createJournal({ dataDir, now: () => NOW });
  const changes = createChangeService({
    journal,
    account: async (id) => accounts.find((a) => a.id === id) as BulkAccount,
    client: async () => client,
  });
  return createBulkService({
    batches: createBatchStore({ dataDir, now: () => NOW }),
    templates: createTemplateStore({ dataDir, now: () => NOW }),
    changes,
    journal,
    accounts: async () => accounts,
    inventory: async () => SERVICES.map((serviceId) => ({ serviceId, domainName: `s${serviceId}.acme.example` })),
    client: async () => client,
    now: () => NOW,
    concurrency: 1,
  });
}

const accessChange: BulkChange = {
  kind: 'access-control',
  policy: { policyName: 'Block admin', type: 'deny', matchUrlPath: { operator: 'prefix', patterns: ['/admin'] } },
};
const corsChange: BulkChange = { kind: 'cors', headers: { accessControlAllowOrigin: 'https://shop.example' } };

/** Runs a batch until the lost write has been sent, then "kills" that process (it is just dropped). */
async function runUntilLost(change: BulkChange): Promise<string> {
  const first = start();
  const plan = await first.plan({ change, targets: { accountIds: ['acme'] } });
  await first.run(plan.id);
  // The items before the lost one are answered; the lost one never is, so the run never ends.
  for (let i = 0; i < 100 && lose.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, 100));
  return plan.id;
}

const named = (serviceId: number) => (policies.get(serviceId) ?? []).filter((p) => p.policyName === 'Block admin');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-bulk-unknown-'));
  policies = new Map();
  writes = [];
  lose = new Map();
  failReads = new Set();
  nextPolicyId = 100;
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('after a restart, an item whose write got no answer', () => {
  it('is shown as unknown, and the journal says so', async () => {
    lose.set(2, 'after-applying');
    const batchId = await runUntilLost(accessChange);
    const restarted = start();
    const batch = await restarted.get(batchId);
    expect(batch.status).toBe('interrupted');
    expect(batch.items.map((i) => [i.serviceId, i.state])).toEqual([
      [1, 'applied'],
      [2, 'unknown'],
      [3, 'pending'],
    ]);
    expect(batch.items[1]?.error).toEqual({
      code: 'Change.OutcomeUnknown',
      message: 'unknown — the app stopped before the gateway answered',
    });
    expect(batch.items[1]?.journalEntryId).not.toBeNull();
  });

  it('create found on the service with the planned fields → applied, journaled as confirmed after restart; never created twice', async () => {
    lose.set(2, 'after-applying');
    const batchId = await runUntilLost(accessChange);
    writes = [];
    const restarted = start();
    await restarted.run(batchId);
    const done = await restarted.finished(batchId);
    expect(done.items.map((i) => i.state)).toEqual(['applied', 'applied', 'applied']);
    expect(writes).toEqual([{ operationId: 'createAccessControlPolicy', serviceId: 3 }]);
    for (const id of SERVICES) expect(named(id)).toHaveLength(1);
    const journal = createJournal({ dataDir, now: () => NOW });
    const ofService2 = (await journal.list()).filter((e) => e.serviceId === 2);
    expect(ofService2).toHaveLength(1);
    expect(ofService2[0]?.result).toMatchObject({
      ok: true,
      confirmed: 'read-back',
      message: expect.stringMatching(/^Confirmed after restart: /),
    });
    expect(ofService2[0]?.policyId).toBe(named(2)[0]?.policyId);
  });

  it('create not on the service → the earlier entry is settled as not applied, and it is sent once', async () => {
    lose.set(2, 'before-applying');
    const batchId = await runUntilLost(accessChange);
    writes = [];
    const restarted = start();
    await restarted.run(batchId);
    const done = await restarted.finished(batchId);
    expect(done.items.map((i) => i.state)).toEqual(['applied', 'applied', 'applied']);
    expect(writes.map((w) => w.serviceId)).toEqual([2, 3]);
    for (const id of SERVICES) expect(named(id)).toHaveLength(1);
    const entries = (await createJournal({ dataDir, now: () => NOW }).list()).filter((e) => e.serviceId === 2);
    expect(entries.map((e) => e.result.ok)).toEqual([true, false]);
    expect(entries[1]?.result).toMatchObject({ code: 'Change.NotApplied' });
  });

  it('create whose name is taken with other fields → left unknown (asks); sent only when the user says so', async () => {
    lose.set(2, 'before-applying');
    const batchId = await runUntilLost(accessChange);
    // Someone created a policy of that name meanwhile, with another type.
    policies.set(2, [
      {
        policyId: 5,
        policyName: 'Block admin',
        type: 'allow',
        priority: 1,
        matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
      },
    ]);
    writes = [];
    const restarted = start();
    await restarted.run(batchId);
    const held = await restarted.finished(batchId);
    expect(held.items.map((i) => i.state)).toEqual(['applied', 'unknown', 'applied']);
    expect(held.items[1]?.error).toMatchObject({
      code: 'Change.OutcomeCannotTell',
      message: expect.stringMatching(/named “Block admin”, but not with the fields that were sent \(type differs\)/),
    });
    expect(writes.map((w) => w.serviceId)).toEqual([3]);
    expect(held.status).toBe('finished');
    expect((await restarted.list()).find((b) => b.id === batchId)?.resumable).toBe(true);

    // Resuming again without the user's word: still not sent.
    await restarted.run(batchId);
    expect((await restarted.finished(batchId)).items[1]?.state).toBe('unknown');
    expect(writes.map((w) => w.serviceId)).toEqual([3]);

    await restarted.run(batchId, undefined, ['acme/2']);
    const sent = await restarted.finished(batchId);
    expect(sent.items[1]?.state).toBe('applied');
    expect(writes.map((w) => w.serviceId)).toEqual([3, 2]);
    const entries = (await createJournal({ dataDir, now: () => NOW }).list()).filter((e) => e.serviceId === 2);
    // The resend names the entry whose outcome stays unknown.
    expect(entries[0]).toMatchObject({ result: { ok: true }, resendOf: entries[1]?.id });
    expect(entries[1]?.result).toMatchObject({ ok: null });
  });

  it('the user may mark it as applied instead: journaled as marked by the user, nothing sent', async () => {
    lose.set(2, 'before-applying');
    const batchId = await runUntilLost(accessChange);
    failReads.add(2);
    const restarted = start();
    await restarted.run(batchId);
    const held = await restarted.finished(batchId);
    expect(held.items[1]).toMatchObject({
      state: 'unknown',
      error: {
        message: expect.stringContaining(
          'could not be read to check whether the change applied: The server is unavailable.',
        ),
      },
    });
    writes = [];
    await expect(restarted.markApplied(batchId, ['acme/1'])).rejects.toMatchObject({ code: 'Bulk.OutcomeKnown' });
    const marked = await restarted.markApplied(batchId, ['acme/2']);
    expect(marked.items[1]).toMatchObject({ state: 'applied', error: null });
    expect(marked.counts).toMatchObject({ applied: 3, unknown: 0 });
    expect(writes).toEqual([]);
    const [entry] = (await createJournal({ dataDir, now: () => NOW }).list()).filter((e) => e.serviceId === 2);
    expect(entry?.result).toMatchObject({ ok: true, confirmed: 'user' });
    await expect(restarted.run(batchId)).rejects.toMatchObject({ code: 'Bulk.NothingToRun' });
  });

  it('CORS cannot be read back: sent again (a full replacement), the resend naming the unknown entry', async () => {
    lose.set(2, 'after-applying');
    const batchId = await runUntilLost(corsChange);
    writes = [];
    const restarted = start();
    await restarted.run(batchId);
    const done = await restarted.finished(batchId);
    expect(done.items.map((i) => i.state)).toEqual(['applied', 'applied', 'applied']);
    expect(writes.map((w) => w.serviceId)).toEqual([2, 3]);
    const entries = (await createJournal({ dataDir, now: () => NOW }).list()).filter((e) => e.serviceId === 2);
    expect(entries[0]?.resendOf).toBe(entries[1]?.id);
  });
});

describe('a batch cut off after its last answer', () => {
  it('is finished after the restart, not interrupted with nothing to resume', async () => {
    const first = start();
    const plan = await first.plan({ change: corsChange, targets: { accountIds: ['acme'] } });
    await first.run(plan.id);
    await first.finished(plan.id);
    // What a kill between the last answer and the batch's final save leaves: status running.
    const batches = createBatchStore({ dataDir, now: () => NOW });
    await batches.update(plan.id, (b) => {
      b.status = 'running';
    });
    const restarted = start();
    expect(await restarted.get(plan.id)).toMatchObject({ status: 'finished', counts: { applied: 3 } });
    expect((await restarted.list()).find((b) => b.id === plan.id)?.resumable).toBe(false);
  });
});

describe('cancel while a write is out', () => {
  it('leaves that item unknown (not pending): the resume reads before sending, and sends nothing twice', async () => {
    const bulk = start();
    const plan = await bulk.plan({ change: accessChange, targets: { accountIds: ['acme'] } });
    lose.set(1, 'until-cancelled');
    await bulk.run(plan.id);
    for (let i = 0; i < 100 && lose.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const cancelled = await bulk.cancel(plan.id);
    expect(cancelled.status).toBe('cancelled');
    const batch = await bulk.get(plan.id);
    expect(batch.items.map((i) => i.state)).toEqual(['unknown', 'pending', 'pending']);
    expect(batch.items[0]?.error?.message).toMatch(
      /the batch was cancelled, or the app closed\) while its request was on its way/,
    );
    writes = [];
    await bulk.run(plan.id);
    expect((await bulk.finished(plan.id)).items.map((i) => i.state)).toEqual(['applied', 'applied', 'applied']);
    expect(writes.map((w) => w.serviceId)).toEqual([2, 3]);
    for (const id of SERVICES) expect(named(id)).toHaveLength(1);
  });
});
