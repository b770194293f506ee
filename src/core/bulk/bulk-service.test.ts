// Batch run, cancel and resume logic of the bulk service, with the real journal, stores and change
// service over a fake client (the sandbox integration test covers real gateways).
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBulkService, type BulkAccount, type BulkDeps, type BulkService } from './bulk-service.ts';
import { BULK_BATCHES_FILE, createBatchStore } from './bulk-store.ts';
import { createTemplateStore } from './bulk-templates.ts';
import { createChangeService, type ChangeClient, type OperationCallInput } from '../changes/changes.ts';
import { createJournal, type Journal } from '../journal/journal.ts';
import { AbortError, ApiError } from '../api/errors.ts';
import { CoreError } from '../errors.ts';
import type { BulkProgress } from '#shared/bulk/batch.ts';
import { createFakeClock, type FakeClock } from '../test-support/fake-clock.ts';

type Call = { accountId: string; operationId: string; input: OperationCallInput };

let dataDir: string;
let calls: Call[];
let failing: Set<number>;
/** Services whose write the core refuses before any request (a locked keychain). */
let refusing: Set<number>;
let gate: { wait: Promise<void>; open: () => void } | null;
let events: BulkProgress[];
/** The one clock of the service, its stores and its journal (plan ages are measured on it). */
let clock: FakeClock;

const accounts: BulkAccount[] = [
  { id: 'acme', name: 'Acme', production: false },
  { id: 'globex', name: 'Globex', production: true },
];
const inventories: Record<string, Array<{ serviceId: number; domainName: string }>> = {
  acme: [
    { serviceId: 1, domainName: 'www.acme.example' },
    { serviceId: 2, domainName: 'img.acme.example' },
    { serviceId: 3, domainName: 'api.acme.example' },
  ],
  globex: [{ serviceId: 10, domainName: 'www.globex.example' }],
};

function client(accountId: string): ChangeClient {
  return {
    async call(operationId, input, options) {
      if (operationId !== 'getService' && gate) await gate.wait;
      if (options?.signal?.aborted) throw new AbortError(operationId);
      calls.push({ accountId, operationId, input });
      const serviceId = Number(input.params.serviceId);
      if (operationId === 'setCorsHeaders' && refusing.has(serviceId)) {
        throw new CoreError('Keychain.Unavailable', 'The keychain is locked: unlock it and try again.');
      }
      if (operationId === 'setCorsHeaders' && failing.has(serviceId)) {
        throw new ApiError({
          status: 503,
          code: 'Server.Unavailable',
          message: 'The server is unavailable.',
          operationId,
        });
      }
      return operationId === 'getService' ? { id: serviceId } : undefined;
    },
  };
}

function makeService(journal: Journal, extra: Partial<BulkDeps> = {}): BulkService {
  const changes = createChangeService({
    journal,
    account: async (id) => accounts.find((a) => a.id === id) as BulkAccount,
    client: async (id) => client(id),
  });
  let n = 0;
  return createBulkService({
    batches: createBatchStore({ dataDir, now: clock.now }),
    templates: createTemplateStore({ dataDir, now: clock.now }),
    changes,
    journal,
    accounts: async () => accounts,
    inventory: async (id) => inventories[id] ?? [],
    client: async (id) => client(id),
    serviceTags: async (id) => new Map(id === 'acme' ? [[2, ['images']]] : []),
    accountTags: async () => new Map([['globex', ['retail']]]),
    progress: (e) => events.push(e),
    now: clock.now,
    newId: () => `batch-${++n}-${Math.random().toString(36).slice(2, 8)}`,
    ...extra,
  });
}

