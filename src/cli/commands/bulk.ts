// accel bulk plan|apply|resume|revert|list|templates: bulk apply from a terminal with the same
// plans, runner and journal as the app (bulk.* channels of the core). docs/bulk-apply.md.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
// The core is loaded only when a command runs, so that `accel bulk --help` stays quick.
import type { CliCore } from '../cli-core.ts';
import { printError, readableTime, readableTimesIn } from '../cli-io.ts';
import { commonPlanNotes, type BulkBatch } from '#shared/bulk/batch.ts';
import { revertLimits, revertLimitText } from '#shared/bulk/revert.ts';
import { cliValue } from '#shared/api/unknown-value.ts';
import { describeAccountProgress, describePlanProgress, PLAN_CANCELLED } from '#shared/bulk/plan-progress.ts';
import type { ChannelInput, IpcError } from '#shared/ipc/contract.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { EXIT_NOT_EVERY_ITEM } from './config.ts';
import { bulkChangeExamples, bulkChangeProblems } from './bulk-change-argument.ts';

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
${Object.values(bulkChangeExamples).map((example) => `                                 ${example}`).join('\n')}
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
         not sent: resume lists it and exits with 1.
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

async function withCore<T>(io: CliIo, action: (cli: CliCore) => Promise<T>): Promise<T> {
  const { withCore: run } = await import('../cli-core.ts');
  return run(io, action);
}

async function asIpcError(error: unknown): Promise<IpcError> {
  const [{ CoreCallError }, { toIpcError }] = await Promise.all([import('../cli-core.ts'), import('#core/ipc/ipc-error.ts')]);
  return error instanceof CoreCallError ? error.error : toIpcError(error);
}

async function findAccount(cli: CliCore, nameOrId: string) {
  const { findAccount: find } = await import('./accounts.ts');
  return find(cli, nameOrId);
}

function format(value: string | undefined): 'table' | 'json' {
  if (value === undefined || value === 'table' || value === 'json') return value ?? 'table';
  throw new UsageError('--format must be table or json');
}

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

async function readChange(io: CliIo, text: string): Promise<unknown> {
  let json = text;
  if (text.startsWith('@')) {
    try {
      json = await readFile(resolve(io.cwd, text.slice(1)), 'utf8');
    } catch (error) {
      throw new UsageError(`${text.slice(1)}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new UsageError(`--change ${text.startsWith('@') ? `${text.slice(1)} ` : ''}is not valid JSON; give a change such as {"kind":"cors","headers":{"accessControlAllowOrigin":"*"}}`);
  }
  // Checked here, not only by the core: the message then names the field and the shape expected.
  const problems = bulkChangeProblems(value);
  if (problems.length > 0) throw new UsageError(`--change: ${problems.join('\n  ')}\n  (the shape of each kind: accel bulk --help)`);
  return value;
}

const planOptions = {
  change: { type: 'string' },
  template: { type: 'string' },
  accounts: { type: 'string' },
  domain: { type: 'string' },
  tag: { type: 'string', multiple: true },
  service: { type: 'string', multiple: true },
  format: { type: 'string' },
  'dry-run': { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
} as const;

type PlanValues = {
  change?: string;
  template?: string;
  accounts?: string;
  domain?: string;
  tag?: string[];
  service?: string[];
};

async function planInput(cli: CliCore, io: CliIo, values: PlanValues): Promise<ChannelInput<'bulk.plan'>> {
  const change = values.change === undefined ? undefined : await readChange(io, values.change);
  const accountIds = values.accounts === undefined
    ? undefined
    : await Promise.all(values.accounts.split(',').map((a) => a.trim()).filter(Boolean).map(async (a) => (await findAccount(cli, a)).id));
  const services = values.service === undefined
    ? undefined
    : await Promise.all(
        values.service.map(async (ref) => {
          const at = ref.lastIndexOf('#');
          const id = ref.slice(at + 1);
          if (at <= 0 || !/^\d+$/.test(id)) throw new UsageError(`--service ${ref}: write it as ACCOUNT#SERVICE_ID, e.g. Acme#101`);
          return { accountId: (await findAccount(cli, ref.slice(0, at))).id, serviceId: Number(id) };
        }),
      );
  // Services named by ID are added to their account's service list first (one read each, as the
  // app's "Add by ID"): targets are the services the app knows.
  for (const accountId of new Set((services ?? []).map((s) => s.accountId))) {
    const known = new Set((await cli.call('inventory.list', { accountId })).services.map((s) => s.serviceId));
    const missing = (services ?? []).filter((s) => s.accountId === accountId && !known.has(s.serviceId)).map((s) => s.serviceId);
    if (missing.length === 0) continue;
    const added = await cli.call('inventory.addByIds', { accountId, ids: missing.join(',') });
    io.stderr.write(`Added to the account's service list: ${added.added.map((s) => `${s.domainName} (${s.serviceId})`).join(', ') || 'none'}\n`);
  }
  const targets = {
    ...(services ? { services } : {}),
    ...(accountIds ? { accountIds } : {}),
    ...(values.domain !== undefined ? { domainPattern: values.domain } : {}),
    ...(values.tag ? { tags: values.tag } : {}),
  };
  return { targets, ...(change === undefined ? {} : { change: change as ChannelInput<'bulk.plan'>['change'] }), ...(values.template ? { template: values.template } : {}) };
}

