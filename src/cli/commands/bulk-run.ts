// Running a bulk batch from a terminal: the writes' progress on standard error, the result table,
// and planning with a progress line that Ctrl+C cancels (the queued reads give their budget slots
// back) instead of killing the process mid-read.
import { AppCode } from '#shared/app-errors.ts';
import { randomUUID } from 'node:crypto';
import type { CliCore } from '../cli-core.ts';
import type { BulkBatch } from '#shared/bulk/batch.ts';
import { describeAccountProgress, describePlanProgress } from '#shared/bulk/plan-progress.ts';
import type { ChannelInput } from '#shared/ipc/contract.ts';
import { UsageError, type CliIo } from '../cli-types.ts';
import { exitOf, printBatch, unknownOutcomeAdvice } from './bulk-table.ts';

/** Runs a planned (or resumable) batch to its end, progress on standard error. */
export async function runBatch(
  cli: CliCore,
  io: CliIo,
  batch: BulkBatch,
  yes: boolean,
  shape: 'table' | 'json',
  resendUnknown = false,
): Promise<number> {
  if (batch.productionAccounts.length > 0 && !yes) {
    throw new UsageError(
      `The batch changes services of production account${batch.productionAccounts.length === 1 ? '' : 's'} ${batch.productionAccounts.map((a) => `"${a.name}"`).join(', ')}: review the plan (accel bulk plan …), then add --yes.`,
    );
  }
  const off = cli.core.on('bulk.progress', (event) => {
    if (event.batchId !== batch.id || !event.item || event.item.state === 'running') return;
    const i = event.item;
    io.stderr.write(
      `${i.state.padEnd(9)} ${i.accountName}  ${i.domainName} (${i.serviceId})${i.error ? `  ${i.error.code}: ${i.error.message}` : ''}\n`,
    );
  });
  try {
    await cli.call('bulk.run', {
      batchId: batch.id,
      ...(yes ? { confirmProduction: true } : {}),
      ...(resendUnknown ? { resendUnknown: true as const } : {}),
    });
    const done = await cli.core.services.bulk.finished(batch.id);
    printBatch(io, shape, done, true);
    const advice = unknownOutcomeAdvice(done);
    if (advice) io.stderr.write(advice);
    return exitOf(done);
  } finally {
    off();
  }
}

/** Exit code after Ctrl+C (128 + SIGINT), as shells expect. */
export const EXIT_INTERRUPTED = 130;

export class PlanCancelled extends Error {}

/**
 * bulk.plan with its progress on standard error when that is a terminal (one line, rewritten; the
 * accounts' pace when there are several), and Ctrl+C cancelling the reads (the queued ones give
 * their budget slots back) instead of killing the process mid-read.
 */
export async function planWithProgress(cli: CliCore, io: CliIo, input: ChannelInput<'bulk.plan'>): Promise<BulkBatch> {
  const planId = randomUUID();
  const tty = 'isTTY' in io.stderr && io.stderr.isTTY === true;
  let shown = false;
  const off = cli.core.on('bulk.planProgress', (event) => {
    if (!tty || event.planId !== planId) return;
    const accounts = event.accounts.length > 1 ? ` (${event.accounts.map(describeAccountProgress).join('; ')})` : '';
    io.stderr.write(`\r\x1b[K${describePlanProgress(event)}${accounts}`);
    shown = true;
  });
  let interrupted = false;
  const onSigint = () => {
    if (interrupted) return;
    interrupted = true;
    void cli.call('bulk.cancelPlan', { planId }).catch(() => undefined);
  };
  process.on('SIGINT', onSigint);
  try {
    return await cli.call('bulk.plan', { ...input, planId });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === AppCode.Bulk.PlanCancelled) {
      if (shown) io.stderr.write('\r\x1b[K');
      shown = false;
      io.stderr.write(`${error.message}\n`);
      throw new PlanCancelled(error.message);
    }
    throw error;
  } finally {
    process.off('SIGINT', onSigint);
    off();
    if (shown) io.stderr.write('\r\x1b[K');
  }
}
