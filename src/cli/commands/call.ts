// accel call <operationId>: one API operation, JSON result on stdout.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient, type ApiClient } from '../../main/core/api/client.ts';
import { toIpcError } from '../../main/core/ipc-error.ts';
import { maskSecrets } from '../../main/core/secret-mask.ts';
import { redactKnownSecrets } from '../../main/core/api/redact.ts';
import { CoreError } from '../../main/core/errors.ts';
import { operationIds } from '../../shared/api/operation-ids.ts';
import { operations } from '../../shared/api/operations.ts';
import { printError, readSecret, withCore } from '../cli-core.ts';
import { findAccount } from './accounts.ts';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo } from '../cli-types.ts';

export const help = `Usage: accel call <operationId> [--account NAME | --base-url URL --key-id ID --secret-env VAR]
                  [--params JSON] [--body JSON|@FILE] [--show-secrets] [--yes] [--timeout SECONDS]

Runs one API operation and prints the JSON result (null when the operation answers
without a body). Without --account or --base-url the current account is used.

  --account NAME      an account saved in the app (name or ID); its secret comes from the keychain
  --base-url URL      call without a saved account; needs --key-id and --secret-env
  --secret-env VAR    environment variable holding the access key secret
  --params JSON       path parameters, e.g. '{"serviceId": 12}'
  --body JSON|@FILE   request body as JSON, or @path/to/file.json
  --show-secrets      print S3 accessSecret / tokenSecret values instead of masking them
                      (the access key secret itself is never printed)
  --yes               confirm a change (any non-GET operation) on an account flagged production

An API error prints {status, code, message, traceId} as JSON on stdout, a readable line on
stderr, and exits with status 1.

Operations: ${operationIds.join(', ')}
`;

function parseJsonOption(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${name} is not valid JSON (${(error as Error).message})`);
  }
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
  if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new UsageError('--timeout must be a positive number of seconds');

  const input: { params?: unknown; body?: unknown } = {};
  if (values.params !== undefined) input.params = parseJsonOption('params', values.params);
  if (values.body !== undefined) {
    const text = values.body.startsWith('@') ? await readFile(resolve(io.cwd, values.body.slice(1)), 'utf8') : values.body;
    input.body = parseJsonOption('body', text);
  } else if (operations[operationId as keyof typeof operations].body !== null) {
    throw new UsageError(`${operationId} needs a request body (--body JSON or --body @file.json)`);
  }

  const execute = async (client: ApiClient): Promise<number> => {
    const call = client.call as unknown as (id: string, input: unknown) => Promise<unknown>;
    try {
      const result = (await call(operationId, input)) ?? null;
      // --show-secrets prints S3 accessSecret / tokenSecret as the API returned them (the user
      // asked, in their own terminal); the access key secret is cut out even then.
      const shown = values['show-secrets'] ? result : maskSecrets(result).data;
      io.stdout.write(`${redactKnownSecrets(JSON.stringify(shown, null, 2))}\n`);
      return EXIT_OK;
    } catch (error) {
      printError(io, `accel call ${operationId}`, toIpcError(error));
      return EXIT_FAILURE;
    }
  };

  if (values['base-url'] !== undefined) {
    if (!values['key-id'] || !values['secret-env']) throw new UsageError('--base-url needs --key-id and --secret-env');
    const client = createApiClient({
      baseUrl: values['base-url'],
      keyId: values['key-id'],
      secret: await readSecret(io, values['secret-env']),
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    try {
      return await execute(client);
    } finally {
      await client.close();
    }
  }

  return withCore(io, async (cli) => {
    try {
      const accountId = values.account
        ? (await findAccount(cli, values.account)).id
        : ((await cli.core.context.accounts.currentId()) ??
          (() => {
            throw new CoreError('Accounts.NoneSelected', 'No current account: pass --account NAME or --base-url (see accel call --help).');
          })());
      const account = await cli.core.context.accounts.get(accountId);
      if (account.production && operations[operationId as keyof typeof operations].method !== 'GET' && !values.yes) {
        throw new UsageError(`"${account.name}" is a production account: ${operationId} changes it. Add --yes to confirm.`);
      }
      return await execute(await cli.core.context.clients.forAccount(accountId));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      printError(io, `accel call ${operationId}`, toIpcError(error));
      return EXIT_FAILURE;
    }
  });
}
