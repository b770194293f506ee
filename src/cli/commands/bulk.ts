// accel bulk plan|apply|resume|revert|list|templates: bulk apply from a terminal with the same
// plans, runner and journal as the app (bulk.* channels of the core). docs/bulk-apply.md. The
// arguments: bulk-change-argument.ts, bulk-plan-input.ts; the tables: bulk-table.ts; runs: bulk-run.ts.
import { parseArgs } from 'node:util';
import type { CliCore } from '../cli-core.ts';
import { readableTime } from '../cli-io.ts';
import { isResumable, type BulkBatch } from '#shared/bulk/batch.ts';
import type { ChannelInput } from '#shared/ipc/contract.ts';
import { EXIT_NOT_EVERY_ITEM, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { bulkChangeExamples, readChange } from './bulk-change-argument.ts';
import { checkPlanArgs, planInput, planOptions } from './bulk-plan-input.ts';
import { tableOrJson } from './format-option.ts';
import { commandFailed, findAccount, withCore } from './lazy-core.ts';
import { batchTable, exitOf, printBatch } from './bulk-table.ts';
import { EXIT_INTERRUPTED, PlanCancelled, planWithProgress, runBatch } from './bulk-run.ts';

export const help = `Usage: accel bulk plan  CHANGE TARGETS [--format table|json]
       accel bulk apply CHANGE TARGETS [--dry-run] [--yes] [--format table|json]
       accel bulk resume BATCH [--yes] [--resend-unknown] [--format table|json]
       accel bulk mark-applied BATCH ACCOUNT#SERVICE_ID…
       accel bulk revert BATCH [--dry-run] [--yes] [--format table|json]
       accel bulk list [--format table|json]
       accel bulk templates [--format table|json]
       accel bulk save-template NAME --change @FILE
       accel bulk delete-template NAME

One change applied to many services, possibly in several accounts (docs/bulk-apply.md).

CHANGE     --change @FILE        a JSON file with the change (relative to the current directory)
           --change JSON         the same, inline
                                 one of these kinds (the fields are the editors' API fields):
${Object.values(bulkChangeExamples)
  .map((example) => `                                 ${example}`)
  .join('\n')}
           --template NAME       a saved template
TARGETS    --accounts A,B        services of these accounts (names or IDs)
           --domain PATTERN      domain names matching PATTERN (* = any characters)
           --tag TAG             services carrying TAG, on the service or its account (repeatable;
                                 every tag must match)
           --service ACCOUNT#ID  one service (repeatable); added to what the filters select

plan     Reads each target once and prints the plan: per service create, update, delete,
         unchanged, or cannot apply with the reason. Changes nothing (same as apply --dry-run).
         On a terminal, standard error shows the services read so far and the time left at
         the keys' budgets; Ctrl+C cancels the reads (exit status 130).
apply    Plans, then runs the plan: accounts in parallel, each access key within its request
         budget; every write is journaled with the batch ID. Progress goes to standard error.
resume   Runs what is left of a cancelled, interrupted or partly failed batch (failed items again).
         A write that was sent but never answered (the app or the CLI was stopped, the gateway
         did not answer) has an unknown outcome: resume reads its service first and never
         sends it again blind. Found applied: recorded as applied ("confirmed after restart").
         Not there: sent. CORS headers and rate limits cannot be read back, but setting them is
         a full replacement / upsert / delete, so they are sent again. When the read cannot tell
         (e.g. a policy of that name exists with other fields, or the read fails), the item is
         not sent: resume lists it and exits with 1. A batch that turns out finished (cut off
         after its last answer) prints its result and exits with 0: nothing is sent.
  --resend-unknown send those items anyway (after you checked the services)
mark-applied
         Records items with an unknown outcome as applied (you checked the services), e.g.
         accel bulk mark-applied 3f2a9c Acme#101; the journal says they were marked by you.
revert   Plans applying the journal's "before" of every applied item of a batch, then runs it.
list     Stored batches: ID, status, counts.
  --dry-run        print the plan, change nothing
  --format         table (default) or json
  --yes            confirm running on production accounts (required when one is in the set)

Exit status: 0 every item applied or was already so; ${EXIT_NOT_EVERY_ITEM} some items cannot apply (or, with
--dry-run, would not); 1 an error or a failed item; 2 a mistake in the command line;
130 planning cancelled with Ctrl+C.
`;

/**
 * A plan that is not run is not kept (a dry run leaves nothing behind): printed without its ID in
 * the table, with `"stored": false` in JSON, then discarded.
 */
async function printAndDiscard(
  cli: CliCore,
  io: CliIo,
  shape: 'table' | 'json',
  plan: BulkBatch,
  why: string,
): Promise<void> {
  io.stdout.write(
    shape === 'json' ? `${JSON.stringify({ ...plan, stored: false }, null, 2)}\n` : batchTable(plan, false, why),
  );
  await cli.call('bulk.discard', { batchId: plan.id });
}

async function guarded(
  io: CliIo,
  prefix: string,
  shape: 'table' | 'json',
  action: (cli: CliCore) => Promise<number>,
): Promise<number> {
  return withCore(io, async (cli) => {
    try {
      return await action(cli);
    } catch (error) {
      if (error instanceof PlanCancelled) return EXIT_INTERRUPTED;
      return await commandFailed(io, prefix, error, shape);
    }
  });
}

async function runPlanOrApply(args: string[], io: CliIo, apply: boolean): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: planOptions, allowPositionals: true, strict: true });
  checkPlanArgs(values, positionals);
  const shape = tableOrJson(values.format);
  const dryRun = !apply || values['dry-run'];
  return guarded(io, `accel bulk ${apply ? 'apply' : 'plan'}`, shape, async (cli) => {
    const plan = await planWithProgress(cli, io, await planInput(cli, io, values));
    const canEvery = plan.items.every((i) => i.action !== 'cannot');
    const toRun = plan.items.some((i) => i.state === 'pending');
    if (dryRun || !toRun) {
      await printAndDiscard(cli, io, shape, plan, dryRun ? 'a dry run' : 'nothing to apply');
      if (!dryRun) io.stderr.write('Nothing to apply.\n');
      return canEvery ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    }
    if (plan.productionAccounts.length > 0 && !values.yes)
      await printAndDiscard(cli, io, shape, plan, 'not run without --yes');
    return runBatch(cli, io, plan, values.yes, shape);
  });
}

