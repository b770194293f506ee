// @vitest-environment jsdom
// BulkState over a fake window.api: what a plan sends, what a refused input keeps, how progress
// events move the batch on screen, which stored batches are offered for resume.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BulkState,
  offeredForResume,
  progressOf,
  withProgress,
  type BulkBatch,
  type BulkBatchSummary,
  type BulkItem,
} from './bulk.svelte.ts';
import { targetKey } from './bulk-targets.ts';
import { emptyCounts } from '#shared/bulk/batch.ts';

// The fake is in place before the modules under test build their API object (at import).
const fake = vi.hoisted(() => {
  const state = {
    calls: [] as { channel: string; input: unknown }[],
    progressListener: null as ((payload: unknown) => void) | null,
    planProgressListener: null as ((payload: unknown) => void) | null,
    planAnswer: { ok: true, data: null } as { ok: true; data: unknown } | { ok: false; error: unknown },
    /** When set, bulk.plan answers only once this resolves (a plan still reading). */
    planGate: null as Promise<void> | null,
    listAnswer: [] as BulkBatchSummary[],
    getAnswer: null as BulkBatch | null,
  };
  const record =
    (channel: string, answer: () => unknown = () => ({ ok: true, data: { ok: true } })) =>
    async (input: unknown) => {
      state.calls.push({ channel, input });
      return answer();
    };
  Object.assign(globalThis, {
    api: {
      host: {},
      on: (event: string, callback: (payload: unknown) => void) => {
        if (event === 'bulk.progress') state.progressListener = callback;
        if (event === 'bulk.planProgress') state.planProgressListener = callback;
        return () => undefined;
      },
      bulk: {
        plan: async (input: unknown) => {
          state.calls.push({ channel: 'bulk.plan', input });
          await state.planGate;
          return state.planAnswer;
        },
        cancelPlan: record('bulk.cancelPlan', () => ({ ok: true, data: { cancelled: true } })),
        list: record('bulk.list', () => ({ ok: true, data: { batches: state.listAnswer } })),
        listTemplates: record('bulk.listTemplates', () => ({ ok: true, data: { templates: [] } })),
        saveTemplate: record('bulk.saveTemplate', () => ({
          ok: true,
          data: { name: 'Shop CORS', change: { kind: 'cors', headers: {} }, savedAt: '2026-11-23T22:00:00.000Z' },
        })),
        get: record('bulk.get', () => ({ ok: true, data: state.getAnswer })),
        discard: record('bulk.discard', () => ({ ok: true, data: { ok: true } })),
      },
    },
  });
  return state;
});
const calls = fake.calls;

function item(id: string, state: BulkItem['state'], action: BulkItem['action'] = 'update'): BulkItem {
  const [accountId, serviceId] = id.split('/');
  return {
    id,
    accountId: accountId!,
    accountName: accountId!.toUpperCase(),
    production: false,
    serviceId: Number(serviceId),
    domainName: `s${serviceId}.example.com`,
    action,
    reason: null,
    notes: [],
    changes: [],
    operationId: action === 'cannot' || action === 'unchanged' ? null : 'setCorsHeaders',
    state,
    error: null,
    journalEntryId: null,
  };
}

