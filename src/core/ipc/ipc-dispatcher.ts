// Host-agnostic IPC entry point (the model is VS Code's validatedIpcMain): every host — Electron
// ipcMain, the browser host's HTTP bridge, tests — calls invoke(channel, payload) and gets an
// IpcResult back. Nothing thrown inside a handler escapes as an exception, and the result is
// scrubbed of access key secrets and secret-named fields before it leaves.
import { AppCode } from '#shared/app-errors.ts';
import type { z } from 'zod';
import { scrubOutput } from '../secrets/secret-mask.ts';
import { toIpcError } from './ipc-error.ts';
import { checkPayload } from './ipc-payload.ts';
import { MAX_PAYLOAD_CHARS, MAX_PAYLOAD_DEPTH } from '#shared/ipc/define.ts';
import { failure, invalidInputError, issuesToFieldErrors, success } from '#shared/ipc/result.ts';
import {
  ipcContract,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type ChannelTable,
  type IpcError,
  type IpcResult,
} from '#shared/ipc/contract.ts';

type AnyHandler = (input: never, call: InvokeOptions) => Promise<unknown>;

/** Per call, from the host: `signal` aborts when the caller (window, tab) goes away. */
export type InvokeOptions = { signal?: AbortSignal };

export type DispatcherOptions = {
  /** Check handler outputs against the contract (default: on unless NODE_ENV=production). */
  validateOutput?: boolean;
  /** The channel table (tests pass their own). */
  contract?: ChannelTable;
  /**
   * Channels whose output is a secret the user explicitly asked to see (api.revealSecret):
   * not passed through the key-based redaction.
   */
  revealChannels?: readonly string[];
};

export type Dispatcher = {
  /** Typed for known channel names; any string is accepted (hosts pass what the renderer sent). */
  invoke<C extends string>(
    channel: C,
    payload: C extends Channel ? NoInfer<ChannelInput<C>> : unknown,
    options?: InvokeOptions,
  ): Promise<IpcResult<C extends Channel ? ChannelOutput<C> : unknown>>;
  channels(): string[];
};

export function createDispatcher(
  handlers: Readonly<Record<string, AnyHandler>>,
  options: DispatcherOptions = {},
): Dispatcher {
  const contract = options.contract ?? (ipcContract as ChannelTable);
  const validateOutput = options.validateOutput ?? process.env.NODE_ENV !== 'production';
  const revealChannels = new Set(options.revealChannels ?? ['api.revealSecret']);

  async function invoke(channel: string, payload: unknown, options: InvokeOptions = {}): Promise<IpcResult<unknown>> {
    if (typeof channel !== 'string' || !Object.hasOwn(contract, channel)) {
      return failure(AppCode.Ipc.UnknownChannel, `Unknown IPC channel: ${String(channel).slice(0, 100)}`);
    }
    const spec = contract[channel];
    const handler = Object.hasOwn(handlers, channel) ? handlers[channel] : undefined;
    if (!handler) return failure(AppCode.Ipc.NoHandler, `No handler is registered for ${channel}`);

    const problem = checkPayload(payload, {
      maxChars: spec.maxPayloadChars ?? MAX_PAYLOAD_CHARS,
      maxDepth: MAX_PAYLOAD_DEPTH,
    });
    if (problem) {
      const fields =
        problem.path === undefined ? undefined : { [problem.path.slice(0, MAX_FIELD_PATH_CHARS)]: problem.message };
      return {
        ok: false,
        error: boundError({
          code: problem.code,
          message: problem.message,
          ...(fields ? { fields } : {}),
          retryable: false,
        }),
      };
    }
    const parsed = spec.input.safeParse(payload);
    if (!parsed.success) {
      return {
        ok: false,
        error: boundError(invalidInputError(issuesToFieldErrors(parsed.error), `Invalid input for ${channel}`)),
      };
    }
    try {
      if (options.signal?.aborted) return failure(AppCode.Request.Aborted, CALLER_GONE_MESSAGE);
      let data = await (handler as (input: unknown, call: InvokeOptions) => Promise<unknown>)(
        parsed.data,
        options.signal ? { signal: options.signal } : {},
      );
      if (validateOutput) {
        const checked = (spec.output as z.ZodType).safeParse(data);
        if (!checked.success) {
          // Paths only: the values could be anything, including secrets.
          const paths = checked.error.issues.slice(0, 5).map((issue) => issue.path.join('.') || '(root)');
          return failure(
            AppCode.Ipc.InvalidOutput,
            `The ${channel} handler returned data that does not match the contract (${paths.join(', ')})`,
          );
        }
        data = checked.data;
      }
      return success(revealChannels.has(channel) ? data : scrubOutput(data));
    } catch (error) {
      return { ok: false, error: boundError(toIpcError(error)) };
    }
  }

  return {
    invoke: invoke as Dispatcher['invoke'],
    channels: () => Object.keys(contract),
  };
}

const CALLER_GONE_MESSAGE = 'The request was cancelled: the window or tab that made it was closed.';

// Error answers echo input at most this much: a 1 MB input is not repeated back.
const MAX_ERROR_MESSAGE_CHARS = 1000;
const MAX_FIELD_MESSAGE_CHARS = 300;
const MAX_FIELD_PATH_CHARS = 200;
const MAX_ERROR_FIELDS = 50;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Every error leaves with a bounded message and at most MAX_ERROR_FIELDS bounded field messages. */
function boundError(error: IpcError): IpcError {
  const out: IpcError = { ...error, message: cut(error.message, MAX_ERROR_MESSAGE_CHARS) };
  if (error.fields) {
    out.fields = Object.fromEntries(
      Object.entries(error.fields)
        .slice(0, MAX_ERROR_FIELDS)
        .map(([path, message]) => [cut(path, MAX_FIELD_PATH_CHARS), cut(message, MAX_FIELD_MESSAGE_CHARS)]),
    );
  }
  return out;
}
