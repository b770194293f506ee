// accel call <operationId>: one API operation, JSON result on stdout.
import { AppCode } from '#shared/app-errors.ts';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient, type ApiClient } from '#core/api/client.ts';
import { toIpcError } from '#core/ipc/ipc-error.ts';
import { maskSecrets } from '#core/secrets/secret-mask.ts';
import { redactKnownSecrets } from '#core/api/redact.ts';
import { CoreError } from '#core/errors.ts';
import { systemClock } from '#core/clock.ts';
import { operationIds, type OperationId } from '#shared/api/operations.ts';
import { operations } from '#shared/api/operations.ts';
import { isWriteOperation } from '#shared/ipc/channels/api.ts';
import { mutatingOperationIds, type MutatingOperationId } from '#shared/api/operation-facts.ts';
import { diffFields } from '#shared/api/field-diff.ts';
import { printError, readSecret, withCore, type CliCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';
import type { IpcError } from '#shared/ipc/contract.ts';

export const help = `Usage: accel call <operationId> [--account NAME | --base-url URL --key-id ID --secret-env VAR]
                  [--params JSON] [--body JSON|@FILE] [--show-secrets] [--dry-run] [--yes]
                  [--timeout SECONDS]

Runs one API operation and prints the JSON result (null when the operation answers
without a body). Without --account or --base-url the current account is used. A read of
a service (getService) also brings its entry in the account's service list up to date.

  --account NAME      an account saved in the app (name or ID); its secret comes from the keychain
  --base-url URL      call without a saved account; needs --key-id and --secret-env
  --secret-env VAR    environment variable holding the access key secret
  --params JSON       path parameters, e.g. '{"serviceId": 12}' or '{"customer_id": 1024}'
                      (camelCase and snake_case spellings of a path parameter are both accepted)
  --body JSON|@FILE   request body as JSON, or @path/to/file.json
  --show-secrets      print S3 accessSecret / tokenSecret values of a read instead of masking
                      them (the access key secret itself is never printed)
  --dry-run           for a change: print the current state, what would change and the rule
                      test expectations it would make fail, as JSON; nothing is sent
  --yes               confirm a change on an account flagged production, and apply a change
                      that makes rule test expectations fail (they are named first)

Changes (${mutatingOperationIds.join(', ')})
go through the app's one guarded path: they need a saved account (--account or the current
one), production accounts need --yes, a change that would make the service's saved rule
tests fail is refused (naming them) unless --yes is given, and each change is recorded in the
account's change journal (with the rule tests it made fail). A created service is added to
the account's service list. Answers are printed with secrets masked.

Exit status: 0 done (or dry run); 1 the API or the app refused or failed (an API error prints
{status, code, message, traceId} as JSON on stdout and a readable line on stderr); 2 a
mistake in the command line, or a confirmation (--yes) missing.

Operations: ${operationIds.join(', ')}
`;

function parseJsonOption(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON (${(error as Error).message})`);
  }
}

const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * Renames a path parameter given in the other spelling to the one the operation's path uses
 * (`customerId` → `customer_id` for getCustomer), so that users need not know which one it is.
 */
export function normalizeParams(operationId: keyof typeof operations, params: unknown): unknown {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const names = [...operations[operationId].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const out: Record<string, unknown> = { ...(params as Record<string, unknown>) };
  for (const key of Object.keys(out)) {
    if (names.includes(key)) continue;
    const target = names.find((name) => name === toSnake(key) || name === toCamel(key));
    if (target !== undefined && !(target in out)) {
      out[target] = out[key];
      delete out[key];
    }
  }
  return out;
}

async function readBodyFile(io: CliIo, path: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(
      `--body @${path}: the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

/** Accounts.SecretMissing names the app's "Rotate secret"; in a terminal the command is set-secret. */
function forTerminal(error: IpcError, accountName: string | undefined): IpcError {
  if (error.code !== AppCode.Accounts.SecretMissing || accountName === undefined) return error;
  const command = `accel accounts set-secret ${JSON.stringify(accountName)}`;
  const message = error.message.replace(/ Enter it with "Rotate secret".*$/, '');
  return {
    ...error,
    message: `${message} Enter it with \`${command}\` (reads it from stdin or --secret-env VAR), or with "Rotate secret" in the app.`,
  };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      account: { type: 'string' },
      'base-url': { type: 'string' },
      'key-id': { type: 'string' },
      'secret-env': { type: 'string' },
      params: { type: 'string' },
      body: { type: 'string' },
      'show-secrets': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      yes: { type: 'boolean', default: false },
      timeout: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError('Give exactly one operationId');
  const operationId = positionals[0];
  if (!(operationIds as readonly string[]).includes(operationId)) {
    throw new UsageError(`Unknown operation "${operationId}". Known: ${operationIds.join(', ')}`);
  }
  if (values.account && values['base-url']) throw new UsageError('Use either --account or --base-url, not both');
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout) * 1000;
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new UsageError('--timeout must be a positive number of seconds');

  const input: { params?: unknown; body?: unknown } = {};
  if (values.params !== undefined)
    input.params = normalizeParams(operationId as keyof typeof operations, parseJsonOption('params', values.params));
  if (values.body !== undefined) {
    const text = values.body.startsWith('@') ? await readBodyFile(io, values.body.slice(1)) : values.body;
    input.body = parseJsonOption('body', text);
  } else if (operations[operationId as keyof typeof operations].body !== null) {
    throw new UsageError(`${operationId} needs a request body (--body JSON or --body @file.json)`);
  }

  const write = isWriteOperation(operationId);
  if (values['dry-run'] && !write) throw new UsageError(`--dry-run is for changes; ${operationId} only reads`);

  const print = (result: unknown): number => {
    // --show-secrets prints S3 accessSecret / tokenSecret as the API returned them (the user
    // asked, in their own terminal); the access key secret is cut out even then.
    const shown = values['show-secrets'] ? result : maskSecrets(result).data;
    io.stdout.write(`${redactKnownSecrets(JSON.stringify(shown, null, 2))}\n`);
    return EXIT_OK;
  };
  const execute = async (client: ApiClient): Promise<number> => {
    try {
      return print((await client.request(operationId, input)) ?? null);
    } catch (error) {
      return printError(io, `accel call ${operationId}`, toIpcError(error), { json: true });
    }
  };

  if (values['base-url'] !== undefined) {
    if (write) {
      // No account, so no production flag and no journal to record it in: refused before any request.
      throw new UsageError(
        `${operationId} changes the service; changes need a saved account so that they are confirmed and journaled. Add it with \`accel accounts add\` and use --account NAME.`,
      );
    }
    if (!values['key-id'] || !values['secret-env']) throw new UsageError('--base-url needs --key-id and --secret-env');
    const client = createApiClient({
      baseUrl: values['base-url'],
      keyId: values['key-id'],
      secret: await readSecret(io, values['secret-env']),
      now: systemClock.nowMs,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    try {
      return await execute(client);
    } finally {
      await client.close();
    }
  }

  return withCore(io, async (cli) => {
    let accountName: string | undefined;
    try {
      const accountId = values.account
        ? (await findAccount(cli, values.account)).id
        : ((await cli.core.context.accounts.currentId()) ??
          (() => {
            throw new CoreError(
              AppCode.Accounts.NoneSelected,
              'No current account: pass --account NAME or --base-url (see accel call --help).',
            );
          })());
      const account = await cli.core.context.accounts.get(accountId);
      accountName = account.name;
      // The core's read path: a read of a service keeps its list entry current, as in the app.
      if (!write)
        return print((await cli.core.services.apiReads.read(accountId, operationId as OperationId, input)).data);
      const change = {
        accountId,
        operationId: operationId as MutatingOperationId,
        input: {
          params: (input.params ?? {}) as Record<string, unknown>,
          ...(input.body === undefined ? {} : { body: input.body }),
        },
      };
      if (values['dry-run']) return await dryRun(cli, io, change);
      if (account.production && !values.yes) {
        throw new UsageError(
          `"${account.name}" is a production account: ${operationId} changes it. Review it with --dry-run, then add --yes to confirm.`,
        );
      }
      // The same guarded path as the app: changes.apply checks the production confirmation again
      // and the service's rule tests, and records the change in the journal. --yes accepts the
      // rule tests it names (a first run without --yes lists them, as --dry-run does).
      const applied = await cli.core.invoke('changes.apply', {
        ...change,
        confirmProduction: values.yes,
        ...(values.yes ? { acceptFlippedExpectations: true } : {}),
      });
      if (!applied.ok) {
        return printError(io, `accel call ${operationId}`, forTerminal(applied.error, accountName), { json: true });
      }
      io.stdout.write(`${redactKnownSecrets(JSON.stringify(applied.data.data ?? null, null, 2))}\n`);
      const { entry } = applied.data;
      if (entry.flippedExpectations?.length) {
        io.stderr.write(
          `Applied although it makes ${entry.flippedExpectations.length} rule test expectation(s) fail: ${entry.flippedExpectations.map((n) => `“${n}”`).join(', ')}.\n`,
        );
      }
      io.stderr.write(`Recorded in the change journal of "${account.name}" (entry ${entry.id.slice(0, 8)}).\n`);
      return EXIT_OK;
    } catch (error) {
      if (error instanceof UsageError) throw error;
      return printError(io, `accel call ${operationId}`, forTerminal(toIpcError(error), accountName), { json: true });
    }
  });
}

type Change = {
  accountId: string;
  operationId: MutatingOperationId;
  input: { params: Record<string, unknown>; body?: unknown };
};

/**
 * A change not sent: the current state (as the app's review reads it), what would change field by
 * field, and the rule test expectations it would make fail. JSON on stdout; the same in words on
 * stderr. Secrets stay masked on both sides, including any in the body given.
 */
async function dryRun(cli: CliCore, io: CliIo, change: Change): Promise<number> {
  const [current, ruleTests] = await Promise.all([
    cli.call('changes.current', change),
    // Rules that cannot be read now leave the question open; applying then needs --yes.
    cli.call('suites.check', change).catch((error: unknown) => ({ error: toIpcError(error) })),
  ]);
  const after = maskSecrets(change.input.body ?? null).data;
  const changes =
    change.operationId === 'deleteRateLimit'
      ? []
      : diffFields(current.before ?? {}, after ?? {}).filter((row) => row.status !== 'same');
  const plan = {
    dryRun: true,
    operationId: change.operationId,
    accountId: change.accountId,
    current,
    changes: changes.map(({ path, label, apiBefore, apiAfter, status }) => ({
      path,
      label,
      before: apiBefore ?? null,
      after: apiAfter ?? null,
      status,
    })),
    ruleTests:
      'error' in ruleTests ? { error: { code: ruleTests.error.code, message: ruleTests.error.message } } : ruleTests,
  };
  io.stdout.write(`${redactKnownSecrets(JSON.stringify(plan, null, 2))}\n`);
  const source =
    current.source === 'server'
      ? 'read from the server now'
      : current.source === 'journal'
        ? `as last applied from this app (${current.at ?? ''})`
        : 'not known (nothing to read back)';
  const lines = [`Dry run of ${change.operationId}: nothing was sent. Current state ${source}.`];
  if (change.operationId === 'deleteRateLimit') lines.push('  The rate limit would be deleted.');
  for (const row of changes)
    lines.push(
      `  ${row.label}: ${row.before ?? (current.source === 'none' ? '(unknown)' : '(not set)')} → ${row.after ?? '(not set)'}`,
    );
  if (changes.length === 0 && change.operationId !== 'deleteRateLimit') lines.push('  Nothing would change.');
  if ('error' in ruleTests) {
    lines.push(
      `The service's rule tests could not be checked (${ruleTests.error.code}: ${ruleTests.error.message}); applying it needs --yes.`,
    );
  } else if (ruleTests.flipped.length > 0) {
    lines.push(
      `It would make ${ruleTests.flipped.length} of ${ruleTests.total} rule test expectation(s) fail (applying it needs --yes):`,
    );
    for (const f of ruleTests.flipped)
      lines.push(`  “${f.name}”: expected ${f.expected}; after the change: ${f.after}`);
  } else if (ruleTests.total > 0)
    lines.push(`Every one of the service's ${ruleTests.total} rule test expectation(s) still passes.`);
  io.stderr.write(`${redactKnownSecrets(lines.join('\n'))}\n`);
  return EXIT_OK;
}
