// accel test: runs the rule test suites saved in the app on the services' rules as read now
// (same core as the app: the account's key, its request budget). Exit status 1 when an
// expectation fails or a service's rules cannot be read, so it can gate a pipeline.
// accel test save|delete|show: a service's expectations, as the rule tester saves them (suites.*).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { formatOption, tableOrJson } from './format-option.ts';
import { anyFailure, suiteReport } from '../suite-report.ts';
import type { SuiteRun } from '#shared/ipc/channels/suites.ts';
import { cacheOutcomes, expectationSchema, type Expectation } from '#shared/suites/schema.ts';
import type { AccountView } from '#shared/ipc/channels/accounts.ts';
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

Expectations (a service's suite, as the app's rule tester saves them):
       accel test show   --account NAME --service S [--format table|json]
       accel test save   --account NAME --service S --expectation JSON|@FILE [--replaces NAME]
       accel test save   --account NAME --service S --name NAME --url URL --expect OUTCOME
                         [--method M] [--client-ip IP] [--country CC] [--host H]
                         [--user-agent UA] [--rule NAME] [--cache cached|never|origin]
                         [--ttl SECONDS] [--http-code 301|302] [--destination URL]
                         [--replaces NAME]
       accel test delete --account NAME --service S --name NAME

show     The service's expectations.
save     Adds an expectation to the service's suite, or with --replaces edits the one of that
         name (it may be renamed). --expectation takes the JSON the app writes in
         configuration documents ({"name", "request": {"url", ...}, "expect": {"status", ...}});
         the options build the same: --expect is denied, redirected or served; --rule names the
         rule that should decide; --cache / --ttl (served), --http-code / --destination
         (redirected). Names are unique in a suite.
