// accel accounts list|add|update|set-secret|remove|switch|export|import
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { printError, readSecret, withCore, type CliCore } from '../cli-core.ts';
import { CoreError } from '#core/errors.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import type { AccountView } from '#shared/ipc/channels/accounts.ts';
import { parseTagInput } from '#shared/tags.ts';
import { isEncryptedConfigDocument } from '#shared/config-document/format.ts';

export const help = `Usage: accel accounts <action> [options]

Actions:
  list [--json]                       List the accounts (* marks the current one)
  add --name NAME --base-url URL --key-id ID --customer-id N
      [--secret-env VAR] [--color C] [--production] [--notes TEXT]
      [--tag TAG ...] [--no-verify] [--current]
                                      Add an account. The secret is read from the
                                      environment variable VAR, or else from stdin;
                                      it is stored in the OS keychain only. The
                                      credentials are checked with getCustomer
                                      unless --no-verify is given. --tag (repeatable,
                                      or comma-separated) tags the account.
  update <name|id> [--name NAME] [--production | --no-production]
      [--color C] [--notes TEXT]      Rename an account, flag it production (every change
                                      to it then needs confirming: --yes) or not, change
                                      its colour or notes. Only the options given change.
                                      Tags: accel tags.
  set-secret <name|id> [--secret-env VAR] [--key-id ID] [--no-verify]
                                      Store the access key secret of an account (an
                                      imported one that needs its secret, or a
                                      rotated key). Read from VAR, or else from stdin
                                      (hidden when typed in a terminal); checked with
                                      getCustomer before the old one is replaced,
                                      unless --no-verify is given.
  remove <name|id>                    Remove an account and its keychain entry
  switch <name|id>                    Make an account the current one
  export [--out FILE] [--no-services] [--with-secrets [--passphrase-env VAR]]
         [<name|id>...]               Export profiles (all but the Sandbox, or the named
                                      ones) with their service lists and tags as JSON.
                                      No secrets, unless --with-secrets: then the access
                                      key secrets are read from the keychain and the whole
                                      file is encrypted with a passphrase (8 characters
                                      or more) from VAR, or else from stdin.
  import <file|-> [--passphrase-env VAR] [--json]
                                      Import profiles with their service lists and tags;
                                      prints what was added, skipped and found duplicated
                                      (an account already here is left as it is: its
                                      service list and tags are not merged); --json
                                      prints the result as JSON instead.
                                      An encrypted file asks for its passphrase (VAR or
                                      stdin) and stores its secrets in the keychain;
                                      otherwise give each new account its secret with
                                      set-secret before use

Colors: gray, blue, green, yellow, orange, red, purple, teal.
`;

export async function findAccount(cli: CliCore, nameOrId: string): Promise<AccountView> {
  const { accounts } = await cli.call('accounts.list', undefined);
  const byId = accounts.find((account) => account.id === nameOrId);
  if (byId) return byId;
  const byName = accounts.filter((account) => account.name.toLowerCase() === nameOrId.toLowerCase());
  if (byName.length === 1) return byName[0];
  if (byName.length > 1) throw new UsageError(`Several accounts are named "${nameOrId}"; use the account ID instead.`);
  throw new UsageError(`No account named "${nameOrId}". See \`accel accounts list\`.`);
}

function describeAccount(account: AccountView, current: boolean): string {
  const flags = [
    account.production ? 'PRODUCTION' : '',
    account.needsSecret ? 'needs secret' : '',
    account.kind === 'sandbox' ? 'sandbox' : '',
  ]
    .filter(Boolean)
    .join(', ');
  const customer = account.customer ? `${account.customer.name} (${account.customer.region})` : 'not verified';
  return `${current ? '*' : ' '} ${account.name}  ${account.baseUrl}  key ${account.accessKeyId}  customer ${account.customerId}: ${customer}${flags ? `  [${flags}]` : ''}  id ${account.id}`;
}

async function list(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, strict: true });
  const result = await cli.call('accounts.list', undefined);
  if (values.json) {
    io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    for (const warning of result.warnings) io.stderr.write(`warning: ${warning.message}\n`);
    if (result.accounts.length === 0) io.stdout.write('No accounts. Add one with `accel accounts add --help`.\n');
    for (const account of result.accounts)
      io.stdout.write(`${describeAccount(account, account.id === result.currentAccountId)}\n`);
  }
  return EXIT_OK;
}

