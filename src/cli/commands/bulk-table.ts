// A bulk batch in a terminal: the plan or result table (accel bulk, accel baseline fix), what to do
// about items whose outcome stays unknown, and the exit status a batch gives.
import { readableTimesIn } from '../cli-io.ts';
import { commonPlanNotes, type BulkBatch } from '#shared/bulk/batch.ts';
import { revertLimits, revertLimitText } from '#shared/bulk/revert.ts';
import { cliValue } from '#shared/api/unknown-value.ts';
import { EXIT_FAILURE, EXIT_NOT_EVERY_ITEM, EXIT_OK, type CliIo } from '../cli-types.ts';

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** The batch on standard output: the table, or JSON. */
export function printBatch(io: CliIo, shape: 'table' | 'json', batch: BulkBatch, withState: boolean): void {
  io.stdout.write(shape === 'json' ? `${JSON.stringify(batch, null, 2)}\n` : batchTable(batch, withState));
}

/** The item's failure, reason, or changes followed by its own plan notes (their times readable). */
function detail(item: BulkBatch['items'][number], common: readonly string[]): string {
  if (item.state === 'failed' && item.error) return `${item.error.code}: ${item.error.message}`;
  if (item.state === 'unknown' && item.error) return `outcome unknown: ${item.error.message}`;
  if (item.action === 'cannot') return readableTimesIn(item.reason ?? '');
  const changes = item.changes
    .map((c) => `${c.label}: ${cliValue(c.before, c.beforeUnknown)} → ${cliValue(c.after, false)}`)
    .join('; ');
  return [changes, ...item.notes.filter((note) => !common.includes(note)).map(readableTimesIn)]
    .filter(Boolean)
    .join(' ');
}

/**
 * The batch as a table. `notStored` (a plan printed and then discarded: a dry run, or not confirmed)
 * replaces the ID in the header: an ID that no command accepts would only mislead.
 */
export function batchTable(batch: BulkBatch, withState: boolean, notStored?: string): string {
  const accountWidth = Math.min(24, Math.max(7, ...batch.items.map((i) => i.accountName.length)));
  const serviceText = (i: BulkBatch['items'][number]) => `${i.domainName} (${i.serviceId})`;
  const serviceWidth = Math.min(48, Math.max(7, ...batch.items.map((i) => serviceText(i).length)));
  const lines = [
    `${withState ? 'Batch' : 'Plan'}: ${batch.label}  ${notStored ? `(not stored: ${notStored})` : `[batch ${batch.id}, ${batch.status}]`}`,
  ];
  if (batch.productionAccounts.length > 0) {
    // After a run the confirmation was given (runBatch refuses without it).
    lines.push(
      `Production accounts: ${batch.productionAccounts.map((a) => a.name).join(', ')} (${withState ? 'confirmed with --yes' : 'running needs --yes'})`,
    );
  }
  for (const u of batch.unknownTargets)
    lines.push(`Not in the account's service list (left out): ${u.accountId}#${u.serviceId}`);
  const common = commonPlanNotes(batch.items);
  for (const note of common) lines.push(`Note: ${readableTimesIn(note)}`);
  // Said before the run: what a revert of this batch could not undo.
  if (!withState) {
    for (const group of revertLimits(batch.items)) {
      lines.push(
        `Not revertible: ${revertLimitText[group.limit](group.items.length)} ${group.items.map((i) => `${i.domainName} (${i.serviceId})`).join(', ')}`,
      );
    }
  }
  lines.push(
    '',
    `${cell(withState ? 'RESULT' : 'ACTION', 10)} ${cell('ACCOUNT', accountWidth)} ${cell('SERVICE', serviceWidth)}  DETAIL`,
  );
  for (const item of batch.items) {
    const first = withState ? item.state : item.action;
    lines.push(
      `${cell(first, 10)} ${cell(item.accountName, accountWidth)} ${cell(serviceText(item), serviceWidth)}  ${detail(item, common)}`.trimEnd(),
    );
  }
  const c = batch.counts;
  const actions = { create: 0, update: 0, delete: 0, unchanged: 0, cannot: 0 };
  for (const item of batch.items) actions[item.action] += 1;
  lines.push(
    '',
    withState
      ? `${c.applied} applied, ${c.unchanged} unchanged, ${c.failed} failed, ${c.cannot} cannot apply, ${c.pending + c.running} not run${c.unknown > 0 ? `, ${c.unknown} outcome unknown` : ''}`
      : `${actions.create} create, ${actions.update} update, ${actions.delete} delete, ${actions.unchanged} unchanged, ${actions.cannot} cannot apply`,
    '',
  );
  return lines.join('\n');
}

/** 0 every item applied or unchanged; 1 some failed (or did not run); 3 some cannot apply. */
export function exitOf(batch: BulkBatch): number {
  if (
    batch.items.some(
      (i) => i.state === 'failed' || i.state === 'pending' || i.state === 'running' || i.state === 'unknown',
    )
  )
    return EXIT_FAILURE;
  return batch.items.some((i) => i.state === 'cannot') ? EXIT_NOT_EVERY_ITEM : EXIT_OK;
}

/** What to do about items whose outcome stays unknown after a run (they were not sent again). */
export function unknownOutcomeAdvice(batch: BulkBatch): string | null {
  const unknown = batch.items.filter((i) => i.state === 'unknown');
  if (unknown.length === 0) return null;
  const lines = unknown.map(
    (i) => `  ${i.accountName}#${i.serviceId} (${i.domainName}): ${i.error?.message ?? 'no answer is known'}`,
  );
  const refs = unknown.map((i) => `${i.accountName}#${i.serviceId}`).join(' ');
  return [
    `${unknown.length} item${unknown.length === 1 ? ' was' : 's were'} sent before but no answer is known, and reading the service could not tell whether ${unknown.length === 1 ? 'it' : 'they'} applied; not sent again:`,
    ...lines,
    'Check the services, then either',
    `  accel bulk resume ${batch.id} --resend-unknown      (send ${unknown.length === 1 ? 'it' : 'them'} again)`,
    `  accel bulk mark-applied ${batch.id} ${refs}      (record ${unknown.length === 1 ? 'it' : 'them'} as applied)`,
    '',
  ].join('\n');
}
