// accel config export|diff|apply|clone: configuration documents from a terminal, with the same
// export, diff and plan as the app (config.* channels of the core), so that configurations can
// live in git and be applied from a pipeline.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
// The core is loaded only when a command runs, so that `accel config --help` stays quick.
import type { CliCore } from '../cli-core.ts';
import { readSecret } from '../cli-io.ts';
import { documentParts, type DocumentPart } from '#shared/config-document/field-labels.ts';
import { isEncryptedConfigDocument } from '#shared/config-document/format.ts';
import { cliValue } from '#shared/api/unknown-value.ts';
import type { ChannelInput, ChannelOutput } from '#shared/ipc/contract.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

/** Exit status when everything ran but not every item applied (or, for diff, the two differ). */
export const EXIT_NOT_EVERY_ITEM = 3;

export const help = `Usage: accel config export --account NAME [--service ID|DOMAIN ...] [--out FILE]
                          [--include-secrets [--passphrase-env VAR]]
       accel config diff SOURCE SOURCE [--format table|json] [--passphrase-env VAR]
       accel config apply FILE[#SERVICE] --account NAME --service ID|DOMAIN
                          [--only PARTS] [--items IDS] [--dry-run] [--format table|json] [--yes]
                          [--passphrase-env VAR]
       accel config clone SOURCE --account NAME --domain NEW [--alternate-domain NAME ...]
                          [--only PARTS] [--items IDS] [--format table|json] [--yes]
                          [--passphrase-env VAR]

Configuration documents (docs/config-documents.md): a service's settings, its cache control,
access control and redirection policies, and the CORS headers and rate limit as last applied
from this app, in JSON with a stable key order so that git diffs read well.

export   Writes the services of an account (--service, repeatable; default: every service in
         the account's list) to --out FILE or standard output. Secrets (S3 accessSecret,
         tokenSecret) are left out unless --include-secrets, which writes an encrypted document;
         its passphrase (8 characters or more) comes from --passphrase-env VAR or standard input.
diff     Compares two configurations. A SOURCE is a document file, FILE#SERVICE for one service of
         a document with several, or @ACCOUNT#SERVICE for a service as it is now (SERVICE is a
         domain name or service ID). Exit status 0 when they are the same, ${EXIT_NOT_EVERY_ITEM} when they differ.
apply    Plans applying the document's service to the target service: per item create, update,
         unchanged, or cannot apply with the reason, and the target's rule test expectations an
         item would make fail. Without --dry-run it applies every item that can apply (or only
         --items id1,id2) through the change journal, and lists each item's outcome: applied,
         unchanged, cannot, failed or skipped (not ticked).
clone    Creates a service in --account with the settings of SOURCE (@ACCOUNT#SERVICE or a
         document, as for diff) on the domain --domain, then applies the source's policies, CORS
         and rate limit onto it as apply does (every item that can apply, or only --items). The
         new service starts with the gateway's default policies: those of the same name are
         updated. The source's alternate domain names are not copied (--alternate-domain adds some).
  --only PARTS     comma-separated parts: ${documentParts.join(', ')}
  --items IDS      comma-separated plan item IDs as --dry-run shows them
  --dry-run        print the plan, change nothing
  --format         table (default) or json
  --yes            confirm applying to an account flagged production, and apply items that
                   would make the target's rule tests fail (the plan names them)

Exit status: 0 every item applied or was already so; ${EXIT_NOT_EVERY_ITEM} some items cannot apply (or, with
--dry-run, would not); 1 an error or a failed item; 2 a mistake in the command line.
`;

async function withCore<T>(io: CliIo, action: (cli: CliCore) => Promise<T>): Promise<T> {
  const { withCore: run } = await import('../cli-core.ts');
  return run(io, action);
}

async function commandFailed(io: CliIo, prefix: string, error: unknown, shape: 'table' | 'json' = 'table'): Promise<number> {
  const { commandFailed: failed } = await import('../cli-core.ts');
  return failed(io, prefix, error, { json: shape === 'json' });
}

async function findAccount(cli: CliCore, nameOrId: string) {
  const { findAccount: find } = await import('./accounts.ts');
  return find(cli, nameOrId);
}

type Source = ChannelInput<'config.diff'>['left'];
type Plan = ChannelOutput<'config.plan'>;

