// Read operations through an account's signed client, for api.* and the CLI: secrets the API echoes
// (S3 accessSecret, tokenSecret) come back masked, and one is revealed only on request, from a read,
// throttled. A read of a service keeps its entry in the account's list current (name, CNAME,
// state), whichever host asked. Writes are refused here: they go through changes.apply, the one
// path that asks production accounts for confirmation and records every change in the journal.
import { AppCode } from '#shared/app-errors.ts';
import { operations } from '#shared/api/operations.ts';
import type { OperationId } from '#shared/api/operations.ts';
import { isWriteOperation } from '#shared/ipc/channels/api.ts';
import { isRevealableSecretField } from '#shared/ipc/secret-fields.ts';
import type { RequestInput } from './client.ts';
import { CoreError } from '../errors.ts';
import { maskSecrets, valueAtPath } from '../secrets/secret-mask.ts';
import type { RevealThrottle } from './reveal-throttle.ts';
import { serviceInfoFromRead } from '../inventory/service-reads.ts';
import type { InventoryServiceInfo } from '../inventory/inventory.ts';

export type ApiReadsDeps = {
  currentAccountId(): Promise<string | null>;
  client(accountId: string): Promise<{
    request(operationId: OperationId, input: RequestInput, options?: { signal?: AbortSignal }): Promise<unknown>;
  }>;
  revealThrottle: RevealThrottle;
  /** A service as just read: its list entry (if listed) is brought in step (inventory-service refresh). */
  serviceRead?(accountId: string, service: InventoryServiceInfo): Promise<unknown>;
};

/** The operation, refused when it changes something (those take the guarded changes.apply path). */
function readOperationOf(id: OperationId): OperationId {
  if (isWriteOperation(id)) {
    throw new CoreError(
      AppCode.Api.WriteNotAllowed,
      `${id} changes the service, so it is not run through api.call: send it through changes.apply, which asks production accounts for confirmation and records the change in the journal.`,
      { fields: { operationId: 'Changes go through changes.apply' } },
    );
  }
  return id;
}

export type ApiReads = ReturnType<typeof createApiReads>;

export function createApiReads(deps: ApiReadsDeps) {
  /** `signal`: the caller went away; a read still queued behind the budget (or in flight) is cancelled. */
  async function run(
    accountId: string | undefined,
    operationId: OperationId,
    input: RequestInput,
    signal?: AbortSignal,
  ) {
    const resolved =
      accountId ??
      (await deps.currentAccountId()) ??
      (() => {
        throw new CoreError(
          AppCode.Accounts.NoneSelected,
          'No account is selected. Add an account or choose the Sandbox account first.',
        );
      })();
    const client = await deps.client(resolved);
    // The operation's own input schema is applied by the client (Request.InvalidInput + fields).
    const data = (await client.request(operationId, input, signal ? { signal } : undefined)) ?? null;
    if (operationId === 'getService') await refreshListed(resolved, input, data);
    return { accountId: resolved, data };
  }

  async function refreshListed(accountId: string, input: RequestInput, data: unknown): Promise<void> {
    const serviceId = Number((input as { params?: Record<string, unknown> }).params?.serviceId);
    const service = Number.isSafeInteger(serviceId) ? serviceInfoFromRead(serviceId, data) : null;
    if (!service || !deps.serviceRead) return;
    // The list is a convenience: a failed refresh never fails the read.
    await deps.serviceRead(accountId, service).catch(() => undefined);
  }

  return {
    /** A read as the API answered it, secrets included: for the CLI's --show-secrets, never for the renderer. */
    async read(accountId: string | undefined, operationId: OperationId, input: RequestInput) {
      return run(accountId, readOperationOf(operationId), input);
    },
    /** A read, its answer with secrets masked and the paths of the masked fields. */
    async call(accountId: string | undefined, operationId: OperationId, input: RequestInput, signal?: AbortSignal) {
      const result = await run(accountId, readOperationOf(operationId), input, signal);
      const masked = maskSecrets(result.data);
      return { accountId: result.accountId, data: masked.data, secretFields: masked.secretFields };
    },
    /** One secret of a read's answer, re-read now; throttled so the renderer cannot harvest them. */
    async reveal(
      accountId: string | undefined,
      operationId: OperationId,
      input: RequestInput,
      path: string,
      signal?: AbortSignal,
    ) {
      // Revealing re-reads the resource; a write operation must never run twice for it.
      if (operations[operationId].method !== 'GET') {
        throw new CoreError(
          AppCode.Api.RevealNotAllowed,
          `Secrets can only be revealed from read operations, not ${operationId}.`,
        );
      }
      deps.revealThrottle.take();
      const { data } = await run(accountId, operationId, input, signal);
      const value = valueAtPath(data, path);
      const key = path.split('.').at(-1) ?? '';
      if (typeof value !== 'string' || !isRevealableSecretField(key)) {
        throw new CoreError(
          AppCode.Api.SecretNotFound,
          `There is no secret at ${path} in the ${operationId} answer (it may have changed meanwhile).`,
        );
      }
      return { value };
    },
  };
}