async function runResume(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      yes: { type: 'boolean', default: false },
      'resend-unknown': { type: 'boolean', default: false },
      format: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the batch ID (see accel bulk list)');
  const shape = tableOrJson(values.format);
  return guarded(io, 'accel bulk resume', shape, async (cli) => {
    const batch = await cli.call('bulk.get', { batchId: positionals[0] as string });
    // A batch the last stop cut off after its last answer is finished once it is read again:
    // resuming it is done, not a mistake (scripts resume until the batch is finished).
    if (batch.status === 'finished' && !isResumable(batch)) {
      printBatch(io, shape, batch, true);
      io.stderr.write('Nothing is left to apply: the batch has finished.\n');
      return exitOf(batch);
    }
    return runBatch(cli, io, batch, values.yes, shape, values['resend-unknown']);
  });
}

async function runMarkApplied(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  const [batchId, ...refs] = positionals;
  if (batchId === undefined || refs.length === 0)
    throw new UsageError('Give the batch ID and the items: accel bulk mark-applied BATCH ACCOUNT#SERVICE_ID…');
  return guarded(io, 'accel bulk mark-applied', 'table', async (cli) => {
    const itemIds = await Promise.all(
      refs.map(async (ref) => {
        const at = ref.lastIndexOf('#');
        const id = ref.slice(at + 1);
        if (at <= 0 || !/^\d+$/.test(id)) throw new UsageError(`${ref}: write it as ACCOUNT#SERVICE_ID, e.g. Acme#101`);
        return `${(await findAccount(cli, ref.slice(0, at))).id}/${id}`;
      }),
    );
    const batch = await cli.call('bulk.markApplied', { batchId, itemIds });
    io.stdout.write(batchTable(batch, true));
    return exitOf(batch);
  });
}