const cors = { kind: 'cors' as const, headers: { accessControlAllowOrigin: 'https://shop.example' } };
const writes = () => calls.filter((c) => c.operationId !== 'getService');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-bulk-'));
  clock = createFakeClock('2026-11-23T12:00:00.000Z');
  calls = [];
  failing = new Set();
  refusing = new Set();
  gate = null;
  events = [];
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('bulk service', () => {
  it('plans with one read per target, names production accounts, and takes tags through its dependencies', async () => {
    const bulk = makeService(createJournal({ dataDir, now: clock.now }));
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme', 'globex'] } });
    expect(plan.status).toBe('planned');
    expect(plan.items.map((i) => i.id)).toEqual(['acme/1', 'acme/2', 'acme/3', 'globex/10']);
    expect(calls.map((c) => c.operationId)).toEqual(Array(4).fill('getService'));
    expect(plan.productionAccounts).toEqual([{ id: 'globex', name: 'Globex' }]);
    expect(plan.counts).toMatchObject({ pending: 4 });
    expect(JSON.stringify(plan)).not.toContain('"input"');
    const tagged = await bulk.plan({ change: cors, targets: { tags: ['images'] } });
    expect(tagged.items.map((i) => i.id)).toEqual(['acme/2']);
    const byAccountTag = await bulk.plan({ change: cors, targets: { tags: ['retail'] } });
    expect(byAccountTag.items.map((i) => i.id)).toEqual(['globex/10']);
    await expect(bulk.plan({ change: cors, targets: { domainPattern: '*.nowhere.example' } })).rejects.toMatchObject({
      code: 'Bulk.NoTargets',
    });
  });

  it('checks rule-changing items against their suites only, and a suite that cannot be checked leaves a note', async () => {
    const checked: string[] = [];
    const bulk = makeService(createJournal({ dataDir, now: clock.now }), {
      suiteCheck: async (accountId, change) => {
        checked.push(`${accountId}/${String(change.params.serviceId)} ${change.operationId}`);
        if (change.params.serviceId === 2)
          throw new ApiError({
            status: 503,
            code: 'Server.Unavailable',
            message: 'The server is unavailable.',
            operationId: 'listAccessControlPolicies',
          });
        return { total: 1, flipped: [], fixed: [] };
      },
    });
    await bulk.plan({ change: cors, targets: { accountIds: ['acme'] } });
    // CORS cannot change what a rule test decides: no suite is read.
    expect(checked).toEqual([]);
    const plan = await bulk.plan({
      change: {
        kind: 'access-control',
        policy: {
          policyName: 'Block admin',
          type: 'deny',
          priority: 5,
          matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
        },
      },
      targets: { accountIds: ['acme'] },
    });
    expect(checked.sort()).toEqual([
      'acme/1 createAccessControlPolicy',
      'acme/2 createAccessControlPolicy',
      'acme/3 createAccessControlPolicy',
    ]);
    expect(plan.items.find((i) => i.serviceId === 2)?.notes).toContain(
      "The service's rule tests could not be checked: The server is unavailable.",
    );
    expect(plan.items.find((i) => i.serviceId === 1)?.flippedExpectations).toEqual([]);
  });

  it('needs one production confirmation for the whole batch, then writes every item with the batch ID', async () => {
    const journal = createJournal({ dataDir, now: clock.now });
    const bulk = makeService(journal);
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme', 'globex'] } });
    await expect(bulk.run(plan.id)).rejects.toMatchObject({
      code: 'Change.ConfirmationRequired',
      message: expect.stringContaining('“Globex”'),
    });
    expect(writes()).toHaveLength(0);
    await bulk.run(plan.id, true);
    const done = await bulk.finished(plan.id);
    expect(done.status).toBe('finished');
    expect(done.counts).toMatchObject({ applied: 4, failed: 0, pending: 0 });
    expect(writes()).toHaveLength(4);
    const entries = await journal.list();
    expect(entries.filter((e) => e.batchId === plan.id)).toHaveLength(4);
    expect(done.items.every((i) => i.journalEntryId !== null)).toBe(true);
    expect(events.at(-1)).toMatchObject({ batchId: plan.id, status: 'finished' });
    // Planned again: the journal's last applied value makes every item unchanged; nothing left to run.
    const again = await bulk.plan({ change: cors, targets: { accountIds: ['acme', 'globex'] } });
    expect(again.counts).toMatchObject({ unchanged: 4 });
    await expect(bulk.run(again.id, true)).rejects.toMatchObject({ code: 'Bulk.NothingToRun' });
  });

  it('keeps a failed item with its mapped error, and resuming writes only what is left', async () => {
    const bulk = makeService(createJournal({ dataDir, now: clock.now }));
    failing.add(2);
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme'] } });
    await bulk.run(plan.id);
    const first = await bulk.finished(plan.id);
    expect(first.counts).toMatchObject({ applied: 2, failed: 1 });
    expect(first.items.find((i) => i.serviceId === 2)).toMatchObject({
      state: 'failed',
      error: { code: 'Server.Unavailable', message: 'The server is unavailable.' },
    });
    expect((await bulk.list()).find((b) => b.id === plan.id)?.resumable).toBe(true);
    failing.clear();
    calls = [];
    await bulk.run(plan.id);
    const resumed = await bulk.finished(plan.id);
    expect(writes().map((c) => c.input.params.serviceId)).toEqual([2]);
    expect(resumed.counts).toMatchObject({ applied: 3, failed: 0 });
    expect((await bulk.list()).find((b) => b.id === plan.id)?.resumable).toBe(false);
  });

  it("keeps the core's own error code on an item the core refused", async () => {
    const bulk = makeService(createJournal({ dataDir, now: clock.now }));
    refusing.add(3);
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme'] } });
    await bulk.run(plan.id);
    const done = await bulk.finished(plan.id);
    expect(done.counts).toMatchObject({ applied: 2, failed: 1 });
    expect(done.items.find((i) => i.serviceId === 3)).toMatchObject({
      state: 'failed',
      error: { code: 'Keychain.Unavailable', message: 'The keychain is locked: unlock it and try again.' },
    });
  });

  it('cancel stops after the write in flight; the rest stays pending and resumes later', async () => {
    const bulk = makeService(createJournal({ dataDir, now: clock.now }));
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme'] } });
    let open!: () => void;
    gate = { wait: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    await bulk.run(plan.id);
    const cancelling = bulk.cancel(plan.id);
    gate.open();
    const cancelled = await cancelling;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.resumable).toBe(true);
    const batch = await bulk.get(plan.id);
    expect(batch.items.filter((i) => i.state === 'pending').length).toBeGreaterThan(0);
    gate = null;
    await bulk.run(plan.id);
    expect((await bulk.finished(plan.id)).counts).toMatchObject({ applied: 3, pending: 0 });
    // Each service was written at most once in all.
    const written = writes().map((c) => c.input.params.serviceId);
    expect(new Set(written).size).toBe(written.length);
  });

  it('after an app stop mid-run: items take their result from the journal, the batch waits as interrupted, never runs by itself', async () => {
    const journal = createJournal({ dataDir, now: clock.now });
    const bulk = makeService(journal);
    const plan = await bulk.plan({ change: cors, targets: { accountIds: ['acme'] } });
    await bulk.run(plan.id);
    await bulk.finished(plan.id);
    // What the file holds when the app stopped after the first write: running, two items not done.
    const path = join(dataDir, BULK_BATCHES_FILE);
    const file = JSON.parse(await readFile(path, 'utf8')) as {
      batches: Array<{
        id: string;
        status: string;
        items: Array<{ serviceId: number; state: string; journalEntryId: string | null }>;
      }>;
    };
    const stored = file.batches.find((b) => b.id === plan.id)!;
    stored.status = 'running';
    for (const item of stored.items) {
      if (item.serviceId !== 1) {
        item.state = item.serviceId === 2 ? 'running' : 'pending';
        item.journalEntryId = null;
      }
    }
    await writeFile(path, JSON.stringify(file));
    // Only service 2's write reached the journal before the stop.
    const entries = await journal.list();
    const keep = entries.filter((e) => e.serviceId !== 3);
    await writeFile(join(dataDir, 'journal.json'), JSON.stringify({ version: 1, entries: keep }));

    calls = [];
    const restarted = makeService(createJournal({ dataDir, now: clock.now }));
    const listed = (await restarted.list()).find((b) => b.id === plan.id);
    expect(listed).toMatchObject({ status: 'interrupted', resumable: true });
    const batch = await restarted.get(plan.id);
    expect(batch.items.map((i) => [i.serviceId, i.state])).toEqual([
      [1, 'applied'],
      [2, 'applied'],
      [3, 'pending'],
    ]);
    expect(calls).toHaveLength(0);
    await restarted.run(plan.id);
    expect((await restarted.finished(plan.id)).counts).toMatchObject({ applied: 3 });
    expect(writes().map((c) => c.input.params.serviceId)).toEqual([3]);
  });

  it('plans several changes as one batch (two on one service), reads each service once, and recovers each item from its own journal entry', async () => {
    const journal = createJournal({ dataDir, now: clock.now });
    const bulk = makeService(journal);
    const deny = (policyName: string, anonymousIp: boolean, priority: number) => ({
      kind: 'access-control' as const,
      policy: {
        policyName,
        type: 'deny' as const,
        matchUrlPath: { operator: 'prefix' as const, patterns: ['/admin'] },
        ipRestriction: '10.0.0.0/8',
        anonymousIp,
        priority,
        enabled: true,
      },
    });
    const plan = await bulk.planChanges({
      label: 'Baseline fix: Admin path denied',
      origin: {
        kind: 'baseline-fix',
        baseline: 'Fleet',
        checkId: 'admin-path-denied',
        checkTitle: 'Admin path denied',
        check: 0,
        accountId: 'acme',
        scope: null,
      },
      changes: [
        { accountId: 'acme', serviceId: 1, change: deny('Deny direct', false, 5) },
        { accountId: 'acme', serviceId: 1, change: deny('Deny anonymous', true, 6) },
        {
          accountId: 'acme',
          serviceId: 2,
          change: { kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 600 } },
        },
        { accountId: 'acme', serviceId: 99, change: cors },
      ],
    });
    expect(plan).toMatchObject({
      change: null,
      status: 'planned',
      origin: { kind: 'baseline-fix' },
      unknownTargets: [{ accountId: 'acme', serviceId: 99 }],
    });
    expect(plan.items.map((i) => [i.id, i.action, i.operationId])).toEqual([
      ['acme/1', 'create', 'createAccessControlPolicy'],
      ['acme/1/2', 'create', 'createAccessControlPolicy'],
      ['acme/2', 'update', 'upsertRateLimit'],
    ]);
    expect(calls.map((c) => [c.input.params.serviceId, c.operationId])).toEqual([
      [1, 'listAccessControlPolicies'],
      [2, 'getService'],
    ]);
    await bulk.run(plan.id);
    await bulk.finished(plan.id);
    const written = () =>
      writes()
        .filter((c) => !c.operationId.startsWith('list'))
        .map((c) => (c.input.body as { policyName?: string } | undefined)?.policyName ?? c.operationId);
    expect(written()).toEqual(['Deny direct', 'Deny anonymous', 'upsertRateLimit']);

    // An app stop after the first create: the second create of the same service is still to do.
    const path = join(dataDir, BULK_BATCHES_FILE);
    const file = JSON.parse(await readFile(path, 'utf8')) as {
      batches: Array<{
        id: string;
        status: string;
        items: Array<{ id: string; state: string; journalEntryId: string | null }>;
      }>;
    };
    const stored = file.batches.find((b) => b.id === plan.id)!;
    stored.status = 'running';
    for (const item of stored.items) {
      item.state = 'pending';
      item.journalEntryId = null;
    }
    await writeFile(path, JSON.stringify(file));
    const entries = await journal.list();
    await writeFile(
      join(dataDir, 'journal.json'),
      JSON.stringify({
        version: 1,
        entries: entries.filter((e) => (e.after as { policyName?: string } | null)?.policyName === 'Deny direct'),
      }),
    );
    calls = [];
    const restarted = makeService(createJournal({ dataDir, now: clock.now }));
    expect((await restarted.get(plan.id)).items.map((i) => [i.id, i.state])).toEqual([
      ['acme/1', 'applied'],
      ['acme/1/2', 'pending'],
      ['acme/2', 'pending'],
    ]);
    await restarted.run(plan.id);
    await restarted.finished(plan.id);
    expect(written()).toEqual(['Deny anonymous', 'upsertRateLimit']);
  });

  it('reverts a batch through a new plan that applies the journal\'s "before" values', async () => {
    const journal = createJournal({ dataDir, now: clock.now });
    const bulk = makeService(journal);
    const first = await bulk.plan({
      change: { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
      targets: { accountIds: ['acme'] },
    });
    await bulk.run(first.id);
    await bulk.finished(first.id);
    const second = await bulk.plan({
      change: cors,
      targets: {
        services: [
          { accountId: 'acme', serviceId: 1 },
          { accountId: 'acme', serviceId: 2 },
        ],
      },
    });
    await bulk.run(second.id);
    await bulk.finished(second.id);
    calls = [];
    const revert = await bulk.planRevert(second.id);
    expect(revert).toMatchObject({ revertOf: second.id, label: 'Revert of “Set CORS headers”', status: 'planned' });
    expect(revert.items.map((i) => [i.serviceId, i.action])).toEqual([
      [1, 'update'],
      [2, 'update'],
    ]);
    expect(revert.items[0]?.changes).toEqual([
      {
        path: 'accessControlAllowOrigin',
        label: 'Access-Control-Allow-Origin',
        before: 'https://shop.example',
        after: '*',
      },
    ]);
    await bulk.run(revert.id);
    await bulk.finished(revert.id);
    expect(writes().map((c) => c.input.body)).toEqual([
      { accessControlAllowOrigin: '*' },
      { accessControlAllowOrigin: '*' },
    ]);
    // The first batch had nothing applied before it: its revert cannot apply, with the reason.
    const firstRevert = await bulk.planRevert(first.id);
    expect(firstRevert.items.every((i) => i.action === 'cannot' && /not known/.test(i.reason ?? ''))).toBe(true);
  });

  it('finds a batch by a unique start of its ID (the short ID shown), says when a start is ambiguous or no batch has it', async () => {
    const ids = [
      '0b5ffdc4-df1f-4fa9-8899-bdd213c66f52',
      '95d57cdf-1111-4aaa-8888-000000000001',
      '95d57cdf-2222-4aaa-8888-000000000002',
    ];
    const bulk = makeService(createJournal({ dataDir, now: clock.now }), { newId: () => ids.shift() ?? 'spare' });
    const first = await bulk.plan({ change: cors, targets: { services: [{ accountId: 'acme', serviceId: 1 }] } });
    await bulk.plan({ change: cors, targets: { services: [{ accountId: 'acme', serviceId: 2 }] } });
    await bulk.plan({ change: cors, targets: { services: [{ accountId: 'acme', serviceId: 3 }] } });

    expect((await bulk.get('0b5ffdc4')).id).toBe(first.id);
    expect((await bulk.get('0B5FFD')).id).toBe(first.id);
    await bulk.run('0b5ffdc4');
    expect((await bulk.finished('0b5ffdc4')).status).toBe('finished');
    expect((await bulk.planRevert('0b5ffdc4')).revertOf).toBe(first.id);

    const ambiguous = bulk.get('95d57cdf');
    await expect(ambiguous).rejects.toMatchObject({ code: 'Bulk.AmbiguousId' });
    await expect(bulk.get('95d57cdf')).rejects.toThrow(
      '2 bulk batches have IDs starting with “95d57cdf”: 95d57cdf-1111-4aaa-8888-000000000001, 95d57cdf-2222-4aaa-8888-000000000002. Give more of the ID.',
    );
    expect((await bulk.get('95d57cdf-2')).id).toBe('95d57cdf-2222-4aaa-8888-000000000002');
    await expect(bulk.get('0b5ff')).rejects.toThrow(
      'No bulk batch has the ID “0b5ff” (give at least 6 characters of it).',
    );
    await expect(bulk.get('deadbeef')).rejects.toMatchObject({
      code: 'Bulk.NotFound',
      message: 'No bulk batch has the ID “deadbeef”.',
    });
    await expect(bulk.discard('deadbeef')).rejects.toMatchObject({ code: 'Bulk.NotFound' });
  });

  it('templates: saved under a name, listed, used as the change of a plan, deleted', async () => {
    const bulk = makeService(createJournal({ dataDir, now: clock.now }));
    await bulk.saveTemplate('Shop CORS', cors);
    await bulk.saveTemplate('Limits', { kind: 'rate-limit-set', rateLimit: { timeWindow: 60, requestLimit: 100 } });
    expect((await bulk.listTemplates()).map((t) => t.name)).toEqual(['Limits', 'Shop CORS']);
    const plan = await bulk.plan({ template: 'shop cors', targets: { accountIds: ['acme'] } });
    expect(plan.change).toEqual(cors);
    await bulk.deleteTemplate('Shop CORS');
    await expect(bulk.plan({ template: 'Shop CORS', targets: { accountIds: ['acme'] } })).rejects.toBeInstanceOf(
      CoreError,
    );
    await expect(bulk.deleteTemplate('Shop CORS')).rejects.toMatchObject({ code: 'Bulk.TemplateNotFound' });
    // Persisted: a new service on the same data dir sees the remaining template.
    expect((await makeService(createJournal({ dataDir, now: clock.now })).listTemplates()).map((t) => t.name)).toEqual([
      'Limits',
    ]);
  });
});