delete   Removes the expectation named --name.
`;

type Suite = { accountId: string; serviceId: number };

async function selectSuites(
  cli: CliCore,
  accountId: string | undefined,
  service: string | undefined,
): Promise<Suite[]> {
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

const expectationActions = { show, save, delete: deleteExpectation } as const;

export async function run(args: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = args;
  if (first !== undefined && Object.hasOwn(expectationActions, first))
    return expectationActions[first as keyof typeof expectationActions](rest, io);
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
  if (positionals.length > 0)
    throw new UsageError(`accel test takes no arguments besides its options (got "${positionals.join(' ')}")`);
  const format = formatOption(values.format, ['table', 'json', 'junit']);
  if (values.service !== undefined && values.service.trim() === '')
    throw new UsageError('--service needs a domain name or a service ID');
  const tag = values.tag?.trim();
  if (tag !== undefined && (tag === '' || values.service === undefined))
    throw new UsageError('--tag needs a tag and --service (the service whose suite runs on the tagged services)');

  return withCore(io, async (cli) => {
    try {
      const account = values.account === undefined ? undefined : await findAccount(cli, values.account);
      const suites = await selectSuites(cli, account?.id, values.service);
      if (suites.length === 0) {
        const where = [account ? `account "${account.name}"` : '', values.service ? `service "${values.service}"` : '']
          .filter(Boolean)
          .join(', ');
        throw new UsageError(
          `No rule test suite found${where ? ` for ${where}` : ''}. Save expectations from the rule tester in the app first.`,
        );
      }
      if (tag !== undefined && suites.length > 1) {
        throw new UsageError(
          `--service "${values.service}" has a suite in ${suites.length} accounts; add --account to choose one for --tag.`,
        );
      }
      const runs: SuiteRun[] = [];
      for (const { accountId, serviceId } of suites)
        runs.push(
          ...(await cli.call('suites.run', { accountId, serviceId, ...(tag !== undefined ? { tag } : {}) })).runs,
        );
      io.stdout.write(suiteReport(runs, format, cli.core.context.clock.now().toISOString()));
      return anyFailure(runs) ? EXIT_FAILURE : EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel test', error);
    }
  });
}

/** The account and service an expectation command names (the service by ID or domain name in the account's list). */
async function serviceOf(
  cli: CliCore,
  accountName: string,
  service: string,
): Promise<{ account: AccountView; serviceId: number }> {
  const account = await findAccount(cli, accountName);
  const trimmed = service.trim().replace(/^#/, '');
  if (/^\d+$/.test(trimmed)) return { account, serviceId: Number(trimmed) };
  const { services } = await cli.call('inventory.list', { accountId: account.id });
  const found = services.find((s) => s.domainName.toLowerCase() === trimmed.toLowerCase());
  if (!found) throw new UsageError(`"${account.name}" has no service ${service} in its list; use its service ID.`);
  return { account, serviceId: found.serviceId };
}

function requireTarget(values: { account?: string; service?: string }): { account: string; service: string } {
  if (!values.account) throw new UsageError('--account is required');
  if (!values.service || values.service.trim() === '')
    throw new UsageError('--service is required (a service ID or domain name)');
  return { account: values.account, service: values.service };
}

function expectationLine(e: Expectation): string {
  const request = Object.entries(e.request)
    .map(([key, value]) => (key === 'url' ? String(value) : `${key}=${String(value)}`))
    .join(' ');
  const expected = Object.entries(e.expect)
    .map(([key, value]) => (key === 'status' ? String(value) : `${key}=${String(value)}`))
    .join(' ');
  return `${e.name}\n    ${request}  →  ${expected}`;
}

async function show(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { account: { type: 'string' }, service: { type: 'string' }, format: { type: 'string', default: 'table' } },
    strict: true,
  });
  const target = requireTarget(values);
  const format = tableOrJson(values.format);
  return withCore(io, async (cli) => {
    try {
      const { account, serviceId } = await serviceOf(cli, target.account, target.service);
      const suite = await cli.call('suites.get', { accountId: account.id, serviceId });
      if (format === 'json') io.stdout.write(`${JSON.stringify(suite, null, 2)}\n`);
      else if (suite.expectations.length === 0)
        io.stdout.write(`Service ${serviceId} of "${account.name}" has no rule test expectations yet.\n`);
      else for (const e of suite.expectations) io.stdout.write(`${expectationLine(e)}\n`);
      return EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel test show', error, { json: format === 'json' });
    }
  });
}

const saveOptions = {
  account: { type: 'string' },
  service: { type: 'string' },
  expectation: { type: 'string' },
  replaces: { type: 'string' },
  name: { type: 'string' },
  url: { type: 'string' },
  method: { type: 'string' },
  'client-ip': { type: 'string' },
  country: { type: 'string' },
  host: { type: 'string' },
  'user-agent': { type: 'string' },
  expect: { type: 'string' },
  rule: { type: 'string' },
  cache: { type: 'string' },
  ttl: { type: 'string' },
  'http-code': { type: 'string' },
  destination: { type: 'string' },
} as const;

type SaveValues = Partial<Record<keyof typeof saveOptions, string>>;

/** The expectation the options build (or the --expectation JSON), checked by the suite's schema: a problem names the field. */
async function expectationFrom(values: SaveValues, io: CliIo): Promise<Expectation> {
  const built = [
    'name',
    'url',
    'method',
    'client-ip',
    'country',
    'host',
    'user-agent',
    'expect',
    'rule',
    'cache',
    'ttl',
    'http-code',
    'destination',
  ].filter((key) => values[key as keyof SaveValues] !== undefined);
  let raw: unknown;
  if (values.expectation !== undefined) {
    if (built.length > 0) throw new UsageError(`--expectation holds the whole expectation; leave out --${built[0]}`);
    const text = values.expectation.startsWith('@')
      ? await readExpectationFile(io, values.expectation.slice(1))
      : values.expectation;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--expectation is not valid JSON (${(error as Error).message})`);
    }
  } else {
    if (values.name === undefined || values.url === undefined || values.expect === undefined) {
      throw new UsageError(
        'Give --expectation JSON|@FILE, or at least --name, --url and --expect (denied, redirected or served)',
      );
    }
    if (values.cache !== undefined && !(cacheOutcomes as readonly string[]).includes(values.cache))
      throw new UsageError(`--cache must be ${cacheOutcomes.join(', ')}`);
    const number = (flag: 'ttl' | 'http-code') => {
      const text = values[flag];
      if (text === undefined) return undefined;
      if (!/^\d+$/.test(text)) throw new UsageError(`--${flag} must be a whole number`);
      return Number(text);
    };
    const defined = (o: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
    raw = {
      name: values.name,
      request: defined({
        url: values.url,
        method: values.method,
        clientIp: values['client-ip'],
        clientCountry: values.country,
        host: values.host,
        userAgent: values['user-agent'],
      }),
      expect: defined({
        status: values.expect,
        rule: values.rule,
        cache: values.cache,
        ttl: number('ttl'),
        httpCode: number('http-code'),
        destination: values.destination,
      }),
    };
  }
  const parsed = expectationSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'not a valid expectation'}`,
    );
  }
  return parsed.data;
}

async function readExpectationFile(io: CliIo, path: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(
      `--expectation @${path}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

async function save(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: saveOptions, strict: true });
  const target = requireTarget(values);
  const expectation = await expectationFrom(values, io);
  return withCore(io, async (cli) => {
    try {
      const { account, serviceId } = await serviceOf(cli, target.account, target.service);
      const suite = await cli.call('suites.save', {
        accountId: account.id,
        serviceId,
        expectation,
        ...(values.replaces === undefined ? {} : { replaces: values.replaces }),
      });
      io.stdout.write(`${expectationLine(expectation)}\n`);
      io.stderr.write(
        `${values.replaces === undefined ? 'Saved' : 'Replaced'} in the suite of service ${serviceId} of "${account.name}" (${suite.expectations.length} expectation(s)).\n`,
      );
      return EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel test save', error);
    }
  });
}

async function deleteExpectation(args: string[], io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { account: { type: 'string' }, service: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  const target = requireTarget(values);
  if (values.name === undefined || values.name.trim() === '')
    throw new UsageError('--name is required (the expectation to delete)');
  const name = values.name;
  return withCore(io, async (cli) => {
    try {
      const { account, serviceId } = await serviceOf(cli, target.account, target.service);
      const suite = await cli.call('suites.delete', { accountId: account.id, serviceId, name });
      io.stderr.write(
        `Deleted “${name}” from the suite of service ${serviceId} of "${account.name}" (${suite.expectations.length} left).\n`,
      );
      return EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel test delete', error);
    }
  });
}
