// accel test: runs the rule test suites saved in the app on the services' rules as read now
// (same core as the app: the account's key, its request budget). Exit status 1 when an
// expectation fails or a service's rules cannot be read, so it can gate a pipeline.
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { anyFailure, suiteReport, type SuiteReportFormat } from '../suite-report.ts';
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

export const help = `Usage: accel test [--account NAME] [--service DOMAIN|ID] [--tag TAG] [--format table|json|junit]

Runs rule test suites (saved from the app's rule tester, or applied from a configuration
document) on each service's rules as the API lists them now, with the app's rule tester.

  --account NAME    only the suites of this account (name or ID); default: every account
  --service S       only the suite of this service (domain name or service ID)
  --tag TAG         run the selected suite (one: use --service) on every service with the tag
                    (tagged itself or through its account), in every account
  --format F        table (default), json, or junit (JUnit XML for CI; "cannot tell" is a
                    skipped test case with its reason)

Exit status: 0 when every expectation passes (or cannot be told), 1 when one fails or a
service's rules cannot be read, 2 for a mistake in the command line.
`;

type Suite = { accountId: string; serviceId: number };

async function selectSuites(cli: CliCore, accountId: string | undefined, service: string | undefined): Promise<Suite[]> {
  const { suites } = await cli.call('suites.list', accountId === undefined ? {} : { accountId });
  if (service === undefined) return suites;
  const id = /^#?\d+$/.test(service.trim()) ? Number(service.trim().replace('#', '')) : null;
  if (id !== null) return suites.filter((s) => s.serviceId === id);
  const wanted = service.trim().toLowerCase();
  const out: Suite[] = [];
  for (const account of new Set(suites.map((s) => s.accountId))) {
    const { services } = await cli.call('inventory.list', { accountId: account });
    const ids = new Set(services.filter((s) => s.domainName.toLowerCase() === wanted).map((s) => s.serviceId));
    out.push(...suites.filter((s) => s.accountId === account && ids.has(s.serviceId)));
  }
  return out;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string' },
      tag: { type: 'string' },
      format: { type: 'string', default: 'table' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`accel test takes no arguments besides its options (got "${positionals.join(' ')}")`);
  const format = values.format;
  if (format !== 'table' && format !== 'json' && format !== 'junit') throw new UsageError('--format must be table, json or junit');
  if (values.service !== undefined && values.service.trim() === '') throw new UsageError('--service needs a domain name or a service ID');
  const tag = values.tag?.trim();
  if (tag !== undefined && (tag === '' || values.service === undefined)) throw new UsageError('--tag needs a tag and --service (the service whose suite runs on the tagged services)');

  return withCore(io, async (cli) => {
    try {
      const account = values.account === undefined ? undefined : await findAccount(cli, values.account);
      const suites = await selectSuites(cli, account?.id, values.service);
      if (suites.length === 0) {
        const where = [account ? `account "${account.name}"` : '', values.service ? `service "${values.service}"` : ''].filter(Boolean).join(', ');
        throw new UsageError(`No rule test suite found${where ? ` for ${where}` : ''}. Save expectations from the rule tester in the app first.`);
      }
      if (tag !== undefined && suites.length > 1) {
        throw new UsageError(`--service "${values.service}" has a suite in ${suites.length} accounts; add --account to choose one for --tag.`);
      }
      const runs: SuiteRun[] = [];
      for (const { accountId, serviceId } of suites) runs.push(...(await cli.call('suites.run', { accountId, serviceId, ...(tag !== undefined ? { tag } : {}) })).runs);
      io.stdout.write(suiteReport(runs, format as SuiteReportFormat, cli.core.context.clock.now().toISOString()));
      return anyFailure(runs) ? EXIT_FAILURE : EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel test', error);
    }
  });
}
