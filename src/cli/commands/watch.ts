// accel watch --once: the fleet overview from a terminal, for cron and pipelines. Refreshes the
// open end of each account's traffic within its key's budget (or reads the saved data with
// --offline), prints what needs attention, and says so in the exit status: 1 when a service needs
// attention, 3 when nothing does but some account or service has no verdict (no data, stale data,
// not enough history), 0 only when every service was checked and none needs attention.
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { formatOption } from './format-option.ts';
import { readableTime } from '../cli-io.ts';
import { xmlText } from '../suite-report.ts';
import { tagProblem, normalizeTag } from '#shared/tags.ts';
import { departureText } from '#shared/overview/alert-text.ts';
import { strongestDeparture } from '#shared/overview/attention.ts';
import { formatBitsPerSecond, formatCountShort } from '#shared/analytics/units.ts';
import type { ChannelOutput } from '#shared/ipc/contract.ts';
import type { AccountRow, ServiceRow } from '#shared/overview/schemas.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

/** Nothing needs attention, but not every service could be checked. */
export const EXIT_NO_VERDICT = 3;

export const help = `Usage: accel watch --once [--accounts A,B | --tag TAG] [--format table|json|junit] [--offline]

Checks the traffic of every customer account (or those named, or those with the tag) the way the
app's Fleet overview does: for each listed service, its last 3 settled hours against the same
hours on each of the previous 14 days (robust z-score, as change impact). A service needs
attention when its requests, origin offload or bandwidth depart from what is usual at that hour.

  --once         check once and exit (required: watching continuously is the app's job)
  --accounts A,B these accounts (names or IDs, comma-separated)
  --tag TAG      the accounts carrying this tag
  --offline      use the saved data only (no API call); without it, the hours the saved data
                 lacks are fetched first, at background priority within each key's budget
  --format F     table (default), json, or junit (a test case per service: a failure when it
                 needs attention, an error when it has no verdict, skipped when snoozed)

Exit status: 0 every service was checked and none needs attention; 1 a service needs
attention (snoozed ones do not count) or the command failed; 2 a mistake in the command line;
3 nothing needs attention, but an account or service has no verdict (no data, data more than
two hours behind, or not enough history) — silence is never taken for health.
`;

type Report = {
  generatedAt: number;
  hours: number;
  attentionHours: number;
  accounts: Array<AccountRow & { serviceRows: ServiceRow[] }>;
  refresh: ChannelOutput<'overview.refresh'> | null;
};

const needsAttention = (s: ServiceRow): boolean => s.status === 'attention' && s.snoozedUntil === null;
const noVerdict = (account: AccountRow, s: ServiceRow): boolean =>
  account.stale || s.status === 'no-data' || s.status === 'not-enough-history';

export function exitStatusOf(report: Pick<Report, 'accounts'>): number {
  if (report.accounts.some((a) => a.serviceRows.some(needsAttention))) return EXIT_FAILURE;
  if (
    report.accounts.some(
      (a) =>
        a.status === 'no-data' || a.status === 'incomplete' || a.stale || a.serviceRows.some((s) => noVerdict(a, s)),
    )
  )
    return EXIT_NO_VERDICT;
  return EXIT_OK;
}

function verdictText(account: AccountRow, s: ServiceRow): string {
  if (s.status === 'attention') {
    const metric = strongestDeparture(s.attention);
    return metric ? departureText(metric) : 'needs attention';
  }
  if (s.status === 'no-data') return `no data — ${s.attention.reason ?? 'nothing saved'}`;
  if (s.status === 'not-enough-history') return `not enough history — ${s.attention.reason ?? ''}`.trim();
  return account.stale ? 'ok when last checked (stale data)' : 'ok';
}

