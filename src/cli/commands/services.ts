// accel services list|add|remove: an account's service list (the API cannot list services), as
// the app's services screen keeps it: the inventory.* channels of the core.
import { parseArgs } from 'node:util';
import { commandFailed, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { tableOrJson } from './format-option.ts';
import { EXIT_NOT_EVERY_ITEM, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import { type InventoryEntry } from '#shared/ipc/channels/inventory.ts';
import { MAX_IDS_PER_ADD, parseServiceIdList } from '#shared/service-id-list.ts';

export const help = `Usage: accel services list   --account NAME [--format table|json]
       accel services add    --account NAME IDS... [--format table|json]
       accel services remove --account NAME SERVICE... [--format table|json]

The API has no operation that lists services, so the app keeps a list per account: services
created from the app or the CLI, services added by ID, and the sandbox's. Configuration
exports, bulk changes, baselines and suites by tag work on the services in this list.

list     The account's services: ID, domain name, CNAME, state, how each arrived, when.
add      Reads each ID from the API (getService, within the key's request budget) and adds
         the services found, as the app's "Add by ID": IDs, comma-separated lists and ranges,
         e.g. 101 "205, 207" 300-310 (at most ${MAX_IDS_PER_ADD} IDs at a time). A service already in
         the list is refreshed.
remove   Forgets services from the list (IDs, ranges or domain names). The services
         themselves keep running; they can be added again by ID.

  --account NAME   the account (name or ID)
  --format F       table (default) or json

Exit status: 0 done; ${EXIT_NOT_EVERY_ITEM} add: some IDs were not found or could not be read (the others
were added); 1 an error; 2 a mistake in the command line.
`;

function serviceLine(s: InventoryEntry): string {
  const state = s.enabled === undefined ? '' : s.enabled ? 'enabled' : 'disabled';
  return [String(s.serviceId).padStart(8), s.domainName, s.cName ?? '', state, s.source, s.addedAt]
    .filter((cell, i) => i < 2 || cell !== '')
    .join('  ');
}

async function list(
  cli: CliCore,
  io: CliIo,
  accountId: string,
  accountName: string,
  shape: 'table' | 'json',
): Promise<number> {
  const { services } = await cli.call('inventory.list', { accountId });
  if (shape === 'json') io.stdout.write(`${JSON.stringify(services, null, 2)}\n`);
  else if (services.length === 0)
    io.stdout.write(
      `"${accountName}" has no services in its list yet. Add some by ID: accel services add --account ${JSON.stringify(accountName)} ID...\n`,
    );
  else for (const s of services) io.stdout.write(`${serviceLine(s)}\n`);
  return EXIT_OK;
}

async function add(cli: CliCore, io: CliIo, accountId: string, ids: string, shape: 'table' | 'json'): Promise<number> {
  const result = await cli.call('inventory.addByIds', { accountId, ids });
  if (shape === 'json') io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    for (const s of result.added) io.stdout.write(`added      ${serviceLine(s)}\n`);
    for (const s of result.refreshed) io.stdout.write(`refreshed  ${serviceLine(s)}\n`);
    for (const id of result.notFound)
      io.stdout.write(`not found  ${String(id).padStart(8)}  no such service for this account's key\n`);
    for (const f of result.failed)
      io.stdout.write(`failed     ${String(f.serviceId).padStart(8)}  ${f.code}: ${f.message}\n`);
  }
  io.stderr.write(
    `Added ${result.added.length}, refreshed ${result.refreshed.length}, not found ${result.notFound.length}, failed ${result.failed.length}.\n`,
  );
  return result.notFound.length + result.failed.length > 0 ? EXIT_NOT_EVERY_ITEM : EXIT_OK;
}

async function remove(
  cli: CliCore,
  io: CliIo,
  accountId: string,
  given: string[],
  shape: 'table' | 'json',
): Promise<number> {
  const { services } = await cli.call('inventory.list', { accountId });
  const serviceIds: number[] = [];
  for (const item of given) {
    const byDomain = services.find((s) => s.domainName.toLowerCase() === item.trim().toLowerCase());
    if (byDomain) {
      serviceIds.push(byDomain.serviceId);
      continue;
    }
    const parsed = parseServiceIdList(item, 10_000);
    if (!parsed.ok) throw new UsageError(`${parsed.message}, nor a domain name in the account's list`);
    serviceIds.push(...parsed.ids);
  }
  const listed = new Set(services.map((s) => s.serviceId));
  const unknown = serviceIds.filter((id) => !listed.has(id));
  const { removed } = await cli.call('inventory.remove', { accountId, serviceIds });
  if (shape === 'json') io.stdout.write(`${JSON.stringify({ removed, notListed: unknown }, null, 2)}\n`);
  if (unknown.length > 0) io.stderr.write(`Not in the list: ${unknown.join(', ')}.\n`);
  io.stderr.write(`Removed ${removed} service(s) from the list; the services themselves are untouched.\n`);
  return EXIT_OK;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { account: { type: 'string' }, format: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...operands] = positionals;
  if (action !== 'list' && action !== 'add' && action !== 'remove')
    throw new UsageError('Use "accel services list", "add" or "remove" (accel services --help)');
  if (!values.account) throw new UsageError('--account is required');
  const shape = tableOrJson(values.format);
  if (action === 'list' && operands.length > 0)
    throw new UsageError(`list takes no arguments besides its options (got "${operands.join(' ')}")`);
  if (action !== 'list' && operands.length === 0)
    throw new UsageError(
      action === 'add'
        ? 'Give the service IDs to add, e.g. 101 or 100-110'
        : 'Give the services to remove (IDs or domain names)',
    );
  let ids = '';
  if (action === 'add') {
    // Checked here too, so that a typing mistake is named before the core starts.
    ids = operands.join(', ');
    const parsed = parseServiceIdList(ids);
    if (!parsed.ok) throw new UsageError(parsed.message);
  }
  const accountName = values.account;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, accountName);
      if (action === 'list') return await list(cli, io, account.id, account.name, shape);
      if (action === 'add') return await add(cli, io, account.id, ids, shape);
      return await remove(cli, io, account.id, operands, shape);
    } catch (error) {
      return commandFailed(io, `accel services ${action}`, error, { json: shape === 'json' });
    }
  });
}
