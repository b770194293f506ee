// @vitest-environment jsdom
// The impact line of a journal entry over a fake window.api (the preload's object): the figures
// from a computed line with a known shift, the flag, the details table; "not enough data" offers
// to fetch the missing hours; entries without an applied change to a service show nothing.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { computeImpact, impactDataRange, type ImpactLine } from '#shared/analytics/impact.ts';
import { DAY_MS, FIVE_MINUTES_MS, HOUR_MS, type Point } from '#shared/analytics/model.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

const changeAt = Date.UTC(2026, 10, 20, 14, 2);
const lines = new Map<string, ImpactLine>();
/** Imported after the fake window.api is in place: the renderer's API object is made on first import. */
let JournalImpact: Component<{ entry: JournalEntry }>;
const asked: Array<{ entryIds: string[]; fetchMissing?: boolean }> = [];

function series(f: (t: number) => number) {
  const range = impactDataRange(changeAt, 6);
  const points: Point[] = [];
  for (let t = range.from; t < range.to; t += FIVE_MINUTES_MS) points.push([t, f(t)]);
  return { points, final: [[range.from, range.to]] as Array<[number, number]> };
}
const level = (t: number) =>
  1000 * (1 + 0.5 * Math.sin(((t % DAY_MS) / DAY_MS) * 2 * Math.PI)) * (1 + 0.03 * Math.sin(t / 7_777_777));

beforeAll(async () => {
  lines.set(
    'shifted',
    computeImpact({
      entryId: 'shifted',
      changeAt,
      hours: 6,
      serviceName: 'www.example.com',
      settledUntil: changeAt + 2 * DAY_MS,
      requests: series(level),
      originRequests: series((t) => Math.round(level(t) * (t >= changeAt ? 0.1 : 0.25))),
      bandwidth: series((t) => level(t) * 8000),
    }),
  );
  lines.set(
    'gap',
    computeImpact({
      entryId: 'gap',
      changeAt,
      hours: 6,
      serviceName: 'www.example.com',
      settledUntil: changeAt + 2 * DAY_MS,
      requests: { points: [], final: [] },
      originRequests: { points: [], final: [] },
      bandwidth: { points: [], final: [] },
    }),
  );
  lines.set(
    'fresh',
    computeImpact({
      entryId: 'fresh',
      changeAt,
      hours: 6,
      serviceName: 'www.example.com',
      settledUntil: changeAt + HOUR_MS,
      requests: { points: [], final: [] },
      originRequests: { points: [], final: [] },
      bandwidth: { points: [], final: [] },
    }),
  );
  (globalThis as unknown as { api: unknown }).api = {
    on: () => () => undefined,
    host: {},
    impact: {
      lines: async (input: { entryIds: string[]; fetchMissing?: boolean }) => {
        asked.push(input);
        return {
          ok: true,
          data: { lines: input.entryIds.flatMap((id) => lines.get(id) ?? []), calls: 0, offline: false },
        };
      },
    },
  };
  JournalImpact = (await import('./JournalImpact.svelte')).default;
});
afterEach(() => cleanup());

const entry = (id: string, overrides: Partial<JournalEntry> = {}): JournalEntry => ({
  id,
  at: new Date(changeAt).toISOString(),
  accountId: 'acme',
  accountName: 'Acme',
  serviceId: 101,
  operationId: 'upsertRateLimit',
  policyId: null,
  summary: 'Set rate limit',
  before: null,
  after: {},
  result: { ok: true },
  ...overrides,
});

describe('JournalImpact', () => {
  it('shows the figures and the flag, and every figure in the details', async () => {
    render(JournalImpact, { entry: entry('shifted') });
    expect(await screen.findByText('Shift beyond normal variation')).toBeTruthy();
    expect(screen.getByText(/Impact, 6 h after vs before/)).toBeTruthy();
    expect(screen.getByText('Origin requests').parentElement?.textContent).toMatch(/beyond normal variation/);
    await fireEvent.click(screen.getByRole('button', { name: 'Impact details' }));
    const rows = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(rows[0]).toMatch(/6 h before.*6 h after.*Change.*Usual at this hour.*Robust z.*Same hours a week earlier/);
    expect(rows.find((r) => r.startsWith('Origin requests'))).toMatch(/⚑/);
    expect(rows.find((r) => r.startsWith('Requests'))).not.toMatch(/⚑/);
    expect(screen.getByText(/median of the same comparison at the same time of day on 14 previous days/)).toBeTruthy();
  });

  it('says not enough data and offers to fetch the missing hours', async () => {
    render(JournalImpact, { entry: entry('gap') });
    expect(await screen.findByText(/not enough data — the saved traffic lacks part of the 6 hours/)).toBeTruthy();
    await fireEvent.click(screen.getByRole('button', { name: 'Impact details' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Fetch missing hours' }));
    expect(asked.at(-1)).toMatchObject({ entryIds: ['gap'], fetchMissing: true });
  });

  it('a fresh change shows one quiet badge with the time its impact can be compared, and why in words', async () => {
    render(JournalImpact, { entry: entry('fresh') });
    const badge = await screen.findByText(/^Impact from /);
    // The reason is text beside the badge, not a title the keyboard cannot reach.
    expect(badge.getAttribute('title')).toBeNull();
    expect(screen.getByText('when the 6 hours after the change are over and final')).toBeTruthy();
    expect(screen.queryByText(/Impact, 6 h after vs before/)).toBeNull();
    expect(screen.queryByText(/not yet/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Impact details' })).toBeNull();
  });

  it('shows nothing for a failed change or one without a service', () => {
    render(JournalImpact, { entry: entry('failed', { result: { ok: false, code: 'X', message: 'failed' } }) });
    render(JournalImpact, { entry: entry('account-wide', { serviceId: null }) });
    expect(screen.queryByText(/Impact, /)).toBeNull();
  });
});