function list(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function parseParts(text: string | undefined): DocumentPart[] | undefined {
  const parts = list(text);
  if (parts === undefined) return undefined;
  for (const part of parts) {
    if (!(documentParts as readonly string[]).includes(part)) throw new UsageError(`Unknown part "${part}"; parts are ${documentParts.join(', ')}`);
  }
  return parts as DocumentPart[];
}

function splitAtHash(operand: string): { head: string; service: string | undefined } {
  const at = operand.lastIndexOf('#');
  return at < 0 ? { head: operand, service: undefined } : { head: operand.slice(0, at), service: operand.slice(at + 1) };
}

/** A service ID, or the ID of the domain name in the account's service list. */
async function serviceIdOf(cli: CliCore, accountId: string, accountName: string, service: string): Promise<number> {
  if (/^\d+$/.test(service)) return Number(service);
  const { services } = await cli.call('inventory.list', { accountId });
  const found = services.find((s) => s.domainName.toLowerCase() === service.toLowerCase());
  if (!found) {
    throw new UsageError(`"${accountName}" has no service ${service} in its list; use the service ID, or add it with the app's "Add by ID".`);
  }
  return found.serviceId;
}

async function readDocumentFile(io: CliIo, path: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`${path}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

function isEncryptedText(text: string): boolean {
  try {
    return isEncryptedConfigDocument(JSON.parse(text));
  } catch {
    return false;
  }
}

async function resolveSource(cli: CliCore, io: CliIo, operand: string, passphraseEnv: string | undefined): Promise<Source> {
  const { head, service } = splitAtHash(operand);
  if (head.startsWith('@')) {
    if (!service) throw new UsageError(`${operand}: name the service as @ACCOUNT#SERVICE`);
    const account = await findAccount(cli, head.slice(1));
    return { accountId: account.id, serviceId: await serviceIdOf(cli, account.id, account.name, service) };
  }
  const document = await readDocumentFile(io, head);
  const passphrase = isEncryptedText(document) ? await readSecret(io, passphraseEnv, `passphrase of ${head}`) : undefined;
  return { document, ...(passphrase === undefined ? {} : { passphrase }), ...(service === undefined ? {} : { service }) };
}

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

function changeText(changes: Plan['items'][number]['changes']): string {
  return changes.map((c) => `${c.label}: ${cliValue(c.left, c.leftUnknown)} → ${cliValue(c.right, false)}`).join('; ');
}

export function planTable(plan: Plan): string {
  const idWidth = Math.min(48, Math.max(4, ...plan.items.map((i) => i.id.length)));
  const lines = [`Plan: ${plan.source} → ${plan.target}`, '', `${cell('ACTION', 10)} ${cell('ITEM', idWidth)}  DETAIL`];
  for (const i of plan.items) {
    const detail = i.action === 'cannot' ? (i.reason ?? '') : [i.caution === null ? '' : `CHECK: ${i.caution}`, changeText(i.changes), ...i.notes].filter(Boolean).join(' ');
    lines.push(`${cell(i.action === 'cannot' ? 'cannot' : i.action, 10)} ${cell(i.id, idWidth)}  ${detail}`);
  }
  const c = plan.counts;
  lines.push('', `${c.create ?? 0} create, ${c.update ?? 0} update, ${c.unchanged ?? 0} unchanged, ${c.cannot ?? 0} cannot apply`, '');
  return lines.join('\n');
}

function diffTable(diff: ChannelOutput<'config.diff'>): string {
  const marks = { same: '=', changed: '~', 'only-left': '<', 'only-right': '>', 'not-known': '?' } as const;
  const lines = [`Left:  ${diff.left}`, `Right: ${diff.right}`, ''];
  for (const g of diff.groups) {
    const suffix = g.status === 'only-left' ? ' (only left)' : g.status === 'only-right' ? ' (only right)' : '';
    lines.push(`${marks[g.status]} ${g.title}${suffix}`);
    if (g.status !== 'same') for (const c of g.changes) lines.push(`    ${c.label}: ${cliValue(c.left, c.leftUnknown)} → ${cliValue(c.right, false)}`);
    if (g.note && g.status !== 'same') lines.push(`    ${g.note}`);
  }
  lines.push('', diff.identical ? 'The configurations are the same.' : 'The configurations differ.', '');
  return lines.join('\n');
}

function format(value: string | undefined): 'table' | 'json' {
  if (value === undefined || value === 'table' || value === 'json') return value ?? 'table';
  throw new UsageError('--format must be table or json');
}

