// accel baseline fix: the app's baseline Fix from a terminal, over the same channels
// (baselines.planFix → baselines.applyFix). Each failing check whose fix the API can carry gets
// one plan (one bulk batch), printed; it runs unless --dry-run, production accounts only with --yes.
import { fixLineText } from '#shared/baseline/fix-plan.ts';
import type { FixPlanView } from '#shared/ipc/channels/baselines.ts';
import type { BulkBatch } from '#shared/bulk/batch.ts';
import type { CliCore } from '../cli-core.ts';
import { EXIT_FAILURE, EXIT_NOT_EVERY_ITEM, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { batchTable } from './bulk-table.ts';

export const fixHelp = `accel baseline fix [--baseline NAME] [--check CHECK_ID …] [--accounts A,B] [--offline] [--dry-run] [--yes] [--format table|json]

fix        for every failing check whose fix the API can carry (or the --check ones): one plan
           with every change the check needs, as one bulk batch; runs it (every write through the
           journal with the batch ID), reads the changed services again and says what is left.
           Without --offline the services in scope are read first.
  --dry-run  print the plans, change nothing
  --yes      confirm changing production accounts (required when one is in a plan)
Exit status: 0 every change applied (or nothing to fix); ${EXIT_NOT_EVERY_ITEM} some changes cannot apply or
failures are left to fix by hand; 1 an error or a failed change; 2 a mistake in the command line.`;

export type FixOptions = {
  baseline?: string;
  checks?: string[];
  accountIds?: string[];
  offline: boolean;
  dryRun: boolean;
  yes: boolean;
  format: 'table' | 'json';
};

type Outcome = {
  plan: FixPlanView;
  applied: BulkBatch | null;
  remaining: { lines: FixPlanView['lines']; byHand: number } | null;
  skipped?: string;
};

function planText(plan: FixPlanView): string {
  const lines = [`Fix: ${plan.checkTitle} (baseline “${plan.baseline}”)`];
  for (const line of plan.lines) lines.push(`  ${fixLineText(line)}`);
  if (plan.byHand > 0) lines.push(`  By hand on ${plan.byHand} service(s): ${plan.fixText}`);
  return `${lines.join('\n')}\n`;
}

/** Exit status of one plan's outcome (worst wins across plans). */
function exitOf(outcome: Outcome): number {
  const batch = outcome.applied ?? outcome.plan.batch;
  if (
    batch &&
    batch.items.some(
      (i) => i.state === 'failed' || (outcome.applied !== null && (i.state === 'pending' || i.state === 'running')),
    )
  )
    return EXIT_FAILURE;
  if (batch?.items.some((i) => i.action === 'cannot')) return EXIT_NOT_EVERY_ITEM;
  if (outcome.plan.byHand > 0 || (outcome.remaining?.lines.length ?? 0) > 0) return EXIT_NOT_EVERY_ITEM;
  return EXIT_OK;
}

export async function fixBaselines(cli: CliCore, io: CliIo, options: FixOptions): Promise<number> {
  const { baselines } = await cli.call('baselines.list', {});
  const names = options.baseline !== undefined ? [options.baseline] : baselines.map((b) => b.name);
  if (names.length === 0)
    throw new UsageError(
      'No baseline is saved yet: create one in the app (Baselines) or import one with accel baseline import FILE.',
    );
  const scope = options.accountIds ? { accountIds: options.accountIds } : {};
  const outcomes: Outcome[] = [];
  for (const name of names) {
    const { report, refresh } = await cli.call('baselines.evaluate', {
      name,
      ...scope,
      refresh: !options.offline,
      details: true,
    });
    for (const f of refresh?.failed ?? [])
      io.stderr.write(`Could not read service ${f.serviceId} (${f.code}): ${f.message}; its last snapshot is used.\n`);
    const unknownChecks = (options.checks ?? []).filter((id) => !report.checks.some((c) => c.checkId === id));
    if (options.baseline !== undefined && unknownChecks.length > 0) {
      throw new UsageError(
        `--check ${unknownChecks.join(', ')}: the baseline “${name}” has no such check (it has ${report.checks.map((c) => c.checkId).join(', ')})`,
      );
    }
    for (const [index, check] of report.checks.entries()) {
      if (options.checks && !options.checks.includes(check.checkId)) continue;
      if (!report.details.some((d) => d.check === index && d.status === 'fail')) continue;
      const plan = await cli.call('baselines.planFix', { name, check: index, ...scope });
      if (plan.batch === null) {
        outcomes.push({ plan, applied: null, remaining: null });
        continue;
      }
      const batch = plan.batch;
      const toRun = batch.items.some((i) => i.state === 'pending');
      const production = batch.productionAccounts.length > 0;
      if (options.dryRun || !toRun || (production && !options.yes)) {
        await cli.call('baselines.discardFix', { batchId: batch.id });
        const why = options.dryRun ? 'a dry run' : !toRun ? 'nothing to apply' : 'not run without --yes';
        outcomes.push({ plan, applied: null, remaining: null, skipped: why });
        continue;
      }
      const off = cli.core.on('bulk.progress', (event) => {
        if (event.batchId !== batch.id || !event.item || event.item.state === 'running') return;
        const i = event.item;
        io.stderr.write(
          `${i.state.padEnd(9)} ${i.accountName}  ${i.domainName} (${i.serviceId})${i.error ? `  ${i.error.code}: ${i.error.message}` : ''}\n`,
        );
      });
      try {
        const result = await cli.call('baselines.applyFix', {
          batchId: batch.id,
          ...(options.yes ? { confirmProduction: true } : {}),
        });
        outcomes.push({ plan, applied: result.batch, remaining: result.remaining });
      } finally {
        off();
      }
    }
  }

  if (options.format === 'json') {
    io.stdout.write(
      `${JSON.stringify({ fixes: outcomes.map((o) => ({ ...o.plan, applied: o.applied, remaining: o.remaining, ...(o.skipped ? { notRun: o.skipped } : {}) })) }, null, 2)}\n`,
    );
  } else {
    if (outcomes.length === 0) io.stdout.write('Nothing to fix: no check fails.\n');
    for (const o of outcomes) {
      io.stdout.write(planText(o.plan));
      if (o.plan.batch === null) {
        io.stdout.write('  Nothing the API can change: the failures are left to fix by hand.\n\n');
        continue;
      }
      io.stdout.write(o.applied ? batchTable(o.applied, true) : batchTable(o.plan.batch, false, o.skipped));
      if (o.remaining) {
        io.stdout.write(
          o.remaining.lines.length === 0
            ? 'After the fix: nothing is left to fix through the API.\n\n'
            : `After the fix, still to change:\n${o.remaining.lines.map((l) => `  ${fixLineText(l)}`).join('\n')}\n\n`,
        );
      }
    }
  }
  const notConfirmed = outcomes.filter((o) => o.skipped === 'not run without --yes');
  if (notConfirmed.length > 0) {
    const accounts = [
      ...new Set(notConfirmed.flatMap((o) => o.plan.batch?.productionAccounts.map((a) => `"${a.name}"`) ?? [])),
    ];
    throw new UsageError(
      `The fix changes services of production account${accounts.length === 1 ? '' : 's'} ${accounts.join(', ')}: review the plan (accel baseline fix --dry-run), then add --yes.`,
    );
  }
  // A failed change outweighs one that cannot apply.
  const codes = outcomes.map(exitOf);
  return codes.includes(EXIT_FAILURE)
    ? EXIT_FAILURE
    : codes.includes(EXIT_NOT_EVERY_ITEM)
      ? EXIT_NOT_EVERY_ITEM
      : EXIT_OK;
}
