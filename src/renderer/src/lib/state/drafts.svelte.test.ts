// @vitest-environment jsdom
// DraftState over a fake window.api (the preload's object): restore, debounced autosave, discard.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

type Stored = { value: unknown; formVersion: number; savedAt: string };
const store = new Map<string, Stored>();
const calls: string[] = [];
const keyOf = (k: { accountId: string; serviceId: number; policyKey: string }) =>
  `${k.accountId}/${k.serviceId}/${k.policyKey}`;

beforeAll(() => {
  // getApi() uses globalThis.api when present (the Electron preload's object).
  (globalThis as unknown as { api: unknown }).api = {
    on: () => () => undefined,
    host: {},
    drafts: {
      get: async (k: { accountId: string; serviceId: number; policyKey: string }) => {
        calls.push('get');
        const d = store.get(keyOf(k));
        return { ok: true, data: { draft: d ? { ...k, ...d } : null } };
      },
      save: async (k: {
        accountId: string;
        serviceId: number;
        policyKey: string;
        value: unknown;
        formVersion: number;
      }) => {
        calls.push('save');
        const savedAt = new Date().toISOString();
        store.set(keyOf(k), { value: k.value, formVersion: k.formVersion, savedAt });
        return { ok: true, data: { savedAt } };
      },
      discard: async (k: { accountId: string; serviceId: number; policyKey: string }) => {
        calls.push('discard');
        store.delete(keyOf(k));
        return { ok: true, data: { ok: true } };
      },
    },
  };
});

afterEach(() => {
  store.clear();
  calls.length = 0;
  vi.useRealTimers();
});

const key = { accountId: 'a', serviceId: 1, policyKey: 'cors' };

describe('DraftState', () => {
  it('restores a stored draft over the initial form and marks it restored', async () => {
    const { DraftState } = await import('./drafts.svelte.ts');
    store.set(keyOf(key), { value: { name: 'typed' }, formVersion: 1, savedAt: '2026-01-01T00:00:00.000Z' });
    const draft = new DraftState({ ...key, formVersion: 1, initial: { name: 'server' } });
    await draft.restore();
    expect(draft.form).toEqual({ name: 'typed' });
    expect(draft.restoredAt).toBe('2026-01-01T00:00:00.000Z');
    expect(draft.dirty).toBe(true);
  });

  it('ignores a draft of another form version', async () => {
    const { DraftState } = await import('./drafts.svelte.ts');
    store.set(keyOf(key), { value: { name: 'old shape' }, formVersion: 1, savedAt: 'x' });
    const draft = new DraftState({ ...key, formVersion: 2, initial: { name: 'server' } });
    await draft.restore();
    expect(draft.form).toEqual({ name: 'server' });
    expect(draft.restoredAt).toBeNull();
  });

  it('saves once after typing stops, discards when back to the server values', async () => {
    vi.useFakeTimers();
    const { DraftState } = await import('./drafts.svelte.ts');
    const draft = new DraftState({ ...key, formVersion: 1, initial: { name: 'server' }, delayMs: 300 });
    await draft.restore();
    for (const text of ['s', 'se', 'sel']) {
      draft.form.name = text;
      draft.track();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(calls.filter((c) => c === 'save')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(calls.filter((c) => c === 'save')).toHaveLength(1);
    expect(store.get(keyOf(key))?.value).toEqual({ name: 'sel' });
    expect(draft.savedAt).not.toBeNull();

    draft.form.name = 'server';
    draft.track();
    await vi.advanceTimersByTimeAsync(300);
    expect(store.has(keyOf(key))).toBe(false);
  });

  it('flush() saves a pending change at once; discard() goes back to the server values', async () => {
    const { DraftState } = await import('./drafts.svelte.ts');
    const draft = new DraftState({ ...key, formVersion: 1, initial: { name: 'server' }, delayMs: 10_000 });
    await draft.restore();
    draft.form.name = 'leaving';
    draft.track();
    await draft.flush();
    expect(store.get(keyOf(key))?.value).toEqual({ name: 'leaving' });
    await draft.discard();
    expect(draft.form).toEqual({ name: 'server' });
    expect(store.has(keyOf(key))).toBe(false);
  });
});