function checkPlanArgs(values: PlanValues, positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  if ((values.change === undefined) === (values.template === undefined)) throw new UsageError('Give the change: --change @FILE (or inline JSON) or --template NAME');
  if (values.accounts === undefined && values.domain === undefined && values.tag === undefined && values.service === undefined) {
    throw new UsageError('Choose target services: --accounts, --domain, --tag or --service');
  }
}

/** The item's failure, reason, or changes followed by its own plan notes (their times readable). */
function detail(item: BulkBatch['items'][number], common: readonly string[]): string {
  if (item.state === 'failed' && item.error) return `${item.error.code}: ${item.error.message}`;
  if (item.state === 'unknown' && item.error) return `outcome unknown: ${item.error.message}`;
  if (item.action === 'cannot') return readableTimesIn(item.reason ?? '');
  const changes = item.changes.map((c) => `${c.label}: ${cliValue(c.before, c.beforeUnknown)} → ${cliValue(c.after, false)}`).join('; ');
  return [changes, ...item.notes.filter((note) => !common.includes(note)).map(readableTimesIn)].filter(Boolean).join(' ');
}

/**
 * The batch as a table. `notStored` (a plan printed and then discarded: a dry run, or not confirmed)
 * replaces the ID in the header: an ID that no command accepts would only mislead.
 */
