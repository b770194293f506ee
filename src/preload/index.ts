// Preload (sandboxed, CommonJS): exposes `window.api` and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi } from './build-api.ts';
import { decodeIpcNames } from '#shared/ipc/channel-args.ts';

const { channels, events } = decodeIpcNames(process.argv);
contextBridge.exposeInMainWorld('api', buildPreloadApi(ipcRenderer, channels, events));
