// accel stats export: traffic series of a saved account as a verifiable JSON bundle or a CSV file,
// through the same core as the app (limits, request budget, offline cache).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printError, withCore } from '../cli-core.ts';
import { CoreError } from '#core/errors.ts';
import type { IpcResult } from '#shared/ipc/result.ts';
import { findAccount } from './accounts.ts';
import { formatOption } from './format-option.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import { metricIds, type Metric } from '#shared/analytics/model.ts';
import { parseApiTime } from '#shared/analytics/ranges.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

export const help = `Usage: accel stats export --account NAME --services a.example.com,b.example.com|all
                         --from ISO --to ISO [--metrics ${metricIds.join(',')}]
                         [--interval auto|minute|day] [--compare] --format json|csv --out FILE

Exports traffic series of a saved account. The range is split into calls the API accepts
(at most 50 services per call, 24 hours of 5-minute points or 90 days of daily points),
inside the account's request budget; data already fetched is read from the offline cache.

  --account NAME    an account saved in the app (name or ID)
  --services LIST   comma-separated domain names, or "all" for the account's service list
  --metrics LIST    any of ${metricIds.join(', ')} (default: all)
  --from, --to      UTC instants such as 2026-11-01T00:00:00Z (the end is exclusive)
  --interval        auto (default: 5-minute points up to 7 days, then daily), minute or day;
                    requests and originRequests always come as 5-minute points
  --compare         also include the previous period of the same length (bundle only)
  --format          json (a statistics bundle with a SHA-256 checksum) or csv
  --out FILE        where to write; "-" writes to standard output
  --offline         use only the offline cache, make no API call

Progress goes to standard error. Exit status 1 when the export failed; a partial export
(some services failed) is written and its failures are listed on standard error.
`;

function parseList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      services: { type: 'string' },
      metrics: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      interval: { type: 'string', default: 'auto' },
      compare: { type: 'boolean', default: false },
      format: { type: 'string' },
      out: { type: 'string' },
      offline: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals[0] !== 'export' || positionals.length !== 1)
    throw new UsageError('The only stats command is "export" (accel stats export --help)');
  if (!values.account) throw new UsageError('--account is required');
  if (!values.services) throw new UsageError('--services is required (domain names or "all")');
  if (!values.from || !values.to) throw new UsageError('--from and --to are required');
  const from = parseApiTime(values.from);
  const to = parseApiTime(values.to);
  if (!Number.isFinite(from)) throw new UsageError(`--from is not an ISO instant: ${values.from}`);
  if (!Number.isFinite(to)) throw new UsageError(`--to is not an ISO instant: ${values.to}`);
  if (to <= from) throw new UsageError('--to must be later than --from');
  const metrics = values.metrics ? parseList(values.metrics) : [...metricIds];
  const unknownMetric = metrics.find((m) => !(metricIds as readonly string[]).includes(m));
  if (unknownMetric !== undefined)
    throw new UsageError(`Unknown metric "${unknownMetric}". Known: ${metricIds.join(', ')}`);
  const interval = values.interval;
  if (interval !== 'auto' && interval !== 'minute' && interval !== 'day')
    throw new UsageError('--interval must be auto, minute or day');
  const format = formatOption(values.format, ['json', 'csv']);
  if (!values.out) throw new UsageError('--out is required (a file path, or - for standard output)');
  const out = values.out;

  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, values.account as string);
      let serviceNames = parseList(values.services as string);
      if (serviceNames.length === 1 && serviceNames[0].toLowerCase() === 'all') {
        const inventory = (await cli.core.invoke('inventory.list', { accountId: account.id })) as IpcResult<{
          services: { domainName: string }[];
        }>;
        if (!inventory.ok) throw CoreError.fromIpcError(inventory.error);
        serviceNames = inventory.data.services.map((s) => s.domainName);
        if (serviceNames.length === 0)
          throw new UsageError(
            `The account "${account.name}" lists no services; pass their domain names with --services.`,
          );
      }
      const requestId = `cli-${process.pid}`;
      const stopProgress = cli.core.on('analytics.progress', (p) => {
        if (p.requestId === requestId && p.total > 1)
          io.stderr.write(
            `\rFetching: ${p.done}/${p.total} API calls${p.failed ? `, ${p.failed} services failed` : ''}`,
          );
      });
      const query = {
        accountId: account.id,
        serviceNames,
        metrics: metrics as Metric[],
        from,
        to,
        interval,
        comparePrevious: values.compare,
        requestId,
        cacheOnly: values.offline,
      } as const;
      let content: string;
      try {
        content =
          format === 'json'
            ? (await cli.call('stats.exportBundle', query)).content
            : (await cli.call('stats.exportCsv', query)).content;
      } finally {
        stopProgress();
        io.stderr.write('\n');
      }
      if (format === 'json') {
        const failures = (
          JSON.parse(content) as { content: { failures: { serviceName?: string; metric: string; message: string }[] } }
        ).content.failures;
        for (const f of failures) io.stderr.write(`Missing: ${f.serviceName ?? 'all'} ${f.metric}: ${f.message}\n`);
      }
      if (out === '-') io.stdout.write(content);
      else {
        const path = resolve(io.cwd, out);
        await writeFile(path, content, 'utf8');
        io.stderr.write(`Wrote ${path}\n`);
      }
      return EXIT_OK;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      // Never on standard output: `--out -` writes the export there.
      return printError(io, 'accel stats export', toIpcError(error));
    }
  });
}