export function batchTable(batch: BulkBatch, withState: boolean, notStored?: string): string {
  const accountWidth = Math.min(24, Math.max(7, ...batch.items.map((i) => i.accountName.length)));
  const serviceText = (i: BulkBatch['items'][number]) => `${i.domainName} (${i.serviceId})`;
  const serviceWidth = Math.min(48, Math.max(7, ...batch.items.map((i) => serviceText(i).length)));
  const lines = [`${withState ? 'Batch' : 'Plan'}: ${batch.label}  ${notStored ? `(not stored: ${notStored})` : `[batch ${batch.id}, ${batch.status}]`}`];
  if (batch.productionAccounts.length > 0) {
    // After a run the confirmation was given (runBatch refuses without it).
    lines.push(`Production accounts: ${batch.productionAccounts.map((a) => a.name).join(', ')} (${withState ? 'confirmed with --yes' : 'running needs --yes'})`);
  }
  for (const u of batch.unknownTargets) lines.push(`Not in the account's service list (left out): ${u.accountId}#${u.serviceId}`);
  const common = commonPlanNotes(batch.items);
  for (const note of common) lines.push(`Note: ${readableTimesIn(note)}`);
  // Said before the run: what a revert of this batch could not undo.
  if (!withState) {
    for (const group of revertLimits(batch.items)) {
      lines.push(`Not revertible: ${revertLimitText[group.limit](group.items.length)} ${group.items.map((i) => `${i.domainName} (${i.serviceId})`).join(', ')}`);
    }
  }
  lines.push('', `${cell(withState ? 'RESULT' : 'ACTION', 10)} ${cell('ACCOUNT', accountWidth)} ${cell('SERVICE', serviceWidth)}  DETAIL`);
  for (const item of batch.items) {
    const first = withState ? item.state : item.action;
    lines.push(`${cell(first, 10)} ${cell(item.accountName, accountWidth)} ${cell(serviceText(item), serviceWidth)}  ${detail(item, common)}`.trimEnd());
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

function print(io: CliIo, shape: 'table' | 'json', batch: BulkBatch, withState: boolean): void {
  io.stdout.write(shape === 'json' ? `${JSON.stringify(batch, null, 2)}\n` : batchTable(batch, withState));
}

/**
 * A plan that is not run is not kept (a dry run leaves nothing behind): printed without its ID in
 * the table, with `"stored": false` in JSON, then discarded.
 */
async function printAndDiscard(cli: CliCore, io: CliIo, shape: 'table' | 'json', plan: BulkBatch, why: string): Promise<void> {
  io.stdout.write(shape === 'json' ? `${JSON.stringify({ ...plan, stored: false }, null, 2)}\n` : batchTable(plan, false, why));
  await cli.call('bulk.discard', { batchId: plan.id });
}

/** 0 every item applied or unchanged; 1 some failed (or did not run); 3 some cannot apply. */
function exitOf(batch: BulkBatch): number {
  if (batch.items.some((i) => i.state === 'failed' || i.state === 'pending' || i.state === 'running' || i.state === 'unknown')) return EXIT_FAILURE;
  return batch.items.some((i) => i.state === 'cannot') ? EXIT_NOT_EVERY_ITEM : EXIT_OK;
}

/** What to do about items whose outcome stays unknown after a run (they were not sent again). */
export function unknownOutcomeAdvice(batch: BulkBatch): string | null {
  const unknown = batch.items.filter((i) => i.state === 'unknown');
  if (unknown.length === 0) return null;
  const lines = unknown.map((i) => `  ${i.accountName}#${i.serviceId} (${i.domainName}): ${i.error?.message ?? 'no answer is known'}`);
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

/** Runs a planned (or resumable) batch to its end, progress on standard error. */
async function runBatch(cli: CliCore, io: CliIo, batch: BulkBatch, yes: boolean, shape: 'table' | 'json', resendUnknown = false): Promise<number> {
  if (batch.productionAccounts.length > 0 && !yes) {
    throw new UsageError(
      `The batch changes services of production account${batch.productionAccounts.length === 1 ? '' : 's'} ${batch.productionAccounts.map((a) => `"${a.name}"`).join(', ')}: review the plan (accel bulk plan …), then add --yes.`,
    );
  }
  const { bulkServiceFor } = await import('#core/core-services.ts');
  const off = cli.core.on('bulk.progress', (event) => {
    if (event.batchId !== batch.id || !event.item || event.item.state === 'running') return;
    const i = event.item;
    io.stderr.write(`${i.state.padEnd(9)} ${i.accountName}  ${i.domainName} (${i.serviceId})${i.error ? `  ${i.error.code}: ${i.error.message}` : ''}\n`);
  });
  try {
    await cli.call('bulk.run', { batchId: batch.id, ...(yes ? { confirmProduction: true } : {}), ...(resendUnknown ? { resendUnknown: true as const } : {}) });
    const done = await bulkServiceFor(cli.core.context).finished(batch.id);
    print(io, shape, done, true);
    const advice = unknownOutcomeAdvice(done);
    if (advice) io.stderr.write(advice);
    return exitOf(done);
  } finally {
    off();
  }
}

/** Exit code after Ctrl+C (128 + SIGINT), as shells expect. */
const EXIT_INTERRUPTED = 130;

class PlanCancelled extends Error {}

/**
 * bulk.plan with its progress on standard error when that is a terminal (one line, rewritten; the
 * accounts' pace when there are several), and Ctrl+C cancelling the reads (the queued ones give
 * their budget slots back) instead of killing the process mid-read.
 */
async function planWithProgress(cli: CliCore, io: CliIo, input: ChannelInput<'bulk.plan'>): Promise<BulkBatch> {
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
    if (error instanceof Error && 'code' in error && error.code === PLAN_CANCELLED) {
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

async function guarded(io: CliIo, prefix: string, shape: 'table' | 'json', action: (cli: CliCore) => Promise<number>): Promise<number> {
  return withCore(io, async (cli) => {
    try {
      return await action(cli);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      if (error instanceof PlanCancelled) return EXIT_INTERRUPTED;
      return printError(io, prefix, await asIpcError(error), { json: shape === 'json' });
    }
  });
}

async function runPlanOrApply(args: string[], io: CliIo, apply: boolean): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: planOptions, allowPositionals: true, strict: true });
  checkPlanArgs(values, positionals);
  const shape = format(values.format);
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
    if (plan.productionAccounts.length > 0 && !values.yes) await printAndDiscard(cli, io, shape, plan, 'not run without --yes');
    return runBatch(cli, io, plan, values.yes, shape);
  });
}