async function add(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      'base-url': { type: 'string' },
      'key-id': { type: 'string' },
      'customer-id': { type: 'string' },
      'secret-env': { type: 'string' },
      color: { type: 'string' },
      production: { type: 'boolean', default: false },
      notes: { type: 'string', default: '' },
      tag: { type: 'string', multiple: true },
      'no-verify': { type: 'boolean', default: false },
      current: { type: 'boolean' },
    },
    strict: true,
  });
  for (const required of ['name', 'base-url', 'key-id', 'customer-id'] as const) {
    if (!values[required]) throw new UsageError(`--${required} is required`);
  }
  const tags = values.tag === undefined ? undefined : parseTags(values.tag);
  const secret = await readSecret(io, values['secret-env']);
  const added = await cli.call('accounts.add', {
    name: values.name!,
    baseUrl: values['base-url']!,
    accessKeyId: values['key-id']!,
    customerId: values['customer-id']!,
    secret,
    color: values.color as AccountView['color'] | undefined,
    production: values.production,
    notes: values.notes,
    verify: !values['no-verify'],
    makeCurrent: values.current,
    ...(tags ? { tags } : {}),
  });
  const { account, verified } = added;
  io.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
  if (added.tagsError) io.stderr.write(`warning: ${added.tagsError}\n`);
  io.stderr.write(
    verified
      ? `Added "${account.name}": customer ${account.customer?.name ?? account.customerId} verified; the secret is in the keychain.\n`
      : `Added "${account.name}" without verifying the credentials; the secret is in the keychain.\n`,
  );
  return EXIT_OK;
}

/** Tags as typed after --tag (repeatable, each may hold several separated by commas); a bad one is a usage error naming the rule. */
export function parseTags(given: readonly string[]): string[] {
  const parsed = parseTagInput(given.join(','));
  if (!parsed.ok) throw new UsageError(`--tag: ${parsed.message}`);
  return parsed.tags;
}

async function update(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      name: { type: 'string' },
      production: { type: 'boolean' },
      color: { type: 'string' },
      notes: { type: 'string' },
    },
    allowPositionals: true,
    allowNegative: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give exactly one account name or ID');
  const patch = {
    ...(values.name === undefined ? {} : { name: values.name }),
    ...(values.production === undefined ? {} : { production: values.production }),
    ...(values.color === undefined ? {} : { color: values.color as AccountView['color'] }),
    ...(values.notes === undefined ? {} : { notes: values.notes }),
  };
  if (Object.keys(patch).length === 0)
    throw new UsageError('Nothing to change: give --name, --production / --no-production, --color or --notes');
  const target = await findAccount(cli, positionals[0] as string);
  const account = await cli.call('accounts.update', { accountId: target.id, patch });
  io.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
  const flag =
    values.production === undefined
      ? ''
      : account.production
        ? ' It is flagged production: every change to it needs confirming (--yes).'
        : ' It is no longer flagged production.';
  io.stderr.write(`Updated "${account.name}".${flag}\n`);
  return EXIT_OK;
}

async function setSecret(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      'secret-env': { type: 'string' },
      'key-id': { type: 'string' },
      'no-verify': { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give exactly one account name or ID');
  const target = await findAccount(cli, positionals[0]);
  if (target.kind === 'sandbox')
    throw new UsageError('The Sandbox account has no secret of yours to set: the app manages it.');
  const secret = await readSecret(io, values['secret-env']);
  const verify = !values['no-verify'];
  const account = await cli.call('accounts.rotateSecret', {
    accountId: target.id,
    secret,
    verify,
    accessKeyId: values['key-id'],
  });
  io.stdout.write(`${JSON.stringify(account, null, 2)}\n`);
  io.stderr.write(
    verify
      ? `Stored the secret of "${account.name}" in the keychain: customer ${account.customer?.name ?? account.customerId} verified.\n`
      : `Stored the secret of "${account.name}" in the keychain without verifying it.\n`,
  );
  return EXIT_OK;
}

/** The one account the arguments name (by name or ID). */
async function namedAccount(args: string[], cli: CliCore): Promise<AccountView> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('Give exactly one account name or ID');
  return findAccount(cli, positionals[0]);
}

async function remove(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const account = await namedAccount(args, cli);
  await cli.call('accounts.remove', { accountId: account.id });
  io.stderr.write(`Removed "${account.name}" and its keychain entry.\n`);
  return EXIT_OK;
}

async function switchTo(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const account = await namedAccount(args, cli);
  await cli.call('accounts.switch', { accountId: account.id });
  io.stderr.write(`"${account.name}" is now the current account.\n`);
  return EXIT_OK;
}

