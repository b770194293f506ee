// The one place where ipcMain handlers are registered (VS Code's validatedIpcMain, GitHub
// Desktop's ipc-shared). Every call is checked before it reaches the core: the channel must be
// in the contract, the sender must be our window's main frame showing our own renderer, and the
// core validates the payload against the channel's zod schema. Handlers return IpcResult
// because Electron keeps nothing but `message` from a thrown error.
import { AppCode } from '#shared/app-errors.ts';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { failure, internalFailure, type IpcResult } from '#shared/ipc/result.ts';

type IpcMainLike = {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
};

/** What a sender check needs from an invoke event; a structural subset so tests can fake it. */
type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

export type RendererLocation =
  /** electron-vite dev server (ELECTRON_RENDERER_URL). */
  | { kind: 'dev-server'; url: string }
  /** The built renderer's index.html. */
  | { kind: 'file'; indexPath: string };

type HostHandler = (event: IpcMainInvokeEvent, input: unknown) => Promise<IpcResult<unknown>>;

export type IpcBridgeOptions = {
  ipcMain: IpcMainLike;
  /** The contract's channel names. */
  channels: readonly string[];
  /** `signal` aborts when the calling page goes away (window closed, renderer gone, page reloaded). */
  invoke(channel: string, input: unknown, options?: { signal?: AbortSignal }): Promise<IpcResult<unknown>>;
  /** The window allowed to call; null while there is none. */
  getMainWebContents(): WebContents | null;
  renderer: RendererLocation;
  /** Channels the host serves itself (file dialogs). */
  hostHandlers?: Readonly<Record<string, HostHandler>>;
};

/** True when `url` is our renderer: same origin as the dev server, or exactly our index.html. */
export function isOwnRendererUrl(url: string, renderer: RendererLocation): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (renderer.kind === 'dev-server') {
    const expected = new URL(renderer.url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === expected.origin;
  }
  // file: URLs all share the opaque origin "null", so compare the document path instead.
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  try {
    return resolve(fileURLToPath(parsed)) === resolve(renderer.indexPath);
  } catch {
    return false;
  }
}

/** Our window, its top-level frame, our document. Subframes, other windows and navigated pages are refused. */
function isTrustedSender(event: SenderEvent, mainWebContents: WebContents | null, renderer: RendererLocation): boolean {
  if (!mainWebContents || mainWebContents.isDestroyed()) return false;
  if (event.sender !== mainWebContents) return false;
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  const main = mainWebContents.mainFrame;
  if (frame !== main && (frame.routingId !== main.routingId || frame.processId !== main.processId)) return false;
  return isOwnRendererUrl(frame.url, renderer);
}

/** Registers every contract channel and host channel; returns a function that removes them. */
export function registerIpcBridge(options: IpcBridgeOptions): () => void {
  const handle = createBridgeHandler(options);
  const names = [...options.channels, ...Object.keys(options.hostHandlers ?? {})];
  for (const channel of names) {
    options.ipcMain.handle(channel, (event, ...args) => handle(channel, event, args));
  }
  return () => {
    for (const channel of names) options.ipcMain.removeHandler(channel);
  };
}

/** What the page-lifetime signal needs from a webContents (a structural subset so tests can fake it). */
export type PageEvents = Pick<WebContents, 'on' | 'isDestroyed'>;

/**
 * One AbortSignal per page shown in a webContents: aborted when the webContents is destroyed (the
 * window closed), its renderer process is gone, or its main frame starts loading another document
 * (a reload). The calls that page made then have no one to answer: the reads made for them,
 * queued behind the request budget or in flight, are cancelled.
 */
function createPageSignals(): (contents: PageEvents) => AbortSignal {
  const current = new WeakMap<PageEvents, AbortController>();
  const watched = new WeakSet<PageEvents>();
  const endPage = (contents: PageEvents): void => {
    current.get(contents)?.abort();
    current.delete(contents);
  };
  return (contents) => {
    if (!watched.has(contents)) {
      watched.add(contents);
      contents.on('destroyed', () => endPage(contents));
      contents.on('render-process-gone', () => endPage(contents));
      contents.on('did-start-navigation', (details) => {
        if (details.isMainFrame && !details.isSameDocument) endPage(contents);
      });
    }
    let controller = current.get(contents);
    if (!controller) {
      controller = new AbortController();
      if (contents.isDestroyed()) controller.abort();
      else current.set(contents, controller);
    }
    return controller.signal;
  };
}

/** The checked entry point behind every registered channel (exported for tests). */
export function createBridgeHandler(options: IpcBridgeOptions) {
  const channels = new Set(options.channels);
  const hostHandlers = options.hostHandlers ?? {};
  const pageSignal = createPageSignals();
  return async (channel: string, event: IpcMainInvokeEvent, args: readonly unknown[]): Promise<IpcResult<unknown>> => {
    const isHost = Object.hasOwn(hostHandlers, channel);
    if (!channels.has(channel) && !isHost) return failure(AppCode.Ipc.UnknownChannel, `Unknown channel: ${channel}`);
    if (!isTrustedSender(event, options.getMainWebContents(), options.renderer)) {
      return failure(AppCode.Ipc.UntrustedSender, 'This request did not come from the application window.');
    }
    // One input argument per call; extra arguments mean a caller that does not use window.api.
    if (args.length > 1) return failure(AppCode.Ipc.InvalidInput, 'A channel takes one input argument.');
    const input = args[0];
    try {
      if (isHost) return await hostHandlers[channel](event, input);
      return await options.invoke(channel, input, { signal: pageSignal(event.sender) });
    } catch (error) {
      // The core returns failures as results; a throw here is a bug. Its text may hold anything,
      // so only a generic message crosses to the renderer.
      console.error(`IPC ${channel} failed unexpectedly:`, error instanceof Error ? error.name : typeof error);
      return internalFailure();
    }
  };
}
