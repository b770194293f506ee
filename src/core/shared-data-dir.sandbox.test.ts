// The app and the CLI on one data directory at the same time (two cores, as two processes would
// be): what one writes — an account, journal entries of real changes — is never written over by
// the other's next change.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from './app-core.ts';
import { createMemorySecretStore } from './secrets/memory-store.ts';
import { data, sandboxProfile } from './test-support/core.ts';
import { startTestSandbox, type TestSandbox } from './test-support/sandbox.ts';

let sandbox: TestSandbox;
let dataDir: string;
let app: Core;
let cli: Core;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  dataDir = await mkdtemp(join(tmpdir(), 'accel-shared-dir-'));
  const secretStore = createMemorySecretStore();
  const options = {
    dataDir,
    secretStore,
    sandboxOptions: { statePath: null },
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 } },
  };
  app = createCore(options);
  cli = createCore(options);
});
afterAll(async () => {
  await app?.dispose();
  await cli?.dispose();
  await sandbox?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('two processes on one data directory', () => {
  it('keeps an account the CLI added when the app then switches account', async () => {
    const acme = data(await app.invoke('accounts.add', sandboxProfile(sandbox))).account;
    await app.invoke('accounts.list', {});
    const added = data(
      await cli.invoke('accounts.add', {
        ...sandboxProfile(sandbox),
        name: 'Added from the CLI',
        accessKeyId: 'AK-ADDED-BY-CLI',
        verify: false,
      }),
    ).account;
    data(await app.invoke('accounts.switch', { accountId: acme.id }));
    const names = (core: Core) =>
      core.invoke('accounts.list', {}).then((r) =>
        data(r)
          .accounts.map((a) => a.name)
          .sort(),
      );
    await expect.poll(() => names(cli), { timeout: 2_000 }).toEqual(['Acme', 'Added from the CLI']);
    await expect.poll(() => names(app), { timeout: 2_000 }).toEqual(['Acme', 'Added from the CLI']);
    data(await cli.invoke('accounts.remove', { accountId: added.id }));
  });

  it('journals the changes of both, in the order they were made', async () => {
    const { accounts } = data(await app.invoke('accounts.list', {}));
    const accountId = accounts[0]!.id;
    const cors = (origin: string) => ({
      accountId,
      operationId: 'setCorsHeaders' as const,
      input: { params: { serviceId: 101 }, body: { accessControlAllowOrigin: origin } },
    });
    data(await app.invoke('journal.list', { accountId }));
    data(await cli.invoke('changes.apply', cors('https://cli.example')));
    data(await app.invoke('changes.apply', cors('https://app.example')));
    data(await cli.invoke('changes.apply', cors('https://cli-again.example')));
    // Each sees the other's entries (a read looks at the file again within a quarter second).
    for (const core of [app, cli]) {
      const origins = async () =>
        data(await core.invoke('journal.list', { accountId })).entries.map(
          (e) => (e.after as { accessControlAllowOrigin: string }).accessControlAllowOrigin,
        );
      await expect
        .poll(origins, { timeout: 2_000 })
        .toEqual(['https://cli-again.example', 'https://app.example', 'https://cli.example']);
    }
  });
});
