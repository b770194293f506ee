import { describe, expect, it } from 'vitest';
import { describeAccountProgress, describePlanProgress, estimateMsLeft, formatMsLeft } from './plan-progress.ts';

const minute = (limit: number, used: number) => [{ limit, windowMs: 60_000, used }];

describe('plan progress', () => {
  it('estimates the time left at the key budget: reads beyond the free slots go at the window pace', () => {
    // 163 left, 100/min window spent: 163 × 0.6 s.
    expect(estimateMsLeft(163, minute(100, 100), { read: 37, elapsedMs: 1_000 })).toEqual({
      msLeft: 97_800,
      budgetBound: true,
    });
    // Everything fits in the free slots: the pace seen so far (a slow gateway) counts.
    expect(estimateMsLeft(10, minute(100, 20), { read: 5, elapsedMs: 5_000 })).toEqual({
      msLeft: 10_000,
      budgetBound: false,
    });
    expect(estimateMsLeft(0, minute(100, 100), { read: 5, elapsedMs: 5_000 })).toEqual({
      msLeft: 0,
      budgetBound: false,
    });
    expect(estimateMsLeft(3, null, { read: 0, elapsedMs: 0 })).toEqual({ msLeft: null, budgetBound: false });
  });

  it('words the estimate so that it does not flicker', () => {
    expect(formatMsLeft(97_800)).toBe('about 1 min 40 s');
    expect(formatMsLeft(20_100)).toBe('about 25 s');
    expect(formatMsLeft(120_000)).toBe('about 2 min');
    expect(formatMsLeft(1_000)).toBe('less than 5 s');
  });

  it('says how many services are read, and at whose budget', () => {
    const acme = {
      accountId: 'a',
      accountName: 'Acme',
      read: 37,
      total: 200,
      msLeft: 97_800,
      perMinute: 100,
      budgetBound: true,
    };
    expect(describePlanProgress({ read: 37, total: 200, msLeft: 97_800, accounts: [acme] })).toBe(
      "Reading 37 of 200 services… about 1 min 40 s left at this key's budget",
    );
    // A slow gateway, not the budget, sets the pace: no budget is named.
    expect(
      describePlanProgress({
        read: 4,
        total: 26,
        msLeft: 15_000,
        accounts: [{ ...acme, read: 4, total: 26, msLeft: 15_000, budgetBound: false }],
      }),
    ).toBe('Reading 4 of 26 services… about 15 s left');
    expect(describeAccountProgress(acme)).toBe('Acme: 37 of 200 · 100 requests/min · about 1 min 40 s left');
    expect(describeAccountProgress({ ...acme, read: 200 })).toBe('Acme: 200 of 200 · 100 requests/min · done');
  });
});
