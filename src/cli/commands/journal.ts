// accel journal list|export|reapply: the change journal with the same filters as the app's journal
// screen (src/core/journal/journal-filter.ts), printed as a table or JSON, or exported as CSV / JSON; and
// applying an entry's previous version again (the app's "Apply again"), through journal.reapply.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { formatOption, tableOrJson } from './format-option.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { journalOutcomes, journalQuerySchema, type JournalQuery } from '#shared/ipc/channels/journal.ts';
import { journalOutcomeView } from '#shared/journal-outcome.ts';
import { mutatingOperationIds } from '#shared/api/operation-facts.ts';
import { operationFacts } from '#shared/api/operation-facts.ts';

export const help = `Usage: accel journal list    [filters] [--limit N] [--format table|json]
       accel journal export  --format csv|json --out FILE [filters]
       accel journal reapply ID [--yes] [--format table|json]

The change journal: every change applied from the app or the CLI, newest first.
Secrets are never recorded, so exports hold none. Each line of the list starts with the
entry's short ID (its first 8 characters).

reapply  Undoes one change: sends the version from before entry ID again (the entry's full
         ID, or its short ID) and records it as a new change. Through the same guarded path as
         every change: a production account needs --yes, and so does a version that would make
         the service's rule tests fail (they are named). A create cannot be undone, nor a change
         whose previous version is not known.
         Exit status: 0 applied; 1 refused or failed; 2 a mistake in the command line, an
         unknown ID, or a confirmation (--yes) missing.

Filters (all optional, each narrows):
  --account NAME      one account (name or ID); default: every account
  --service TEXT      a service ID ("101", "#101") or a domain name or part of one
  --operation ID      an operation, e.g. setCorsHeaders, upsertRateLimit, createService
  --batch ID          the entries of one bulk run: its ID, or the first 6 or more characters of it
                      (the short ID the tables show)
  --outcome ok|failed|unknown
                      applied, failed, or unknown (sent, and no answer is known: the app
                      stopped or the gateway did not answer; docs/bulk-apply.md)
  --from, --to ISO    inclusive time range, e.g. 2026-11-01T00:00:00Z

  --format table|json list: a table (default) or JSON (the entries, as --json)
  --format csv|json   export: the format (CSV cells are safe to open in a spreadsheet)
  --out FILE          where to write; "-" writes to standard output
`;

