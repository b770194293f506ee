// RendererApi for the browser host: channels over `POST /ipc/<channel>` (the HttpOnly token
// cookie rides along, same-origin only), events over a reconnecting WebSocket on `/events`,
// and the host file actions done by the browser itself (download / file picker).
import { AppCode } from '#shared/app-errors.ts';
import {
  createRendererApi,
  type HostApi,
  type OpenFileRequest,
  type OpenedFile,
  type RendererApi,
  type RendererTransport,
  type SaveFileRequest,
} from '#shared/ipc/renderer-api.ts';
import { failure, isIpcResult, type IpcResult } from '#shared/ipc/result.ts';
import { ipcChannelNames } from './ipc-channel-names.ts';

/** The parts of a WebSocket the transport uses (browser WebSocket, or a test double). */
export type EventSocket = {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
};

export type WebTransportOptions = {
  /** `http://127.0.0.1:<port>`; default: the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  createSocket?: (url: string) => EventSocket;
  /** Reconnect delays grow from this to 10 s. */
  reconnectDelayMs?: number;
};

/**
 * A browser WebSocket as an EventSocket. Its handlers take DOM event types, which EventSocket's
 * narrower ones cannot stand for, so the adapter forwards each event instead of a cast.
 */
function browserSocket(url: string): EventSocket {
  const ws = new WebSocket(url);
  const adapter: EventSocket = { onopen: null, onmessage: null, onclose: null, onerror: null, close: () => ws.close() };
  ws.onopen = (event) => adapter.onopen?.(event);
  ws.onmessage = (event) => adapter.onmessage?.(event);
  ws.onclose = (event) => adapter.onclose?.(event);
  ws.onerror = (event) => adapter.onerror?.(event);
  return adapter;
}

const MAX_RECONNECT_DELAY_MS = 10_000;
const MAX_OPEN_BYTES = 50 * 1024 * 1024;

export function createWebTransport(options: WebTransportOptions = {}): RendererTransport & { close(): void } {
  // Resolved on use, so that importing the module (tests, SSR tooling) needs no page.
  const baseUrl = (): string => options.baseUrl ?? globalThis.location.origin;
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const createSocket = options.createSocket ?? browserSocket;
  const firstDelay = options.reconnectDelayMs ?? 500;

  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let socket: EventSocket | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let delay = firstDelay;
  let closed = false;

  const eventsUrl = (): string => {
    const url = new URL('/events', baseUrl());
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  };

  const hasListeners = (): boolean => [...listeners.values()].some((set) => set.size > 0);

  const connect = (): void => {
    if (closed || socket || !hasListeners()) return;
    const current = createSocket(eventsUrl());
    socket = current;
    current.onopen = () => {
      delay = firstDelay;
    };
    current.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let parsed: { event?: unknown; payload?: unknown };
      try {
        parsed = JSON.parse(message.data) as { event?: unknown; payload?: unknown };
      } catch {
        return;
      }
      if (typeof parsed.event !== 'string') return;
      for (const callback of listeners.get(parsed.event) ?? []) {
        try {
          callback(parsed.payload);
        } catch (error) {
          console.error(`Listener for ${parsed.event} failed`, error);
        }
      }
    };
    current.onerror = () => {
      // onclose follows and schedules the reconnect.
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      scheduleReconnect();
    };
  };

  const scheduleReconnect = (): void => {
    if (closed || reconnectTimer || !hasListeners()) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
    delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
  };

  const invoke = async (channel: string, input: unknown): Promise<IpcResult<unknown>> => {
    let response: Response;
    try {
      response = await doFetch(new URL(`/ipc/${encodeURIComponent(channel)}`, baseUrl()).href, {
        method: 'POST',
        credentials: 'same-origin',
        cache: 'no-store',
        headers: { 'Content-Type': 'application/json' },
        body: input === undefined ? undefined : JSON.stringify(input),
      });
    } catch {
      return failure(
        AppCode.Host.Unreachable,
        'The console server is not reachable. If you stopped it, start it again with `npm start` and open the new link.',
        { retryable: true },
      );
    }
    if (response.status === 401) {
      return failure(
        AppCode.Host.Unauthorized,
        'This page is no longer authorized (the console was probably restarted). Open the link printed in the terminal.',
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isIpcResult(body)) return body;
    return failure(AppCode.Host.BadResponse, `The console server answered with HTTP ${response.status}.`, {
      retryable: response.status >= 500,
    });
  };

  const host: HostApi = {
    async saveFile(request: SaveFileRequest): Promise<boolean> {
      // Copy binary content into a plain ArrayBuffer-backed array, which Blob accepts as is.
      const part = typeof request.content === 'string' ? request.content : new Uint8Array(request.content);
      const url = URL.createObjectURL(new Blob([part], { type: request.mimeType || 'application/octet-stream' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = request.suggestedName;
      link.rel = 'noopener';
      link.style.display = 'none';
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started once click() returns; keep the URL a moment for slow browsers.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return true;
    },

    openFile(request: OpenFileRequest): Promise<OpenedFile | null> {
      return new Promise((resolve, reject) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = request.accept.join(',');
        input.style.display = 'none';
        let settled = false;
        const finish = (value: OpenedFile | null, error?: Error) => {
          if (settled) return;
          settled = true;
          input.remove();
          if (error) reject(error);
          else resolve(value);
        };
        input.addEventListener('cancel', () => finish(null));
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return finish(null);
          if (file.size > MAX_OPEN_BYTES)
            return finish(null, new Error('The file is larger than 50 MB and cannot be opened.'));
          file.text().then(
            (content) => finish({ name: file.name, content }),
            () => finish(null, new Error('The file could not be read.')),
          );
        });
        document.body.append(input);
        input.click();
      });
    },
  };

  return {
    invoke: (channel, input) => invoke(channel, input),
    on(event, callback) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = (payload: unknown) => callback(payload);
      set.add(entry);
      connect();
      return () => {
        set.delete(entry);
        if (!hasListeners()) {
          if (reconnectTimer) clearTimeout(reconnectTimer);
          reconnectTimer = null;
          const current = socket;
          socket = null;
          current?.close();
        }
      };
    },
    host,
    close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      socket?.close();
      socket = null;
    },
  };
}

export function createWebApi(options?: WebTransportOptions): RendererApi {
  return createRendererApi(createWebTransport(options), ipcChannelNames);
}
