// Test helper: the core over invoke() against a real sandbox gateway, with a fresh data dir and
// core per test (the gateway is shared by the file's tests).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createCore, type Core, type CreateCoreOptions } from '../app-core.ts';
import { startTestSandbox, type TestSandbox } from './sandbox.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';

/** The data of a successful IPC result; a failed one throws with its code. */
export function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`IPC call failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}

/** Set by the hooks; a test may replace `core` (a restart), the current one is disposed after it. */
export type CoreFixture = { sandbox: TestSandbox; dataDir: string; core: Core };

/**
 * Registers the hooks (in the file, or the describe block it is called in). The core gets
 * `{ dataDir, sandboxOptions: { statePath: null }, ...coreOptions() }`; `cleanup` runs after the
 * core was disposed and before the data dir is removed.
 */
export function useSandboxCore(options: {
  tmpPrefix: string;
  coreOptions: () => Omit<CreateCoreOptions, 'dataDir'>;
  cleanup?: () => Promise<void>;
}): CoreFixture {
  const fixture = {} as CoreFixture;
  beforeAll(async () => {
    fixture.sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await fixture.sandbox.stop();
  });
  beforeEach(async () => {
    fixture.dataDir = await mkdtemp(join(tmpdir(), options.tmpPrefix));
    fixture.core = createCore({
      dataDir: fixture.dataDir,
      sandboxOptions: { statePath: null },
      ...options.coreOptions(),
    });
  });
  afterEach(async () => {
    await fixture.core.dispose();
    await options.cleanup?.();
    await rm(fixture.dataDir, { recursive: true, force: true });
  });
  return fixture;
}

/** accounts.add input for the test gateway's customer, named Acme. */
export function sandboxProfile(sandbox: TestSandbox) {
  return {
    name: 'Acme',
    baseUrl: sandbox.url,
    accessKeyId: sandbox.credentials.accessKeyId,
    customerId: sandbox.credentials.customerId,
    secret: sandbox.credentials.accessKeySecret,
  };
}
