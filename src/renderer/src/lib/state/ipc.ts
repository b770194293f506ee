// Typed calls to the core through the one API object (lib/api getApi()). Every call resolves
// with the channel's data or throws an IpcCallError carrying the IPC error shape.
import { getApi } from '../api/index.ts';
import { isChannel, type Channel, type ChannelInput, type ChannelOutput } from '#shared/ipc/contract.ts';
import type { IpcError, IpcResult } from '#shared/ipc/result.ts';
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

/** True when the running core offers the channel (features from other engineers may be absent). */
export function hasChannel(channel: string): boolean {
  return isChannel(channel);
}

export async function invoke<C extends Channel>(channel: C, ...args: undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>]): Promise<ChannelOutput<C>> {
  const dot = channel.indexOf('.');
  const api = getApi() as unknown as Record<string, Record<string, AnyMethod> | undefined>;
  const method = api[channel.slice(0, dot)]?.[channel.slice(dot + 1)];
  if (!method) throw new IpcCallError({ code: 'Client.ChannelMissing', message: `This version of the app has no “${channel}” action.`, retryable: false });
  const result = await method(args[0]);
  if (!result.ok) throw new IpcCallError(result.error);
  return result.data as ChannelOutput<C>;
}

/** Calls a channel that may not exist in this build (another engineer's feature). */
export async function invokeDynamic(channel: string, input: unknown): Promise<unknown> {
  if (!hasChannel(channel)) throw new IpcCallError({ code: 'Client.ChannelMissing', message: `This version of the app has no “${channel}” action.`, retryable: false });
  return invoke(channel as Channel, input as never);
}

export function onEvent<E extends IpcEventName>(event: E, callback: (payload: IpcEventPayload<E>) => void): () => void {
  try {
    return getApi().on(event, callback);
  } catch {
    return () => undefined;
  }
}
