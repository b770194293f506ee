// Words for batch and item states, shared by the bulk screen's parts.
import type { BulkAction, BulkBatch, BulkItemState } from '#shared/bulk/batch.ts';
import { withReadableTimes } from '#shared/format-date.ts';

export const actionLabels: Record<BulkAction, string> = {
  create: 'will create',
  update: 'will update',
  delete: 'will delete',
  unchanged: 'already so',
  cannot: 'cannot apply',
};

export const itemStateLabels: Record<BulkItemState, string> = {
  pending: 'waiting',
  running: 'writing…',
  applied: 'applied',
  unchanged: 'unchanged',
  failed: 'failed',
  cannot: 'cannot apply',
  unknown: 'outcome unknown',
};

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export function itemTone(state: BulkItemState): Tone {
  switch (state) {
    case 'applied':
      return 'success';
    case 'failed':
      return 'danger';
    case 'cannot':
    case 'unknown':
      return 'warning';
    case 'running':
      return 'accent';
    default:
      return 'neutral';
  }
}

/** "Running", "Cancelled — 4 left", "Finished with 1 failed" */
export function statusText(batch: Pick<BulkBatch, 'status' | 'counts'>): string {
  const unknown = batch.counts.unknown ?? 0;
  const left = (batch.counts.pending ?? 0) + (batch.counts.running ?? 0) + unknown;
  const failed = batch.counts.failed ?? 0;
  switch (batch.status) {
    case 'planned':
      return 'Planned — not run yet';
    case 'running':
      return 'Running';
    case 'cancelled':
      return `Cancelled — ${left} left`;
    case 'interrupted':
      return `Interrupted — ${left} left`;
    case 'finished':
      if (unknown > 0) return `Finished — ${unknown} with an unknown outcome${failed > 0 ? `, ${failed} failed` : ''}`;
      return failed > 0 ? `Finished with ${failed} failed` : 'Finished';
  }
}

/** "5 to change (2 create, 3 update), 1 unchanged, 1 cannot apply" */
export function planSummary(batch: Pick<BulkBatch, 'items'>): string {
  const count = (action: BulkAction) => batch.items.filter((i) => i.action === action).length;
  const writes = (['create', 'update', 'delete'] as const).map((a) => [a, count(a)] as const).filter(([, n]) => n > 0);
  const changing = writes.reduce((n, [, c]) => n + c, 0);
  const parts = [
    `${changing} to change${writes.length > 1 ? ` (${writes.map(([a, n]) => `${n} ${a}`).join(', ')})` : ''}`,
  ];
  if (count('unchanged') > 0) parts.push(`${count('unchanged')} already so`);
  if (count('cannot') > 0) parts.push(`${count('cannot')} cannot apply`);
  return parts.join(', ');
}

/** A plan note with its ISO times written as the app writes times elsewhere ("Nov 23, 2026, 11:40 PM"). */
export function readableNote(note: string): string {
  return withReadableTimes(note);
}
