// Typed calls to the core through the one API object (lib/api getApi()). Every call resolves
// with the channel's data or rejects with the IPC error itself ({ code, message, fields?, … }):
// the one formatter (format-error.ts) words it, errorCode() reads its code.
import { getApi } from '../api/index.ts';
import type { Channel, ChannelInput, ChannelOutput } from '#shared/ipc/contract.ts';
import type { IpcError, IpcResult } from '#shared/ipc/result.ts';
import { AppCode } from '#shared/app-errors.ts';
import type { OperationId, OperationRequest, OperationResult } from '#shared/api/operations.ts';
import type { IpcEventName, IpcEventPayload } from '#shared/ipc/contract.ts';

/** The rejection of a failed call: the IPC error as the core sent it (a copy, so no caller changes the result). */
function failed(error: IpcError): IpcError {
  return { ...error };
}

type AnyMethod = (input?: unknown) => Promise<IpcResult<unknown>>;

// `api.<feature>.<action>`: the API object groups the contract's channels by feature.
function memberOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

function isMethod(value: unknown): value is AnyMethod {
  return typeof value === 'function';
}

export async function invoke<C extends Channel>(
  channel: C,
  ...args: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]
): Promise<ChannelOutput<C>> {
  const dot = channel.indexOf('.');
  const method = memberOf(memberOf(getApi(), channel.slice(0, dot)), channel.slice(dot + 1));
  if (!isMethod(method))
    throw failed({
      code: AppCode.Client.ChannelMissing,
      message: `This version of the app has no “${channel}” action.`,
      retryable: false,
    });
  const result = await method(args[0]);
  if (!result.ok) throw failed(result.error);
  return result.data as ChannelOutput<C>;
}

export function onEvent<E extends IpcEventName>(event: E, callback: (payload: IpcEventPayload<E>) => void): () => void {
  try {
    return getApi().on(event, callback);
  } catch {
    return () => undefined;
  }
}

/** The answer of callOperation: null for the operations that answer without a body. */
export type OperationAnswer<Id extends OperationId> = {
  data: OperationResult<Id> extends undefined ? null : OperationResult<Id>;
  /** Dotted paths of masked secrets (api.revealSecret can show each one). */
  secretFields: string[];
};

/**
 * One API operation through the account's signed client (api.call), typed by the operation
 * table: the input is checked by the compiler here and by the operation's schemas in the core.
 * Secrets in the answer arrive masked.
 */
export async function callOperation<Id extends OperationId>(
  accountId: string | undefined,
  operationId: Id,
  input: OperationRequest<Id>,
): Promise<OperationAnswer<Id>> {
  const result = await invoke('api.call', { accountId, operationId, input });
  // The core parsed the answer with the operation's response schema before masking it.
  return { data: result.data as OperationAnswer<Id>['data'], secretFields: result.secretFields };
}
