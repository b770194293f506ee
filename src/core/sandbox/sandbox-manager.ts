// The built-in sandbox gateway, started in-process the first time the Sandbox account is used
// (port 0 on 127.0.0.1) and stopped with the core. Its credentials stay in the main process:
// the renderer only ever sees the URL.
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { startSandbox as StartSandbox } from '#sandbox';

export type SandboxStartOptions = NonNullable<Parameters<typeof StartSandbox>[0]>;
type RunningSandbox = Awaited<ReturnType<typeof StartSandbox>>;
type SandboxCredentials = RunningSandbox['credentials'];

export type SandboxManagerOptions = {
  /** The core's clock, the in-process gateway's too (a test's sandboxOptions.now may set it apart). */
  now: () => Date;
  /** Passed to startSandbox (port and host are always 0 / 127.0.0.1 unless given here). */
  sandboxOptions?: Partial<SandboxStartOptions>;
  /** File the sandbox keeps its state in between runs (undefined: in memory only). */
  statePath?: string;
  /** Injected for tests; defaults to a lazy import of src/sandbox. */
  start?: typeof StartSandbox;
};

export interface SandboxManager {
  /** Starts the sandbox if needed; concurrent callers share one start. */
  ensure(): Promise<{ url: string; credentials: SandboxCredentials }>;
  /** The services the sandbox seeded for its default customer (starts it if needed). */
  seededServices(): Promise<RunningSandbox['services']>;
  /** The URL while it runs, else null. */
  url(): string | null;
  stop(): Promise<void>;
}

export function createSandboxManager(options: SandboxManagerOptions): SandboxManager {
  let running: Promise<RunningSandbox> | undefined;
  let started: RunningSandbox | undefined;
  let stopped = false;

  return {
    ensure() {
      if (stopped) return Promise.reject(new Error('The sandbox manager has been disposed'));
      running ??= (async () => {
        // Loaded on demand: the sandbox is a large module the app may never need.
        const start = options.start ?? (await import('#sandbox')).startSandbox;
        const statePath = options.sandboxOptions?.statePath ?? options.statePath;
        if (statePath) await mkdir(dirname(statePath), { recursive: true });
        const sandbox = await start({
          port: 0,
          host: '127.0.0.1',
          now: options.now,
          ...(options.statePath ? { statePath: options.statePath } : {}),
          ...options.sandboxOptions,
        });
        started = sandbox;
        return sandbox;
      })();
      running.catch(() => (running = undefined));
      return running.then((sandbox) => ({ url: sandbox.url, credentials: sandbox.credentials }));
    },
    async seededServices() {
      await this.ensure();
      return started?.services ?? [];
    },
    url: () => started?.url ?? null,
    async stop() {
      stopped = true;
      const pending = running;
      running = undefined;
      started = undefined;
      if (pending) await (await pending.catch(() => undefined))?.stop();
    },
  };
}