async function runRevert(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      yes: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      format: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the ID of the batch to revert (see accel bulk list)');
  const shape = tableOrJson(values.format);
  return guarded(io, 'accel bulk revert', shape, async (cli) => {
    const plan = await cli.call('bulk.planRevert', { batchId: positionals[0] as string });
    const canEvery = plan.items.every((i) => i.action !== 'cannot');
    if (values['dry-run'] || !plan.items.some((i) => i.state === 'pending')) {
      await printAndDiscard(cli, io, shape, plan, values['dry-run'] ? 'a dry run' : 'nothing to apply');
      return canEvery ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    }
    if (plan.productionAccounts.length > 0 && !values.yes)
      await printAndDiscard(cli, io, shape, plan, 'not run without --yes');
    return runBatch(cli, io, plan, values.yes, shape);
  });
}

async function runList(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const shape = tableOrJson(values.format);
  return guarded(io, 'accel bulk list', shape, async (cli) => {
    const { batches } = await cli.call('bulk.list', {});
    if (shape === 'json') io.stdout.write(`${JSON.stringify(batches, null, 2)}\n`);
    else {
      for (const b of batches) {
        const c = b.counts;
        io.stdout.write(
          `${b.id}  ${readableTime(b.createdAt)}  ${b.status.padEnd(11)} ${b.label}  (${b.itemCount} services: ${c.applied} applied, ${c.unchanged} unchanged, ${c.failed} failed, ${c.cannot} cannot, ${c.pending} to do${c.unknown > 0 ? `, ${c.unknown} outcome unknown` : ''})${b.resumable ? '  resumable' : ''}\n`,
        );
      }
      if (batches.length === 0) io.stdout.write('No bulk batches.\n');
    }
    return EXIT_OK;
  });
}

async function runTemplates(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const shape = tableOrJson(values.format);
  return guarded(io, 'accel bulk templates', shape, async (cli) => {
    const { templates } = await cli.call('bulk.listTemplates', {});
    if (shape === 'json') io.stdout.write(`${JSON.stringify(templates, null, 2)}\n`);
    else {
      for (const t of templates) io.stdout.write(`${t.name}  ${t.change.kind}  saved ${readableTime(t.savedAt)}\n`);
      if (templates.length === 0) io.stdout.write('No templates.\n');
    }
    return EXIT_OK;
  });
}

async function runSaveTemplate(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { change: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the template name');
  if (values.change === undefined) throw new UsageError('Give the change: --change @FILE (or inline JSON)');
  const change = await readChange(io, values.change);
  return guarded(io, 'accel bulk save-template', 'table', async (cli) => {
    const saved = await cli.call('bulk.saveTemplate', {
      name: positionals[0] as string,
      change: change as ChannelInput<'bulk.saveTemplate'>['change'],
    });
    io.stderr.write(`Saved template "${saved.name}".\n`);
    return EXIT_OK;
  });
}

async function runDeleteTemplate(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('Give the template name');
  return guarded(io, 'accel bulk delete-template', 'table', async (cli) => {
    await cli.call('bulk.deleteTemplate', { name: positionals[0] as string });
    return EXIT_OK;
  });
}

const subcommands = 'plan, apply, resume, mark-applied, revert, list, templates, save-template or delete-template';

export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'plan':
      return runPlanOrApply(rest, io, false);
    case 'apply':
      return runPlanOrApply(rest, io, true);
    case 'resume':
      return runResume(rest, io);
    case 'mark-applied':
      return runMarkApplied(rest, io);
    case 'revert':
      return runRevert(rest, io);
    case 'list':
      return runList(rest, io);
    case 'templates':
      return runTemplates(rest, io);
    case 'save-template':
      return runSaveTemplate(rest, io);
    case 'delete-template':
      return runDeleteTemplate(rest, io);
    default:
      throw new UsageError(
        sub === undefined ? `Give a bulk command: ${subcommands}` : `Unknown bulk command "${sub}"; use ${subcommands}`,
      );
  }
}