async function exportProfiles(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      out: { type: 'string' },
      'no-services': { type: 'boolean', default: false },
      'with-secrets': { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values['passphrase-env'] !== undefined && !values['with-secrets'])
    throw new UsageError('--passphrase-env goes with --with-secrets (a file without secrets is not encrypted)');
  const accountIds = positionals.length
    ? await Promise.all(positionals.map(async (p) => (await findAccount(cli, p)).id))
    : undefined;
  const passphrase = values['with-secrets']
    ? await readSecret(io, values['passphrase-env'], 'passphrase for the encrypted export')
    : undefined;
  const result = await cli.call('accounts.export', {
    accountIds,
    includeInventory: !values['no-services'],
    ...(passphrase === undefined ? {} : { passphrase }),
  });
  for (const name of result.withoutSecret)
    io.stderr.write(`warning: "${name}" has no secret in the keychain; it is exported without one.\n`);
  if (values.out) {
    await writeFile(resolve(io.cwd, values.out), result.content, { mode: 0o600 });
    io.stderr.write(
      `Exported ${result.count} account(s) to ${values.out} (${result.encrypted ? 'with secrets, encrypted' : 'no secrets'}).\n`,
    );
  } else {
    io.stdout.write(result.content);
  }
  return EXIT_OK;
}

function isEncryptedText(text: string): boolean {
  try {
    return isEncryptedConfigDocument(JSON.parse(text));
  } catch {
    return false;
  }
}

async function importProfiles(args: string[], io: CliIo, cli: CliCore): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { 'passphrase-env': { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give the file to import (or - for stdin)');
  let content = '';
  if (positionals[0] === '-') {
    for await (const chunk of io.stdin)
      content += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  } else {
    content = await readFile(resolve(io.cwd, positionals[0]), 'utf8');
  }
  let passphrase: string | undefined;
  if (isEncryptedText(content)) {
    if (positionals[0] === '-' && values['passphrase-env'] === undefined)
      throw new UsageError('The file on stdin is encrypted: give its passphrase with --passphrase-env VAR');
    passphrase = await readSecret(io, values['passphrase-env'], 'passphrase of the encrypted export');
  }
  const result = await cli.call('accounts.import', { content, ...(passphrase === undefined ? {} : { passphrase }) });
  // The readable report (as the app's) is the output; with --json the result is, and the report
  // goes to standard error.
  if (values.json) io.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  const report = values.json ? io.stderr : io.stdout;
  for (const added of result.added) {
    report.write(
      `added      ${added.name}: ${added.services} service(s)${added.tags.length ? `, tags ${added.tags.join(', ')}` : ''}, ${added.secretState === 'stored' ? 'secret stored in the keychain' : 'needs its secret'}\n`,
    );
  }
  for (const duplicate of result.duplicates) {
    report.write(
      `duplicate  ${duplicate.name}: already here as "${duplicate.existingName}", left as it is (its service list and tags are not merged)\n`,
    );
  }
  for (const skipped of result.skipped) report.write(`skipped    ${skipped.name}: ${skipped.reason}\n`);
  const needSecret = result.added.filter((a) => a.secretState === 'needed').length;
  report.write(
    `Added ${result.added.length} account(s), skipped ${result.skipped.length}, ${result.duplicates.length} duplicate(s).` +
      (needSecret
        ? ' Enter each missing secret before use: `accel accounts set-secret NAME` (or "Rotate secret" in the app).'
        : '') +
      '\n',
  );
  return EXIT_OK;
}

const actions: Record<string, (args: string[], io: CliIo, cli: CliCore) => Promise<number>> = {
  list,
  add,
  update,
  'set-secret': setSecret,
  remove,
  switch: switchTo,
  export: exportProfiles,
  import: importProfiles,
};

export async function run(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  const handler = action === undefined ? undefined : actions[action];
  if (!handler || !Object.hasOwn(actions, action))
    throw new UsageError(action ? `unknown action "${action}"` : 'an action is required');
  return withCore(io, async (cli) => {
    try {
      return await handler(rest, io, cli);
    } catch (error) {
      // The core's answers (account commands raise no CoreError of their own) print as JSON, like
      // the account and the import report; anything else goes on to the usage or crash message.
      if (!(error instanceof CoreError)) throw error;
      return printError(io, `accel accounts ${action}`, toIpcError(error), { json: true });
    }
  });
}
