// The renderer's single way to the application: Electron's preload exposes `window.api`; in the
// browser host there is none, so the same API is built over HTTP/WebSocket. UI code imports
// `api` (or calls getApi()) from here and never touches `window.api` itself.
import type { RendererApi } from '#shared/ipc/renderer-api.ts';
import { createWebApi } from './web-transport.ts';

export type { RendererApi, HostApi, SaveFileRequest, OpenFileRequest, OpenedFile } from '#shared/ipc/renderer-api.ts';

let instance: RendererApi | undefined;

/** True inside the Electron window (the preload has run). */
export function isElectronHost(): boolean {
  return typeof (globalThis as { api?: unknown }).api === 'object' && (globalThis as { api?: unknown }).api !== null;
}

export function getApi(): RendererApi {
  instance ??= isElectronHost() ? (globalThis as unknown as { api: RendererApi }).api : createWebApi();
  return instance;
}

export const api: RendererApi = getApi();
