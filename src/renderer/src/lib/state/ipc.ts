// Typed calls to the core through the one API object (lib/api getApi()). Every call resolves
// with the channel's data or throws an IpcCallError carrying the IPC error shape.
import { getApi } from '../api/index.ts';
import type { Channel, ChannelInput, ChannelOutput } from '#shared/ipc/contract.ts';
import type { IpcError, IpcResult } from '#shared/ipc/result.ts';
import type { OperationId, OperationRequest, OperationResult } from '#shared/api/operations.ts';
import type { IpcEventName, IpcEventPayload } from '#shared/ipc/contract.ts';

export class IpcCallError extends Error {
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly retryable: boolean;
  readonly status: number | undefined;
  readonly traceId: string | undefined;

  constructor(error: IpcError) {
    super(error.message);
    this.name = 'IpcCallError';
    this.code = error.code;
    this.fields = error.fields;
    this.retryable = error.retryable;
    this.status = error.status;
    this.traceId = error.traceId;
  }
}

type AnyMethod = (input?: unknown) => Promise<IpcResult<unknown>>;

// `api.<feature>.<action>`: the API object groups the contract's channels by feature.
function memberOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
}

function isMethod(value: unknown): value is AnyMethod {
  return typeof value === 'function';
}

export async function invoke<C extends Channel>(channel: C, ...args: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]): Promise<ChannelOutput<C>> {
  const dot = channel.indexOf('.');
  const method = memberOf(memberOf(getApi(), channel.slice(0, dot)), channel.slice(dot + 1));
  if (!isMethod(method)) throw new IpcCallError({ code: 'Client.ChannelMissing', message: `This version of the app has no “${channel}” action.`, retryable: false });
  const result = await method(args[0]);
  if (!result.ok) throw new IpcCallError(result.error);
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