async function runExport(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string', multiple: true },
      out: { type: 'string', default: '-' },
      'include-secrets': { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}"`);
  if (!values.account) throw new UsageError('--account is required');
  const accountName = values.account;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, accountName);
      const serviceIds = values.service ? await Promise.all(values.service.map((s) => serviceIdOf(cli, account.id, account.name, s))) : undefined;
      const passphrase = values['include-secrets'] ? await readSecret(io, values['passphrase-env'], 'passphrase for the encrypted document') : undefined;
      const result = await cli.call('config.export', {
        accountId: account.id,
        ...(serviceIds ? { serviceIds } : {}),
        ...(passphrase === undefined ? {} : { includeSecrets: true, passphrase }),
      });
      if (values.out === '-') io.stdout.write(result.text);
      else await writeFile(resolve(io.cwd, values.out), result.text, { mode: 0o600 });
      io.stderr.write(`Exported ${result.services.length} service(s)${result.encrypted ? ', encrypted with secrets' : ', secrets left out'}.\n`);
      for (const f of result.failed) io.stderr.write(`  service ${f.serviceId}: ${f.code}: ${f.message}\n`);
      return result.failed.length > 0 ? EXIT_NOT_EVERY_ITEM : EXIT_OK;
    } catch (error) {
      return commandFailed(io, 'accel config export', error);
    }
  });
}

async function runDiff(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { format: { type: 'string' }, 'passphrase-env': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 2) throw new UsageError('Give two sources: document files (FILE or FILE#SERVICE) or @ACCOUNT#SERVICE');
  const shape = format(values.format);
  return withCore(io, async (cli) => {
    try {
      const left = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const right = await resolveSource(cli, io, positionals[1] as string, values['passphrase-env']);
      const diff = await cli.call('config.diff', { left, right });
      io.stdout.write(shape === 'json' ? `${JSON.stringify(diff, null, 2)}\n` : diffTable(diff));
      return diff.identical ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config diff', error, shape);
    }
  });
}

async function runApply(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      service: { type: 'string' },
      only: { type: 'string' },
      items: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      format: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give one document: FILE or FILE#SERVICE');
  if (positionals[0]?.startsWith('@')) throw new UsageError('apply takes a document file; export the source service first (accel config export)');
  if (!values.account) throw new UsageError('--account (the target account) is required');
  if (!values.service) throw new UsageError('--service (the target service, ID or domain name) is required');
  const parts = parseParts(values.only);
  const shape = format(values.format);
  const targetAccount = values.account;
  const targetService = values.service;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, targetAccount);
      const target = { accountId: account.id, serviceId: await serviceIdOf(cli, account.id, account.name, targetService) };
      const source = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const request = { source, target, ...(parts ? { parts } : {}) };
      const plan = await cli.call('config.plan', request);
      // Without --items every item is ticked (so the result lists each one's outcome), except those
      // with a caution (values naming the source's domain), as in the app.
      const itemIds = list(values.items) ?? defaultItemIds(plan.items);
      if (values.items === undefined) warnUnticked(io, plan.items);
      const unknown = itemIds.filter((id) => !plan.items.some((i) => i.id === id));
      if (unknown.length > 0) throw new UsageError(`The plan has no item ${unknown.map((id) => `"${id}"`).join(', ')}; see --dry-run for the item IDs`);
      const ticked = plan.items.filter((i) => itemIds.includes(i.id));
      const everyItemCan = ticked.every((i) => i.action !== 'cannot');

      if (values['dry-run']) {
        io.stdout.write(shape === 'json' ? `${JSON.stringify(plan, null, 2)}\n` : planTable(plan));
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      if (account.production && !values.yes) {
        throw new UsageError(`"${account.name}" is a production account: review the plan with --dry-run, then add --yes to apply it.`);
      }
      // The core refuses such items anyway; said here once, before anything is applied.
      const flipping = ticked.filter((i) => (i.flippedExpectations?.length ?? 0) > 0);
      if (flipping.length > 0 && !values.yes) {
        const named = flipping.map((i) => `${i.id} (${(i.flippedExpectations ?? []).map((f) => `“${f.name}”`).join(', ')})`).join('; ');
        throw new UsageError(`Applying would make the target's rule tests fail: ${named}. Review the plan with --dry-run, then add --yes to apply anyway, or leave those items out with --items.`);
      }
      if (!ticked.some((i) => i.action === 'create' || i.action === 'update')) {
        io.stdout.write(shape === 'json' ? `${JSON.stringify({ plan, results: [], allApplied: everyItemCan }, null, 2)}\n` : `${planTable(plan)}Nothing to apply.\n`);
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      const result = await cli.call('config.apply', { ...request, itemIds, ...(values.yes ? { confirmProduction: true, acceptFlippedExpectations: true } : {}) });
      io.stdout.write(shape === 'json' ? `${JSON.stringify(result, null, 2)}\n` : resultsTable(result));
      if (result.results.some((r) => r.outcome === 'failed')) return EXIT_FAILURE;
      return result.allApplied && everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config apply', error, shape);
    }
  });
}

/** The items applied without --items: all but those with a caution (values naming the source's domain), as the app ticks them. */
export function defaultItemIds(items: Plan['items']): string[] {
  return items.filter((i) => i.caution === null).map((i) => i.id);
}

