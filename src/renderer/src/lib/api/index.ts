// The renderer's single way to the application: Electron's preload exposes `window.api`; in the
// browser host there is none, so the same API is built over HTTP/WebSocket. UI code calls
// getApi() from here and never touches `window.api` itself.
import type { RendererApi } from '#shared/ipc/renderer-api.ts';
import { createWebApi } from './web-transport.ts';

export type { RendererApi } from '#shared/ipc/renderer-api.ts';

let instance: RendererApi | undefined;

// What the preload put on the window (contextBridge), if anything.
function preloadApi(): RendererApi | undefined {
  const exposed = (globalThis as { api?: RendererApi | null }).api;
  return typeof exposed === 'object' && exposed !== null ? exposed : undefined;
}

/** True inside the Electron window (the preload has run). */
export function isElectronHost(): boolean {
  return preloadApi() !== undefined;
}

export function getApi(): RendererApi {
  instance ??= preloadApi() ?? createWebApi();
  return instance;
}