async function runResume(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { yes: { type: 'boolean', default: false }, 'resend-unknown': { type: 'boolean', default: false }, format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the batch ID (see accel bulk list)');
  const shape = format(values.format);
  return guarded(io, 'accel bulk resume', shape, async (cli) => {
    const batch = await cli.call('bulk.get', { batchId: positionals[0] as string });
    return runBatch(cli, io, batch, values.yes, shape, values['resend-unknown']);
  });
}

async function runMarkApplied(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  const [batchId, ...refs] = positionals;
  if (batchId === undefined || refs.length === 0) throw new UsageError('Give the batch ID and the items: accel bulk mark-applied BATCH ACCOUNT#SERVICE_ID…');
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
    options: { yes: { type: 'boolean', default: false }, 'dry-run': { type: 'boolean', default: false }, format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the ID of the batch to revert (see accel bulk list)');
  const shape = format(values.format);
  return guarded(io, 'accel bulk revert', shape, async (cli) => {
    const plan = await cli.call('bulk.planRevert', { batchId: positionals[0] as string });
    const canEvery = plan.items.every((i) => i.action !== 'cannot');
    if (values['dry-run'] || !plan.items.some((i) => i.state === 'pending')) {
      await printAndDiscard(cli, io, shape, plan, values['dry-run'] ? 'a dry run' : 'nothing to apply');
      return canEvery ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    }
    if (plan.productionAccounts.length > 0 && !values.yes) await printAndDiscard(cli, io, shape, plan, 'not run without --yes');
    return runBatch(cli, io, plan, values.yes, shape);
  });
}

async function runList(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { format: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const shape = format(values.format);
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
  const { values, positionals } = parseArgs({ args, options: { format: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  const shape = format(values.format);
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
  const { values, positionals } = parseArgs({ args, options: { change: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('Give the template name');
  if (values.change === undefined) throw new UsageError('Give the change: --change @FILE (or inline JSON)');
  const change = await readChange(io, values.change);
  return guarded(io, 'accel bulk save-template', 'table', async (cli) => {
    const saved = await cli.call('bulk.saveTemplate', { name: positionals[0] as string, change: change as ChannelInput<'bulk.saveTemplate'>['change'] });
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
      throw new UsageError(sub === undefined ? `Give a bulk command: ${subcommands}` : `Unknown bulk command "${sub}"; use ${subcommands}`);
  }
}
