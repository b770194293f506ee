// accel baseline: check saved baselines over every account's configuration snapshots (for
// pipelines: exit status 1 when a check fails), list them, export and import them as a document.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printError, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { formatOption } from './format-option.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import type { BaselineReportView } from '#shared/ipc/channels/baselines.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { fixBaselines, fixHelp } from './baseline-fix.ts';

export const help = `Usage: accel baseline check [--baseline NAME] [--accounts A,B] [--format table|json|junit] [--offline]
       accel baseline fix [--baseline NAME] [--check CHECK_ID …] [--accounts A,B] [--offline] [--dry-run] [--yes] [--format table|json]
       accel baseline list
       accel baseline export [--baseline NAME …] [--out FILE]
       accel baseline import FILE

check      evaluates saved baselines (all of them, or the one named) over the configuration
           snapshots of the accounts each is assigned to (--accounts: these accounts instead).
           Without --offline the services are read first (inside each key's request budget);
           with --offline only the snapshots are used, so it works without a connection.
  --format table (default), json (the full report) or junit (a suite per baseline and
           account; each failing check of a service a <failure> case, each unknown one a
           <skipped> case, and the passing results one case per account)
${fixHelp.split('\n').slice(2).join('\n')}
list       the saved baselines and their checks
export     the baselines as a document (account assignments stay on this computer)
import     adds the document's baselines, replacing those of the same name

Exit status of check: 0 every check passed (unknown results, also services not checked yet, do
not fail), 1 a check failed or an error occurred, 2 a mistake in the command line.
`;

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function table(report: BaselineReportView): string {
  const notChecked = report.totals.unchecked > 0 ? ` (${report.totals.unchecked} not checked: no snapshot)` : '';
  const lines = [
    `Baseline “${report.baseline}” — ${report.totals.fail} failed, ${report.totals.pass} passed, ${report.totals.unknown} unknown${notChecked}`,
  ];
  for (const account of report.accounts) {
    const when =
      account.oldestSnapshotAt === null
        ? 'none checked yet (no snapshot)'
        : `snapshots ${account.oldestSnapshotAt} … ${account.newestSnapshotAt}`;
    const missing =
      account.oldestSnapshotAt !== null && account.withoutSnapshot > 0
        ? `, ${account.withoutSnapshot} service(s) not checked (no snapshot)`
        : '';
    lines.push('', `${account.accountName}: ${account.services} service(s), ${when}${missing}`);
    const width = Math.max(...report.checks.map((c) => c.title.length));
    report.checks.forEach((check, i) => {
      const c = account.cells[i];
      // Never "ok" for services nobody looked at.
      const status =
        c.fail > 0
          ? 'FAIL'
          : c.unchecked > 0 && c.unchecked === c.unknown && c.pass === 0
            ? '--  '
            : c.unknown > 0
              ? '?   '
              : c.pass > 0
                ? 'ok  '
                : '--  ';
      const unchecked = c.unchecked > 0 ? ` (${c.unchecked} not checked)` : '';
      lines.push(
        `  ${status} ${check.title.padEnd(width)}  ${c.pass} pass  ${c.fail} fail  ${c.unknown} unknown${unchecked}`,
      );
    });
  }
  const failures = report.details.filter((d) => d.status === 'fail');
  if (failures.length > 0) lines.push('', 'Failures:');
  for (const d of failures) {
    const account = report.accounts.find((a) => a.accountId === d.accountId)?.accountName ?? d.accountId;
    const check = report.checks[d.check];
    lines.push(`  ${account}  ${d.domainName} (${d.serviceId})  ${check.title}`);
    for (const f of d.findings) lines.push(`      ${f.item}: ${f.detail}`);
    lines.push(`      Fix: ${check.fixText}`);
  }
  return `${lines.join('\n')}\n`;
}

