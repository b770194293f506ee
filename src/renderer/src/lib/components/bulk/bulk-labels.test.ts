import { describe, expect, it } from 'vitest';
import { planSummary, readableNote, statusText } from './bulk-labels.ts';
import { emptyCounts, type BulkAction } from '#shared/bulk/batch.ts';

const items = (...actions: BulkAction[]) =>
  ({ items: actions.map((action) => ({ action })) }) as Parameters<typeof planSummary>[0];

describe('bulk labels', () => {
  it('sums up a plan in words, splitting writes only when there are several kinds', () => {
    expect(planSummary(items('update', 'update', 'unchanged'))).toBe('2 to change, 1 already so');
    expect(planSummary(items('create', 'update', 'cannot'))).toBe('2 to change (1 create, 1 update), 1 cannot apply');
    expect(planSummary(items('cannot'))).toBe('0 to change, 1 cannot apply');
  });

  it('says what is left of a stopped batch and how many failed', () => {
    expect(statusText({ status: 'cancelled', counts: { ...emptyCounts(), pending: 3, applied: 2 } })).toBe(
      'Cancelled — 3 left',
    );
    expect(statusText({ status: 'interrupted', counts: { ...emptyCounts(), running: 1, pending: 1 } })).toBe(
      'Interrupted — 2 left',
    );
    expect(statusText({ status: 'finished', counts: { ...emptyCounts(), failed: 1, applied: 2 } })).toBe(
      'Finished with 1 failed',
    );
    expect(statusText({ status: 'finished', counts: { ...emptyCounts(), applied: 2 } })).toBe('Finished');
    // Sent, no answer known: never counted as done.
    expect(statusText({ status: 'interrupted', counts: { ...emptyCounts(), unknown: 2, pending: 1 } })).toBe(
      'Interrupted — 3 left',
    );
    expect(statusText({ status: 'finished', counts: { ...emptyCounts(), unknown: 1, failed: 1, applied: 2 } })).toBe(
      'Finished — 1 with an unknown outcome, 1 failed',
    );
  });

  it('writes the ISO times of plan notes as the app writes times', () => {
    const note = readableNote(
      'Compared with what this app last applied (2026-11-23T23:40:47.692Z); the API cannot confirm it.',
    );
    expect(note).not.toMatch(/T23:40/);
    expect(note).toMatch(/^Compared with what this app last applied \(.*2026.*\); the API cannot confirm it\.$/);
  });
});
