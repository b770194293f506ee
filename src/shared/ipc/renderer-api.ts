// The object the renderer calls (`window.api`), typed by the IPC table:
// `api.accounts.list()` → Promise<IpcResult<…>>, `api.on(event, cb)` → unsubscribe, and the
// host-provided file actions. The web transport (browser host) builds it with createRendererApi()
// from the table's channel names, which it is given rather than reading them from the table: the
// table's zod schemas would otherwise be loaded with the renderer's start-up code.
import type { Channel, ChannelInput, ChannelOutput, IpcEventName, IpcEventPayload, IpcResult } from './contract.ts';

type FeatureOf<C extends string> = C extends `${infer F}.${string}` ? F : never;
type ActionOf<C extends string, F extends string> = C extends `${F}.${infer A}` ? A : never;

/** Channels without input can be called with no argument. */
type ChannelMethod<C extends Channel> =
  undefined extends ChannelInput<C>
    ? (input?: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>
    : (input: ChannelInput<C>) => Promise<IpcResult<ChannelOutput<C>>>;

type Feature = FeatureOf<Channel>;
type FeatureApi<F extends Feature> = {
  [C in Channel as C extends `${F}.${string}` ? ActionOf<C, F> : never]: ChannelMethod<C>;
};

export type SaveFileRequest = { suggestedName: string; mimeType: string; content: string | Uint8Array };
export type OpenFileRequest = { accept: string[] };
export type OpenedFile = { name: string; content: string };

/** File actions provided by the host (native dialogs in Electron, download/<input type=file> in the browser). */
export type HostApi = {
  /** Resolves false when the user cancelled. */
  saveFile(request: SaveFileRequest): Promise<boolean>;
  openFile(request: OpenFileRequest): Promise<OpenedFile | null>;
};

export type RendererApi = { [F in Feature]: FeatureApi<F> } & {
  on<E extends IpcEventName>(event: E, callback: (payload: IpcEventPayload<E>) => void): () => void;
  host: HostApi;
};

export type RendererTransport = {
  invoke(channel: Channel, input: unknown): Promise<IpcResult<unknown>>;
  on(event: IpcEventName, callback: (payload: unknown) => void): () => void;
  host: HostApi;
};

/** Builds the nested API object over any transport, one method for each of `channels` (the table's `channelNames`). */
export function createRendererApi(transport: RendererTransport, channels: readonly Channel[]): RendererApi {
  const api: Record<string, unknown> = {
    on: (event: IpcEventName, callback: (payload: unknown) => void) => transport.on(event, callback),
    host: transport.host,
  };
  for (const channel of channels) {
    const dot = channel.indexOf('.');
    const feature = channel.slice(0, dot);
    const action = channel.slice(dot + 1);
    const group = (api[feature] ??= {}) as Record<string, unknown>;
    group[action] = (input?: unknown) => transport.invoke(channel, input);
  }
  return api as RendererApi;
}
