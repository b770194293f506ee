// api.* channels: read operations through an account's signed client. Secrets the API echoes
// (S3 accessSecret, tokenSecret) are masked; api.revealSecret returns one on user request.
// Writes are refused here: they go through changes.apply, the one path that asks production
// accounts for confirmation and records every change in the journal.
import { operations } from '#shared/api/operations.ts';
import type { OperationId } from '#shared/api/operation-ids.ts';
import type { RequestInput } from '../api/client.ts';
import { isWriteOperation, WRITE_NOT_ALLOWED } from '#shared/ipc/channels/api.ts';
import { CoreError } from '../errors.ts';
import { maskSecrets, valueAtPath } from '../secret-mask.ts';
import { isRevealableSecretField } from '#shared/ipc/secret-fields.ts';
import type { CoreContext } from '../context.ts';
import type { FeatureHandlers } from './types.ts';
import { createRevealThrottle, type RevealThrottle } from '../reveal-throttle.ts';
import { perCore } from './per-core.ts';

// One throttle per core: every window and host of this core shares it.
const revealThrottleFor: (ctx: CoreContext) => RevealThrottle = perCore((ctx) => createRevealThrottle(() => ctx.now().getTime()));

/** The operation, refused when it changes something (those take the guarded changes.apply path). */
function readOperationOf(id: OperationId): OperationId {
  if (isWriteOperation(id)) {
    throw new CoreError(
      WRITE_NOT_ALLOWED,
      `${id} changes the service, so it is not run through api.call: send it through changes.apply, which asks production accounts for confirmation and records the change in the journal.`,
      { fields: { operationId: 'Changes go through changes.apply' } },
    );
  }
  return id;
}

export function createApiHandlers(ctx: CoreContext): FeatureHandlers<'api'> {
  async function run(accountId: string | undefined, operationId: OperationId, input: RequestInput) {
    const resolved =
      accountId ??
      (await ctx.accounts.currentId()) ??
      (() => {
        throw new CoreError('Accounts.NoneSelected', 'No account is selected. Add an account or choose the Sandbox account first.');
      })();
    const client = await ctx.clients.forAccount(resolved);
    // The operation's own input schema is applied by the client (Request.InvalidInput + fields).
    return { accountId: resolved, data: (await client.request(operationId, input)) ?? null };
  }

  return {
    'api.call': async ({ accountId, operationId, input }) => {
      const result = await run(accountId, readOperationOf(operationId), input);
      const masked = maskSecrets(result.data);
      return { accountId: result.accountId, data: masked.data, secretFields: masked.secretFields };
    },
    'api.revealSecret': async ({ accountId, operationId, input, path }) => {
      const id = operationId;
      // Revealing re-reads the resource; a write operation must never run twice for it.
      if (operations[id].method !== 'GET') {
        throw new CoreError('Api.RevealNotAllowed', `Secrets can only be revealed from read operations, not ${id}.`);
      }
      revealThrottleFor(ctx).take();
      const { data } = await run(accountId, id, input);
      const value = valueAtPath(data, path);
      const key = path.split('.').at(-1) ?? '';
      if (typeof value !== 'string' || !isRevealableSecretField(key)) {
        throw new CoreError('Api.SecretNotFound', `There is no secret at ${path} in the ${id} answer (it may have changed meanwhile).`);
      }
      return { value };
    },
  };
}