/** JUnit: a suite per baseline and account; a case per failing or unknown check of a service, the passes as one case. */
function junit(reports: readonly BaselineReportView[]): string {
  const suites: string[] = [];
  for (const report of reports) {
    const byKey = new Map(report.details.map((d) => [`${d.accountId}\n${d.serviceId}\n${d.check}`, d]));
    for (const account of report.accounts) {
      const services = [
        ...new Map(
          report.details.filter((d) => d.accountId === account.accountId).map((d) => [d.serviceId, d.domainName]),
        ),
      ];
      const cases: string[] = [];
      const failures = account.cells.reduce((n, c) => n + c.fail, 0);
      const skipped = account.cells.reduce((n, c) => n + c.unknown, 0);
      const passes = account.cells.reduce((n, c) => n + c.pass, 0);
      for (const [serviceId, domainName] of services) {
        report.checks.forEach((check, i) => {
          const d = byKey.get(`${account.accountId}\n${serviceId}\n${i}`);
          const name = `${xml(check.title)}`;
          const classname = xml(`${account.accountName}.${domainName}`);
          if (!d) cases.push(`    <testcase classname="${classname}" name="${name}"/>`);
          else if (d.status === 'fail') {
            const text = d.findings.map((f) => `${f.item}: ${f.detail}`).join('\n');
            cases.push(
              `    <testcase classname="${classname}" name="${name}"><failure message="${xml(d.findings[0]?.detail ?? 'failed')}">${xml(`${text}\nFix: ${check.fixText}`)}</failure></testcase>`,
            );
          } else
            cases.push(
              `    <testcase classname="${classname}" name="${name}"><skipped message="${xml(d.note ?? 'unknown')}"/></testcase>`,
            );
        });
      }
      // Passing results are counted but, with no detail kept per service, reported as one case per check.
      const passingCases =
        passes > 0
          ? [`    <testcase classname="${xml(account.accountName)}" name="${passes} passing result(s)"/>`]
          : [];
      suites.push(
        `  <testsuite name="${xml(`${report.baseline} — ${account.accountName}`)}" tests="${cases.length + passingCases.length}" failures="${failures}" skipped="${skipped}" timestamp="${report.evaluatedAt}">\n${[...cases, ...passingCases].join('\n')}\n  </testsuite>`,
      );
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="accel baseline check">\n${suites.join('\n')}\n</testsuites>\n`;
}

const accountIdsOf = (cli: CliCore, list: string) =>
  Promise.all(
    list
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== '')
      .map(async (a) => (await findAccount(cli, a)).id),
  );

async function check(
  cli: CliCore,
  io: CliIo,
  options: { baseline?: string; accounts?: string; format: string; offline: boolean },
): Promise<number> {
  const { baselines } = await cli.call('baselines.list', {});
  const names = options.baseline !== undefined ? [options.baseline] : baselines.map((b) => b.name);
  if (names.length === 0)
    throw new UsageError(
      'No baseline is saved yet: create one in the app (Baselines) or import one with accel baseline import FILE.',
    );
  const accountIds = options.accounts === undefined ? undefined : await accountIdsOf(cli, options.accounts);
  const reports: BaselineReportView[] = [];
  for (const name of names) {
    const { report, refresh } = await cli.call('baselines.evaluate', {
      name,
      ...(accountIds ? { accountIds } : {}),
      refresh: !options.offline,
      details: true,
    });
    for (const f of refresh?.failed ?? [])
      io.stderr.write(`Could not read service ${f.serviceId} (${f.code}): ${f.message}; its last snapshot is used.\n`);
    reports.push(report);
  }
  if (options.format === 'json') io.stdout.write(`${JSON.stringify({ baselines: reports }, null, 2)}\n`);
  else if (options.format === 'junit') io.stdout.write(junit(reports));
  else io.stdout.write(reports.map(table).join('\n'));
  return reports.some((r) => r.totals.fail > 0) ? EXIT_FAILURE : EXIT_OK;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      baseline: { type: 'string', multiple: true },
      accounts: { type: 'string' },
      format: { type: 'string', default: 'table' },
      offline: { type: 'boolean', default: false },
      out: { type: 'string' },
      check: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  const [command, ...rest] = positionals;
  const format = formatOption(values.format, ['table', 'json', 'junit']);
  if (command === 'fix') {
    if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}"`);
    if (format === 'junit') throw new UsageError('fix takes --format table or json');
    if ((values.baseline?.length ?? 0) > 1)
      throw new UsageError('fix takes one --baseline (or none: every saved baseline)');
    if (values.accounts !== undefined && values.accounts.trim() === '')
      throw new UsageError('--accounts needs account names or IDs, separated by commas');
  } else if (values['dry-run'] || values.yes || values.check !== undefined) {
    throw new UsageError('--dry-run, --yes and --check go with accel baseline fix');
  }
  if (command === 'check') {
    if (rest.length > 0) throw new UsageError(`Unexpected argument "${rest[0]}"`);
    if ((values.baseline?.length ?? 0) > 1)
      throw new UsageError('check takes one --baseline (or none: every saved baseline)');
    if (values.accounts !== undefined && values.accounts.trim() === '')
      throw new UsageError('--accounts needs account names or IDs, separated by commas');
  } else if (command === 'import') {
    if (rest.length !== 1) throw new UsageError('Give the document to import: accel baseline import FILE');
  } else if (command !== 'list' && command !== 'export' && command !== 'fix') {
    throw new UsageError('Give a baseline command: check, fix, list, export or import');
  }

  return withCore(io, async (cli) => {
    try {
      switch (command) {
        case 'fix': {
          const accountIds = values.accounts === undefined ? undefined : await accountIdsOf(cli, values.accounts);
          return await fixBaselines(cli, io, {
            ...(values.baseline?.[0] !== undefined ? { baseline: values.baseline[0] } : {}),
            ...(values.check ? { checks: values.check } : {}),
            ...(accountIds ? { accountIds } : {}),
            offline: values.offline,
            dryRun: values['dry-run'],
            yes: values.yes,
            format: format === 'json' ? 'json' : 'table',
          });
        }
        case 'check':
          return await check(cli, io, {
            ...(values.baseline?.[0] !== undefined ? { baseline: values.baseline[0] } : {}),
            ...(values.accounts !== undefined ? { accounts: values.accounts } : {}),
            format,
            offline: values.offline,
          });
        case 'list': {
          const { baselines } = await cli.call('baselines.list', {});
          if (baselines.length === 0) io.stdout.write('No baseline saved.\n');
          for (const b of baselines) {
            const scope =
              [...b.assignedTo.accounts.map((a) => `account ${a}`), ...b.assignedTo.tags.map((t) => `tag ${t}`)].join(
                ', ',
              ) || 'every account';
            io.stdout.write(
              `${b.name}  (${b.checks.length} checks; ${scope})\n${b.checks.map((c) => `  ${c.checkId} ${JSON.stringify(c.params)}`).join('\n')}\n`,
            );
          }
          return EXIT_OK;
        }
        case 'export': {
          const exported = await cli.call('baselines.export', values.baseline ? { names: values.baseline } : {});
          if (values.out === undefined || values.out === '-') io.stdout.write(exported.content);
          else {
            const path = resolve(io.cwd, values.out);
            await writeFile(path, exported.content, 'utf8');
            io.stderr.write(`Wrote ${exported.count} baseline(s) to ${path}\n`);
          }
          return EXIT_OK;
        }
        default: {
          const document = await readFile(resolve(io.cwd, rest[0]), 'utf8');
          const { imported } = await cli.call('baselines.import', { document });
          io.stderr.write(`Imported ${imported.join(', ')}\n`);
          return EXIT_OK;
        }
      }
    } catch (error) {
      if (error instanceof UsageError) throw error;
      return printError(io, `accel baseline ${command}`, toIpcError(error), { json: format === 'json' });
    }
  });
}