async function readQuery(cli: CliCore, values: Record<string, string | boolean | undefined>): Promise<JournalQuery> {
  const operation = values.operation as string | undefined;
  if (operation !== undefined && !(mutatingOperationIds as readonly string[]).includes(operation)) {
    throw new UsageError(`Unknown operation "${operation}". Known: ${mutatingOperationIds.join(', ')}`);
  }
  const outcome = values.outcome as string | undefined;
  if (outcome !== undefined && !(journalOutcomes as readonly string[]).includes(outcome))
    throw new UsageError(`--outcome must be ${journalOutcomes.join(', ')}`);
  const raw = {
    accountId: values.account === undefined ? undefined : (await findAccount(cli, values.account as string)).id,
    service: values.service,
    operationId: operation,
    batchId: values.batch,
    outcome,
    from: values.from,
    to: values.to,
  };
  const parsed = journalQuerySchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined)),
  );
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? 'Invalid filter');
  return parsed.data;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string' },
      operation: { type: 'string' },
      batch: { type: 'string' },
      outcome: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      out: { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const action = positionals[0];
  if (action === 'reapply') return reapply(positionals.slice(1), values, io);
  if ((action !== 'list' && action !== 'export') || positionals.length !== 1)
    throw new UsageError(
      'Use "accel journal list", "accel journal export" or "accel journal reapply ID" (accel journal --help)',
    );
  if (values.yes) throw new UsageError('--yes goes with reapply');
  const format =
    action === 'export'
      ? formatOption(values.format, ['csv', 'json'])
      : formatOption(values.format ?? 'table', ['table', 'json'], ' for list (csv is for export)');
  if (action === 'export' && !values.out)
    throw new UsageError('--out is required (a file path, or - for standard output)');
  // --json is the older spelling of --format json; both print the entries as JSON.
  const json = action === 'list' ? values.json || format === 'json' : format === 'json';
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 1000))
    throw new UsageError('--limit must be a whole number from 1 to 1000');

  return withCore(io, async (cli) => {
    try {
      const query = await readQuery(cli, values);
      if (action === 'export') {
        const exported = await cli.call('journal.export', { ...query, format: format as 'csv' | 'json' });
        if (values.out === '-') io.stdout.write(exported.content);
        else {
          const path = resolve(io.cwd, values.out as string);
          await writeFile(path, exported.content, 'utf8');
          io.stderr.write(`Wrote ${exported.count} entr${exported.count === 1 ? 'y' : 'ies'} to ${path}\n`);
        }
        return EXIT_OK;
      }
      const listed = await cli.call('journal.list', { ...query, limit });
      // A short batch ID selects every batch whose ID starts with it: say so when that is several.
      const batches = new Set(listed.entries.flatMap((e) => (e.batchId ? [e.batchId] : [])));
      if (query.batchId && batches.size > 1) {
        io.stderr.write(
          `${batches.size} bulk batches have IDs starting with “${query.batchId}”: ${[...batches].join(', ')}. Give more of the ID to see one.\n`,
        );
      }
      if (json) {
        io.stdout.write(`${JSON.stringify(listed, null, 2)}\n`);
        return EXIT_OK;
      }
      const names = new Map(listed.serviceNames.map((s) => [`${s.accountId}:${s.serviceId}`, s.domainName]));
      if (listed.entries.length === 0) io.stdout.write('No journal entries match.\n');
      for (const entry of listed.entries) {
        const domain =
          entry.serviceId === null ? '' : (names.get(`${entry.accountId}:${entry.serviceId}`) ?? `#${entry.serviceId}`);
        const view = journalOutcomeView(entry.result);
        const outcome =
          view.outcome === 'failed'
            ? `FAILED ${entry.result.ok === false ? entry.result.code : ''}`
            : view.outcome === 'unknown'
              ? `UNKNOWN (${view.detail ?? ''})`
              : view.label;
        const batch = entry.batchId ? `  batch ${entry.batchId}` : '';
        const flipped = entry.flippedExpectations?.length
          ? `  rule tests failing: ${entry.flippedExpectations.map((n) => `“${n}”`).join(', ')}`
          : '';
        io.stdout.write(
          `${entry.id.slice(0, 8)}  ${entry.at}  ${entry.accountName}  ${domain}  ${operationFacts[entry.operationId].label}  ${outcome}  ${entry.summary}${batch}${flipped}\n`,
        );
      }
      if (listed.total > listed.entries.length)
        io.stderr.write(`Showing ${listed.entries.length} of ${listed.total}; use --limit or narrow the filters.\n`);
      return EXIT_OK;
    } catch (error) {
      return commandFailed(io, `accel journal ${action}`, error, { json: action === 'list' && json });
    }
  });
}

/** Applies an entry's previous version again (journal.reapply): one change, through the guarded path. */
async function reapply(
  positionals: string[],
  values: { yes?: boolean; format?: string } & Record<string, unknown>,
  io: CliIo,
): Promise<number> {
  if (positionals.length !== 1)
    throw new UsageError('Give one journal entry ID (accel journal list shows the short IDs)');
  const filters = ['account', 'service', 'operation', 'batch', 'outcome', 'from', 'to', 'limit', 'out'].filter(
    (name) => values[name] !== undefined,
  );
  if (filters.length > 0) throw new UsageError(`reapply takes an entry ID, not --${filters[0]}`);
  const format = tableOrJson(values.format);
  const entryId = positionals[0] as string;
  return withCore(io, async (cli) => {
    try {
      const { entry } = await cli.call('journal.reapply', {
        entryId,
        ...(values.yes ? { confirmProduction: true, acceptFlippedExpectations: true } : {}),
      });
      if (format === 'json') io.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
      else io.stdout.write(`${entry.id.slice(0, 8)}  ${entry.at}  ${entry.accountName}  ${entry.summary}  applied\n`);
      if (entry.flippedExpectations?.length) {
        io.stderr.write(
          `Applied although it makes ${entry.flippedExpectations.length} rule test expectation(s) fail: ${entry.flippedExpectations.map((n) => `“${n}”`).join(', ')}.\n`,
        );
      }
      io.stderr.write(
        `Applied the version from before entry ${entry.reapplyOf?.slice(0, 8) ?? entryId} again; recorded as entry ${entry.id.slice(0, 8)}.\n`,
      );
      return EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel journal reapply', error, { json: format === 'json' });
    }
  });
}
