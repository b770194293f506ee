// The core as the browser host uses it: the OS keychain under the given service (or a secret
// store passed in), with every core event handed to the host for its WebSocket.
import { createCore } from '#core/app-core.ts';
import type { SecretStore } from '#core/secrets/secret-store.ts';
import type { IpcResult } from '#shared/ipc/result.ts';

export type SecretStoreLike = SecretStore;

export type HostCore = {
  /** `signal` aborts when the caller's connection closed before its answer (the tab went away). */
  invoke(channel: string, input: unknown, options?: { signal?: AbortSignal }): Promise<IpcResult<unknown>>;
  dispose(): Promise<void>;
  /** Only for a core passed in from outside: lets the host forward its events. */
  subscribe?(listener: (event: string, payload: unknown) => void): () => void;
};

export function createHostCore(options: {
  dataDir: string;
  keychainService?: string;
  secretStore?: SecretStore;
  emit(event: string, payload: unknown): void;
}): HostCore {
  const core = createCore({
    dataDir: options.dataDir,
    // createCore falls back to keytar under keychainService (or ACCEL_KEYCHAIN_SERVICE).
    ...(options.secretStore ? { secretStore: options.secretStore } : {}),
    ...(options.keychainService ? { keychainService: options.keychainService } : {}),
    // Off unless asked (ACCEL_BACKGROUND_SNAPSHOTS=1): the browser host also serves the e2e tests.
    backgroundSnapshots: process.env.ACCEL_BACKGROUND_SNAPSHOTS === '1',
    // The same for the fleet overview's watching (ACCEL_BACKGROUND_WATCH=1); its alerts reach the page as events.
    backgroundWatch: process.env.ACCEL_BACKGROUND_WATCH === '1',
    emit: options.emit,
  });
  return {
    invoke: (channel, input, invokeOptions) => core.invoke(channel, input, invokeOptions),
    dispose: () => core.dispose(),
  };
}