function refreshed(ms: number | null): string {
  if (ms === null) return 'never refreshed';
  const minutes = Math.round(ms / 60_000);
  return `refreshed ${minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`} ago`;
}

function table(report: Report): string {
  const lines: string[] = [];
  const end = report.accounts.map((a) => a.dataEnd).find((e) => e !== null);
  lines.push(
    `Fleet overview: ${report.accounts.length} account(s); the last ${report.attentionHours} settled hours against the same hours on the previous days${end == null ? '' : ` (data to ${readableTime(new Date(end).toISOString())})`}`,
  );
  const attention = report.accounts.flatMap((a) => a.serviceRows.filter(needsAttention).map((s) => ({ a, s })));
  const unknown = report.accounts.flatMap((a) =>
    a.serviceRows.filter((s) => s.status === 'no-data' || s.status === 'not-enough-history').map((s) => ({ a, s })),
  );
  const stale = report.accounts.filter((a) => a.stale || a.serviceRows.length === 0);
  const headline =
    attention.length > 0
      ? `Needs attention (${attention.length}):`
      : unknown.length > 0
        ? `Nothing needs attention, but ${unknown.length} service(s) have no verdict (below).`
        : stale.length > 0
          ? `Nothing needs attention, but ${stale.length} account(s) have stale data or no service listed: ${stale.map((a) => a.accountName).join(', ')}.`
          : 'Nothing needs attention.';
  lines.push('', headline);
  for (const { a, s } of attention)
    lines.push(
      `  ${a.accountName} · ${s.serviceName}: ${verdictText(a, s)}${s.markers > 0 ? ` — ${s.markers} change(s) applied since the start of the day shown` : ''}`,
    );
  lines.push('', 'Accounts:');
  const width = Math.max(...report.accounts.map((a) => a.accountName.length), 7);
  for (const a of report.accounts) {
    const counts = [
      `${a.services.total} service(s)`,
      a.services.attention
        ? `${a.services.attention} needing attention${a.services.snoozed ? ` (${a.services.snoozed} snoozed)` : ''}`
        : '',
      a.services.noData ? `${a.services.noData} without data` : '',
      a.services.notEnoughHistory ? `${a.services.notEnoughHistory} without enough history` : '',
    ]
      .filter(Boolean)
      .join(', ');
    const traffic =
      a.traffic.requests.value === null
        ? ''
        : `  ${formatCountShort(a.traffic.requests.value)} requests, ${a.traffic.bandwidth.value === null ? '–' : formatBitsPerSecond(a.traffic.bandwidth.value)}, offload ${a.traffic.offload.value === null ? '–' : `${(a.traffic.offload.value * 100).toFixed(1)} %`} in 24 h`;
    const status = `${a.status}${a.stale && a.status !== 'no-data' ? ' (stale)' : ''}`;
    lines.push(
      `  ${a.accountName.padEnd(width)}  ${status.padEnd(10)}  ${counts}${traffic}; ${refreshed(a.dataAgeMs)}${a.lastError ? `; last refresh failed: ${a.lastError.code}: ${a.lastError.message}` : ''}`,
    );
  }
  if (unknown.length > 0) {
    lines.push('', `No verdict (${unknown.length}):`);
    for (const { a, s } of unknown) lines.push(`  ${a.accountName} · ${s.serviceName}: ${verdictText(a, s)}`);
  }
  const snoozed = report.accounts.flatMap((a) =>
    a.serviceRows.filter((s) => s.status === 'attention' && s.snoozedUntil !== null).map((s) => ({ a, s })),
  );
  if (snoozed.length > 0) {
    lines.push('', `Snoozed (${snoozed.length}):`);
    for (const { a, s } of snoozed)
      lines.push(
        `  ${a.accountName} · ${s.serviceName}: ${verdictText(a, s)} — snoozed until ${readableTime(new Date(s.snoozedUntil ?? 0).toISOString())}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** A suite per account, a test case per service: failure = needs attention, error = no verdict, skipped = snoozed. */
