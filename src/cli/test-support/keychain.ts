// Test helper for CLI tests against the real OS keychain (kept apart from test-support.ts so
// the other CLI tests do not load keytar).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { startTestSandbox, type TestSandbox } from '#core/test-support/sandbox.ts';
import { clearKeychainService, uniqueKeychainService } from '#core/test-support/keychain.ts';
import { runAccel } from './cli.ts';

/**
 * Registers hooks for a CLI test against the real OS keychain: a sandbox gateway, a data dir and a
 * keychain service of its own, all removed after the file. `env()` points the CLI at them, with the
 * gateway's secret in ACCEL_TEST_SECRET.
 */
export type KeychainCliFixture = {
  sandbox: TestSandbox;
  dataDir: string;
  service: string;
  env: () => NodeJS.ProcessEnv;
};

export function useKeychainCli(tmpPrefix: string): KeychainCliFixture {
  // Each test runs several `accel` processes one after the other, each also reading the keychain
  // and calling a gateway: more room than other CLI tests (test-support/cli.ts).
  vi.setConfig({ testTimeout: 90_000 });
  const fixture = { service: uniqueKeychainService() } as KeychainCliFixture;
  fixture.env = () => ({
    ACCEL_DATA_DIR: fixture.dataDir,
    ACCEL_KEYCHAIN_SERVICE: fixture.service,
    ACCEL_TEST_SECRET: fixture.sandbox.credentials.accessKeySecret,
  });
  beforeAll(async () => {
    fixture.sandbox = await startTestSandbox();
    fixture.dataDir = await mkdtemp(join(tmpdir(), tmpPrefix));
  });
  afterAll(async () => {
    await fixture.sandbox.stop();
    await clearKeychainService(fixture.service);
    await rm(fixture.dataDir, { recursive: true, force: true });
  });
  return fixture;
}

/** `accel accounts add` for the fixture's own gateway, named `name`, its secret typed on stdin. */
export async function addFixtureAccount(fixture: KeychainCliFixture, name: string): Promise<void> {
  const { url, credentials } = fixture.sandbox;
  const args = ['accounts', 'add', '--name', name, '--base-url', url, '--key-id', credentials.accessKeyId];
  const run = await runAccel([...args, '--customer-id', String(credentials.customerId)], {
    env: fixture.env(),
    stdin: `${credentials.accessKeySecret}\n`,
  });
  expect(run.code, run.stderr).toBe(0);
}

interface GatewayKey {
  accessKeyId: string;
  accessKeySecret: string;
  customerId: number;
}

/** `accel accounts add` for another gateway as a production account, its secret read from the environment. */
export async function addProductionAccount(
  fixture: KeychainCliFixture,
  name: string,
  baseUrl: string,
  key: GatewayKey,
): Promise<void> {
  const args = ['accounts', 'add', '--name', name, '--base-url', baseUrl, '--key-id', key.accessKeyId];
  const run = await runAccel(
    [...args, '--customer-id', String(key.customerId), '--production', '--secret-env', 'ACCEL_TEST_ACCOUNT_SECRET'],
    { env: { ...fixture.env(), ACCEL_TEST_ACCOUNT_SECRET: key.accessKeySecret } },
  );
  expect(run.code, run.stderr).toBe(0);
}
