// The IPC table's channel names, written into the renderer when it is built (electron.vite.config.ts
// and vitest.config.ts read them from src/shared/ipc/contract.ts): the renderer needs the names,
// and loading the table for them would bring every channel's zod schemas into its start-up code.
import type { Channel } from '#shared/ipc/contract.ts';

declare const __ACCEL_IPC_CHANNELS__: readonly Channel[];

export const ipcChannelNames: readonly Channel[] = __ACCEL_IPC_CHANNELS__;