function batchOf(items: BulkItem[], status: BulkBatch['status'] = 'planned'): BulkBatch {
  const counts = emptyCounts();
  for (const i of items) counts[i.state] += 1;
  return {
    id: 'batch-1',
    label: 'Set CORS headers',
    createdAt: '2026-11-23T22:00:00.000Z',
    change: { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
    revertOf: null,
    status,
    productionAccounts: [],
    items,
    counts,
    startedAt: null,
    finishedAt: null,
    unknownTargets: [],
  };
}

function summary(id: string, status: BulkBatchSummary['status'], resumable: boolean): BulkBatchSummary {
  const { items: _items, change: _change, ...rest } = batchOf([], status);
  return { ...rest, id, itemCount: 3, resumable };
}

beforeEach(() => {
  calls.length = 0;
  fake.listAnswer = [];
  fake.getAnswer = batchOf([item('a/1', 'applied')], 'finished');
});

describe('bulk state', () => {
  it('refuses to plan an invalid change or no targets, names the field, and keeps what was typed', async () => {
    const state = new BulkState();
    state.forms.cors.allowOrigin = 'https://shop.example.com/path';
    expect(await state.plan()).toBe(false);
    expect(calls.filter((c) => c.channel === 'bulk.plan')).toHaveLength(0);
    expect(state.attempted).toBe(true);
    expect(state.errors['headers.accessControlAllowOrigin']).toMatch(/path/);
    expect(state.forms.cors.allowOrigin).toBe('https://shop.example.com/path');

    state.forms.cors.allowOrigin = 'https://shop.example.com';
    expect(await state.plan()).toBe(false);
    expect(calls.filter((c) => c.channel === 'bulk.plan')).toHaveLength(0);
  });

  it('plans the change on the ticked services of every account', async () => {
    const state = new BulkState();
    state.forms.cors.allowOrigin = '*';
    state.selected.add(targetKey('acme', 107));
    state.selected.add(targetKey('globex', 110));
    fake.planAnswer = { ok: true, data: batchOf([item('acme/107', 'pending'), item('globex/110', 'pending')]) };
    expect(await state.plan()).toBe(true);
    expect(calls.find((c) => c.channel === 'bulk.plan')?.input).toEqual({
      change: { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
      targets: {
        services: [
          { accountId: 'acme', serviceId: 107 },
          { accountId: 'globex', serviceId: 110 },
        ],
      },
      planId: expect.any(String),
    });
    expect(state.batch?.items).toHaveLength(2);
  });

  it('shows the core’s field errors on the change’s fields until the user types again', async () => {
    const state = new BulkState();
    state.forms.cors.allowOrigin = '*';
    state.selected.add(targetKey('acme', 107));
    fake.planAnswer = {
      ok: false,
      error: {
        code: 'Ipc.InvalidInput',
        message: 'Invalid input',
        fields: { 'change.headers.accessControlAllowOrigin': 'Origin refused by the core.' },
        retryable: false,
      },
    };
    expect(await state.plan()).toBe(false);
    expect(state.errors['headers.accessControlAllowOrigin']).toBe('Origin refused by the core.');
    expect(state.forms.cors.allowOrigin).toBe('*');
    state.edited();
    expect(state.errors['headers.accessControlAllowOrigin']).toBeUndefined();
  });

  it('moves the batch on screen with progress events, and re-reads the offered batches when it stops', async () => {
    const state = new BulkState();
    await state.start();
    state.forms.cors.allowOrigin = '*';
    state.selected.add(targetKey('a', 1));
    fake.planAnswer = { ok: true, data: batchOf([item('a/1', 'pending'), item('a/2', 'pending')]) };
    await state.plan();
    const listsBefore = calls.filter((c) => c.channel === 'bulk.list').length;
    const counts = { ...emptyCounts(), applied: 1, pending: 1 };
    fake.progressListener?.({ batchId: 'batch-1', status: 'running', counts, item: item('a/1', 'applied') });
    expect(state.batch?.items.map((i) => i.state)).toEqual(['applied', 'pending']);
    expect(progressOf(state.batch!)).toEqual({ done: 1, total: 2 });
    expect(calls.filter((c) => c.channel === 'bulk.list')).toHaveLength(listsBefore);
    // Another batch's progress leaves this one alone.
    fake.progressListener?.({
      batchId: 'other',
      status: 'running',
      counts: emptyCounts(),
      item: item('a/2', 'failed'),
    });
    expect(state.batch?.items[1]?.state).toBe('pending');
    fake.progressListener?.({ batchId: 'batch-1', status: 'cancelled', counts, item: undefined });
    expect(state.batch?.status).toBe('cancelled');
    expect(calls.filter((c) => c.channel === 'bulk.list').length).toBe(listsBefore + 1);
    state.stop();
  });

  it('shows the plan’s progress while it reads, cancels it by its ID, and keeps the change and the selection', async () => {
    const state = new BulkState();
    await state.start();
    state.forms.cors.allowOrigin = 'https://shop.example.com';
    state.selected.add(targetKey('acme', 107));
    state.selected.add(targetKey('acme', 108));
    let answer = () => undefined as void;
    fake.planGate = new Promise<void>((resolve) => (answer = resolve));
    const planned = state.plan();
    expect(state.planning).toMatchObject({ progress: null, cancelling: false });
    await vi.waitFor(() => expect(calls.some((c) => c.channel === 'bulk.plan')).toBe(true));
    const planId = (calls.find((c) => c.channel === 'bulk.plan')?.input as { planId: string }).planId;
    const acme = {
      accountId: 'acme',
      accountName: 'Acme',
      read: 1,
      total: 2,
      msLeft: 600,
      perMinute: 100,
      budgetBound: false,
    };
    fake.planProgressListener?.({ planId, read: 1, total: 2, msLeft: 600, accounts: [acme] });
    // Another plan's events (another window) leave this one alone.
    fake.planProgressListener?.({ planId: 'other', read: 0, total: 9, msLeft: null, accounts: [] });
    expect(state.planning?.progress).toMatchObject({ read: 1, total: 2, accounts: [acme] });

    await state.cancelPlan();
    expect(calls.find((c) => c.channel === 'bulk.cancelPlan')?.input).toEqual({ planId });
    expect(state.planning?.cancelling).toBe(true);
    fake.planAnswer = {
      ok: false,
      error: {
        code: 'Bulk.PlanCancelled',
        message: 'Planning was cancelled after reading 1 of 2 services. Nothing was changed.',
        retryable: false,
      },
    };
    answer();
    expect(await planned).toBe(false);
    fake.planGate = null;
    expect(state.planning).toBeNull();
    expect(state.batch).toBeNull();
    expect(state.busy).toBeNull();
    expect(state.serverErrors).toEqual({});
    expect(state.forms.cors.allowOrigin).toBe('https://shop.example.com');
    expect([...state.selected]).toEqual([targetKey('acme', 107), targetKey('acme', 108)]);
    state.stop();
  });

  it('offers stopped batches for resume, not planned or running ones', async () => {
    fake.listAnswer = [
      summary('b1', 'interrupted', true),
      summary('b2', 'running', true),
      summary('b3', 'planned', false),
      summary('b4', 'finished', false),
      summary('b5', 'cancelled', true),
    ];
    expect(offeredForResume(fake.listAnswer).map((b) => b.id)).toEqual(['b1', 'b5']);
    const state = new BulkState();
    await state.start();
    expect(state.resumable.map((b) => b.id)).toEqual(['b1', 'b5']);
    await state.open('b1');
    expect(state.batch?.status).toBe('finished');
    state.stop();
  });

  it('drops a plan left without running it (Back to the change, New bulk change), never a batch that ran', async () => {
    const state = new BulkState();
    state.forms.cors.allowOrigin = '*';
    state.selected.add(targetKey('acme', 107));
    fake.planAnswer = { ok: true, data: batchOf([item('acme/107', 'pending')]) };
    expect(await state.plan()).toBe(true);
    state.compose();
    expect(calls.filter((c) => c.channel === 'bulk.discard').map((c) => c.input)).toEqual([{ batchId: 'batch-1' }]);
    expect(state.forms.cors.allowOrigin).toBe('*');

    expect(await state.plan()).toBe(true);
    state.reset();
    expect(calls.filter((c) => c.channel === 'bulk.discard')).toHaveLength(2);

    // A batch that ran (finished, cancelled, …) stays stored: it is the record of a run.
    await state.open('batch-1');
    expect(state.batch?.status).toBe('finished');
    state.reset();
    await state.open('batch-1');
    state.compose();
    expect(calls.filter((c) => c.channel === 'bulk.discard')).toHaveLength(2);
  });

  it('does not save a template with an empty name', async () => {
    const state = new BulkState();
    state.forms.cors.allowOrigin = '*';
    expect(state.templateNameProblem('  ')).toMatch(/Template name is required/);
    expect(await state.saveTemplate('  ')).toBe(false);
    expect(calls.filter((c) => c.channel === 'bulk.saveTemplate')).toHaveLength(0);
    expect(await state.saveTemplate('Shop CORS')).toBe(true);
    expect(calls.find((c) => c.channel === 'bulk.saveTemplate')?.input).toEqual({
      name: 'Shop CORS',
      change: { kind: 'cors', headers: { accessControlAllowOrigin: '*' } },
    });
  });

  it('a progress event replaces only its own item', () => {
    const batch = batchOf([item('a/1', 'pending'), item('b/1', 'pending')]);
    const next = withProgress(batch, {
      batchId: 'batch-1',
      status: 'running',
      counts: { ...emptyCounts(), failed: 1, pending: 1 },
      item: { ...item('b/1', 'failed'), error: { code: 'Server.InternalError', message: 'The gateway failed.' } },
    });
    expect(next.items.map((i) => [i.id, i.state])).toEqual([
      ['a/1', 'pending'],
      ['b/1', 'failed'],
    ]);
    expect(withProgress(batch, { batchId: 'x', status: 'finished', counts: emptyCounts() })).toBe(batch);
  });
});
