// accel tags list|add|remove: tags on accounts and on services of an account's list (tags.*
// channels), the ones bulk changes, baselines and `accel test --tag` select by.
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount, parseTags } from './accounts.ts';
import { tableOrJson } from './format-option.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import type { AccountView } from '#shared/ipc/channels/accounts.ts';

export const help = `Usage: accel tags list   [--account NAME] [--format table|json]
       accel tags add    TAG... --account NAME [--service ID|DOMAIN]
       accel tags remove TAG... --account NAME [--service ID|DOMAIN]

Tags ("retail", "staging") on accounts and on the services of an account's list. A service
also carries its account's tags when bulk changes, baselines and \`accel test --tag\` select by
tag. Tags are one word each (letters, digits, "-", "_", "."), at most 32 characters, kept
lower-case; several may be given at once, separated by spaces or commas.

list     Every account's tags and its services' own tags (or one account's).
add      Adds the tags to the account, or with --service to one service of its list.
remove   Removes them from the account, or from the service.

  --account NAME   the account (name or ID)
  --service S      a service of the account's list: its ID or domain name
  --format F       list: table (default) or json

Exit status: 0 done; 1 an error; 2 a mistake in the command line (a tag that breaks the rule).
`;

async function serviceIdOf(cli: CliCore, account: AccountView, service: string): Promise<number> {
  const trimmed = service.trim().replace(/^#/, '');
  const { services } = await cli.call('inventory.list', { accountId: account.id });
  const found = /^\d+$/.test(trimmed)
    ? services.find((s) => s.serviceId === Number(trimmed))
    : services.find((s) => s.domainName.toLowerCase() === trimmed.toLowerCase());
  if (!found) {
    throw new UsageError(
      `"${account.name}" has no service ${service} in its list; tags go on listed services. Add it with accel services add.`,
    );
  }
  return found.serviceId;
}

async function list(cli: CliCore, io: CliIo, account: AccountView | undefined, json: boolean): Promise<number> {
  const snapshot = await cli.call('tags.list', undefined);
  const { accounts } = await cli.call('accounts.list', undefined);
  const shown = account ? accounts.filter((a) => a.id === account.id) : accounts;
  if (json) {
    const out = shown.map((a) => ({
      accountId: a.id,
      accountName: a.name,
      tags: snapshot.accounts[a.id] ?? [],
      services: Object.entries(snapshot.services[a.id] ?? {}).map(([serviceId, tags]) => ({
        serviceId: Number(serviceId),
        tags,
      })),
    }));
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT_OK;
  }
  let any = false;
  for (const a of shown) {
    const own = snapshot.accounts[a.id] ?? [];
    const services = Object.entries(snapshot.services[a.id] ?? {});
    if (own.length === 0 && services.length === 0) continue;
    any = true;
    io.stdout.write(`${a.name}: ${own.length > 0 ? own.join(', ') : '(no account tags)'}\n`);
    if (services.length === 0) continue;
    const names = new Map(
      (await cli.call('inventory.list', { accountId: a.id })).services.map((s) => [s.serviceId, s.domainName]),
    );
    for (const [serviceId, tags] of services)
      io.stdout.write(`  ${serviceId.padStart(8)}  ${names.get(Number(serviceId)) ?? ''}  ${tags.join(', ')}\n`);
  }
  if (!any)
    io.stdout.write(
      account ? `"${account.name}" and its services have no tags.\n` : 'No account or service has tags yet.\n',
    );
  return EXIT_OK;
}

async function change(
  cli: CliCore,
  io: CliIo,
  action: 'add' | 'remove',
  tags: string[],
  account: AccountView,
  service: string | undefined,
): Promise<number> {
  const snapshot = await cli.call('tags.list', undefined);
  const serviceId = service === undefined ? undefined : await serviceIdOf(cli, account, service);
  const current =
    serviceId === undefined
      ? (snapshot.accounts[account.id] ?? [])
      : (snapshot.services[account.id]?.[String(serviceId)] ?? []);
  const next =
    action === 'add'
      ? [...current, ...tags.filter((t) => !current.includes(t))]
      : current.filter((t) => !tags.includes(t));
  const missing = action === 'remove' ? tags.filter((t) => !current.includes(t)) : [];
  const stored =
    serviceId === undefined
      ? await cli.call('tags.setAccount', { accountId: account.id, tags: next })
      : await cli.call('tags.setService', { accountId: account.id, serviceId, tags: next });
  const what = serviceId === undefined ? `"${account.name}"` : `service ${serviceId} of "${account.name}"`;
  if (missing.length > 0) io.stderr.write(`${what} had no tag ${missing.join(', ')}.\n`);
  io.stdout.write(`${what}: ${stored.tags.length > 0 ? stored.tags.join(', ') : '(no tags)'}\n`);
  return EXIT_OK;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { account: { type: 'string' }, service: { type: 'string' }, format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...operands] = positionals;
  if (action !== 'list' && action !== 'add' && action !== 'remove')
    throw new UsageError('Use "accel tags list", "add" or "remove" (accel tags --help)');
  const shape = tableOrJson(values.format);
  if (action === 'list') {
    if (operands.length > 0)
      throw new UsageError(`list takes no arguments besides its options (got "${operands.join(' ')}")`);
    if (values.service !== undefined)
      throw new UsageError('list shows every service’s tags of the account; --service goes with add and remove');
  } else {
    if (operands.length === 0) throw new UsageError(`Give the tags to ${action}`);
    if (!values.account) throw new UsageError('--account is required');
    if (values.format !== undefined) throw new UsageError('--format goes with list');
  }
  const tags = action === 'list' ? [] : parseTags(operands);
  return withCore(io, async (cli) => {
    try {
      const account = values.account === undefined ? undefined : await findAccount(cli, values.account);
      if (action === 'list') return await list(cli, io, account, shape === 'json');
      return await change(cli, io, action, tags, account as AccountView, values.service);
    } catch (error) {
      return commandFailed(io, `accel tags ${action}`, error, { json: shape === 'json' });
    }
  });
}