function junit(report: Report): string {
  const suites = report.accounts.map((a) => {
    const cases = a.serviceRows.map((s) => {
      const open = `    <testcase classname="${xmlText(a.accountName)}" name="${xmlText(s.serviceName)}"`;
      if (needsAttention(s)) {
        const text = `${a.accountName} · ${s.serviceName}: ${verdictText(a, s)}`;
        const detail = s.attention.metrics
          .map(
            (m) =>
              `${m.metric}: value ${m.value ?? '–'}, usual ${m.usual ?? '–'}, z ${m.z ?? '–'}${m.flagged ? ' (departs)' : ''}`,
          )
          .join('\n');
        return `${open}><failure message="${xmlText(text)}" type="attention">${xmlText(detail)}</failure></testcase>`;
      }
      if (s.status === 'attention')
        return `${open}><skipped message="${xmlText(`snoozed until ${new Date(s.snoozedUntil ?? 0).toISOString()}: ${verdictText(a, s)}`)}"/></testcase>`;
      if (noVerdict(a, s)) {
        const type = a.stale && s.status !== 'no-data' && s.status !== 'not-enough-history' ? 'stale' : s.status;
        const message =
          type === 'stale'
            ? `data ends ${a.dataEnd === null ? 'never' : new Date(a.dataEnd).toISOString()}, more than two hours behind`
            : verdictText(a, s);
        return `${open}><error message="${xmlText(message)}" type="${type}"/></testcase>`;
      }
      return `${open}/>`;
    });
    if (a.serviceRows.length === 0)
      cases.push(
        `    <testcase classname="${xmlText(a.accountName)}" name="(no services listed)"><error message="No service of this account is listed in the app, so none is checked." type="no-data"/></testcase>`,
      );
    const failures = a.serviceRows.filter(needsAttention).length;
    const skipped = a.serviceRows.filter((s) => s.status === 'attention' && s.snoozedUntil !== null).length;
    const errors =
      a.serviceRows.length === 0
        ? 1
        : a.serviceRows.filter((s) => !needsAttention(s) && s.status !== 'attention' && noVerdict(a, s)).length;
    return `  <testsuite name="${xmlText(a.accountName)}" tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" timestamp="${new Date(report.generatedAt).toISOString()}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="accel watch">\n${suites.join('\n')}\n</testsuites>\n`;
}

async function check(
  cli: CliCore,
  io: CliIo,
  options: { accounts?: string; tag?: string; format: string; offline: boolean },
): Promise<number> {
  let selection: { accountIds: string[] } | { tag: string } | undefined;
  if (options.accounts !== undefined) {
    const names = options.accounts
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '');
    selection = {
      accountIds: [...new Set(await Promise.all(names.map(async (name) => (await findAccount(cli, name)).id)))],
    };
  } else if (options.tag !== undefined) {
    selection = { tag: options.tag };
  }
  const probe = await cli.call('overview.summary', selection);
  if (probe.accounts.length === 0) {
    throw new UsageError(
      options.tag !== undefined
        ? `No account carries the tag "${options.tag}". See \`accel accounts list\`; tags are set in the app.`
        : 'No accounts. Add one with `accel accounts add --help`.',
    );
  }
  let refresh: Report['refresh'] = null;
  if (!options.offline) {
    refresh = await cli.call('overview.refresh', selection);
    const names = new Map(probe.accounts.map((a) => [a.accountId, a.accountName]));
    for (const outcome of refresh.accounts) {
      const name = names.get(outcome.accountId) ?? outcome.accountId;
      if (outcome.error)
        io.stderr.write(
          `${name}: could not refresh (${outcome.error.code}): ${outcome.error.message} Its saved data is used.\n`,
        );
      for (const f of outcome.failedServices)
        io.stderr.write(`${name} · ${f.serviceName}: could not read its traffic (${f.code}): ${f.message}\n`);
    }
  }
  const summary = options.offline ? probe : await cli.call('overview.summary', selection);
  const accounts: Report['accounts'] = [];
  for (const row of summary.accounts) {
    const { services } = await cli.call('overview.services', { accountId: row.accountId });
    accounts.push({ ...row, serviceRows: services });
  }
  const report: Report = {
    generatedAt: summary.generatedAt,
    hours: summary.hours,
    attentionHours: summary.attentionHours,
    accounts,
    refresh,
  };
  const exitStatus = exitStatusOf(report);
  if (options.format === 'json') io.stdout.write(`${JSON.stringify({ exitStatus, ...report }, null, 2)}\n`);
  else if (options.format === 'junit') io.stdout.write(junit(report));
  else io.stdout.write(table(report));
  return exitStatus;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      once: { type: 'boolean', default: false },
      accounts: { type: 'string' },
      tag: { type: 'string' },
      format: { type: 'string', default: 'table' },
      offline: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0)
    throw new UsageError(`accel watch takes no arguments besides its options (got "${positionals.join(' ')}")`);
  if (!values.once)
    throw new UsageError(
      'Add --once: accel watch checks once and exits (the app watches continuously; run this from cron for a schedule).',
    );
  const format = formatOption(values.format, ['table', 'json', 'junit']);
  if (values.accounts !== undefined && values.tag !== undefined)
    throw new UsageError('Choose --accounts or --tag, not both.');
  if (values.accounts !== undefined && values.accounts.trim() === '')
    throw new UsageError('--accounts needs account names or IDs, separated by commas');
  let tag: string | undefined;
  if (values.tag !== undefined) {
    const problem = tagProblem(values.tag);
    if (problem) throw new UsageError(`--tag: ${problem}`);
    tag = normalizeTag(values.tag);
  }

  return withCore(io, async (cli) => {
    try {
      return await check(cli, io, {
        ...(values.accounts !== undefined ? { accounts: values.accounts } : {}),
        ...(tag !== undefined ? { tag } : {}),
        format,
        offline: values.offline,
      });
    } catch (error) {
      return commandFailed(io, 'accel watch', error, { json: format === 'json' });
    }
  });
}
