// Builds the object exposed as `window.api`: one function per contract channel, grouped by
// feature (`api.accounts.list(input)`), `on(event, cb)` for main → renderer events, and the
// host file actions. Mirrors createRendererApi() in src/shared/ipc/renderer-api.ts without
// importing it (that module brings zod, which a sandboxed preload cannot load).
import { HOST_OPEN_FILE, HOST_SAVE_FILE } from '#shared/ipc/channel-args.ts';
import type { IpcResult } from '#shared/ipc/result.ts';

/** The part of ipcRenderer the preload uses; never exposed itself. */
export interface PreloadIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/** Feature names that would clash with the fixed members of the API object. */
const RESERVED = new Set(['on', 'host', '__proto__', 'constructor', 'prototype']);

export function buildPreloadApi(
  ipc: PreloadIpc,
  channels: readonly string[],
  events: readonly string[],
): Record<string, unknown> {
  const knownEvents = new Set(events);

  const callHost = async (channel: string, request: unknown): Promise<unknown> => {
    const result = (await ipc.invoke(channel, request)) as IpcResult<unknown>;
    if (!result.ok) throw new Error(result.error.message);
    return result.data;
  };

  const api: Record<string, unknown> = {
    on(event: string, callback: (payload: unknown) => void): () => void {
      if (!knownEvents.has(event)) throw new Error(`Unknown event: ${event}`);
      if (typeof callback !== 'function') throw new TypeError('callback must be a function');
      // Only the payload crosses over: the IpcRendererEvent would hand the page ipcRenderer itself.
      const listener = (_event: unknown, payload: unknown): void => callback(payload);
      ipc.on(event, listener);
      return () => {
        ipc.removeListener(event, listener);
      };
    },
    host: Object.freeze({
      saveFile: (request: unknown) => callHost(HOST_SAVE_FILE, request),
      openFile: (request: unknown) => callHost(HOST_OPEN_FILE, request),
    }),
  };

  for (const channel of channels) {
    const dot = channel.indexOf('.');
    const feature = channel.slice(0, dot);
    const action = channel.slice(dot + 1);
    if (RESERVED.has(feature) || RESERVED.has(action)) continue;
    const group = (api[feature] ??= {}) as Record<string, unknown>;
    group[action] = (input?: unknown) => ipc.invoke(channel, input);
  }
  for (const value of Object.values(api)) {
    if (typeof value === 'object' && value !== null) Object.freeze(value);
  }
  return Object.freeze(api);
}