/** Items left out by default because of their caution, and how to include them. */
function warnUnticked(io: CliIo, items: Plan['items']): void {
  const flagged = items.filter((i) => i.caution !== null && (i.action === 'create' || i.action === 'update'));
  if (flagged.length === 0) return;
  io.stderr.write(`Not applied unless named with --items (check them first):\n${flagged.map((i) => `  ${i.id}: ${i.caution}`).join('\n')}\n`);
}

function resultsTable(result: ChannelOutput<'config.apply'>): string {
  const width = Math.min(48, Math.max(4, ...result.results.map((r) => r.id.length)));
  return [
    `Applied to ${result.plan.target}`,
    '',
    `${cell('OUTCOME', 10)} ${cell('ITEM', width)}  MESSAGE`,
    ...result.results.map((r) => `${cell(r.outcome, 10)} ${cell(r.id, width)}  ${r.message ?? ''}`.trimEnd()),
    '',
  ].join('\n');
}

async function runClone(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      domain: { type: 'string' },
      'alternate-domain': { type: 'string', multiple: true },
      only: { type: 'string' },
      items: { type: 'string' },
      format: { type: 'string' },
      yes: { type: 'boolean', default: false },
      'passphrase-env': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give one source: @ACCOUNT#SERVICE, FILE or FILE#SERVICE');
  if (!values.account) throw new UsageError('--account (the account to create the clone in) is required');
  if (!values.domain) throw new UsageError('--domain (the domain name of the new service) is required');
  const parts = parseParts(values.only);
  const shape = format(values.format);
  const { account: accountName, domain: domainName } = values;
  return withCore(io, async (cli) => {
    try {
      const account = await findAccount(cli, accountName);
      if (account.production && !values.yes) {
        throw new UsageError(`"${account.name}" is a production account: add --yes to create the clone and apply its policies there.`);
      }
      const source = await resolveSource(cli, io, positionals[0] as string, values['passphrase-env']);
      const { clonePlanParts } = await import('#shared/config-document/clone.ts');
      const cloned = await cli.call('config.clone', {
        source,
        accountId: account.id,
        domainName,
        ...(values['alternate-domain'] ? { alternateDomainNames: values['alternate-domain'] } : {}),
        ...(values.yes ? { confirmProduction: true } : {}),
      });
      if (cloned.continued) io.stderr.write(`${cloned.continued}\n`);
      else io.stderr.write(`Created service ${cloned.service.id} ${cloned.service.domainName}${cloned.service.cName ? ` (CNAME ${cloned.service.cName})` : ''}.\n`);
      const wanted = parts ?? [...clonePlanParts];
      const items = cloned.plan.items.filter((i) => wanted.includes(i.part));
      const itemIds = list(values.items) ?? defaultItemIds(items);
      if (values.items === undefined) warnUnticked(io, items);
      const unknown = itemIds.filter((id) => !items.some((i) => i.id === id));
      if (unknown.length > 0) {
        io.stderr.write(`The plan has no item ${unknown.map((id) => `"${id}"`).join(', ')}; nothing was applied. The plan:\n`);
        io.stdout.write(planTable({ ...cloned.plan, items }));
        return EXIT_FAILURE;
      }
      const everyItemCan = items.filter((i) => itemIds.includes(i.id)).every((i) => i.action !== 'cannot');
      if (!items.some((i) => itemIds.includes(i.id) && (i.action === 'create' || i.action === 'update'))) {
        io.stdout.write(shape === 'json' ? `${JSON.stringify({ service: cloned.service, plan: cloned.plan, results: [] }, null, 2)}\n` : `${planTable({ ...cloned.plan, items })}Nothing to apply.\n`);
        return everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
      }
      const result = await cli.call('config.apply', {
        source,
        target: { accountId: account.id, serviceId: cloned.service.id },
        parts: wanted,
        itemIds,
        ...(values.yes ? { confirmProduction: true } : {}),
      });
      io.stdout.write(shape === 'json' ? `${JSON.stringify({ service: cloned.service, ...result }, null, 2)}\n` : resultsTable(result));
      if (result.results.some((r) => r.outcome === 'failed')) return EXIT_FAILURE;
      return result.allApplied && everyItemCan ? EXIT_OK : EXIT_NOT_EVERY_ITEM;
    } catch (error) {
      return commandFailed(io, 'accel config clone', error, shape);
    }
  });
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'export') return runExport(rest, io);
  if (sub === 'diff') return runDiff(rest, io);
  if (sub === 'apply') return runApply(rest, io);
  if (sub === 'clone') return runClone(rest, io);
  throw new UsageError(sub === undefined ? 'Give a config command: export, diff, apply or clone' : `Unknown config command "${sub}"; use export, diff, apply or clone`);
}
