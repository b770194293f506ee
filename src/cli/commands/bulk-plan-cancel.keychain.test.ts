// `accel bulk plan` interrupted with Ctrl+C (SIGINT) while it reads slow services: the reads are
// cancelled, the message says how far it got and that nothing was changed, the exit status is
// 130, and no batch is left behind. Real CLI process, OS keychain, a sandbox gateway whose
// service reads answer slowly (fault latency).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { ACCEL, runAccel } from '../test-support/cli.ts';
import { clearKeychainService, keychainTestsEnabled, uniqueKeychainService } from '#core/test-support/keychain.ts';

describe.runIf(keychainTestsEnabled())('accel bulk plan and Ctrl+C', () => {
  let gateway: SandboxHandle;
  let dataDir: string;
  const service = uniqueKeychainService();
  const reads: string[] = [];
  const env = () => ({ ACCEL_DATA_DIR: dataDir, ACCEL_KEYCHAIN_SERVICE: service });

  beforeAll(async () => {
    gateway = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      log: (line) => line.includes(' op=getService ') && reads.push(line),
    });
    for (let i = 0; i < 12; i++) {
      gateway.store.createService(
        gateway.credentials.customerId,
        {
          domainName: `cli${i}.plan.example`,
          origins: [{ originUrl: 'https://origin.plan.example' }],
          defaultHostHeader: 'origin.plan.example',
        },
        Date.now(),
      );
    }
    dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-bulk-plan-'));
    const add = [
      'accounts',
      'add',
      '--name',
      'Acme',
      '--base-url',
      gateway.url,
      '--key-id',
      gateway.credentials.accessKeyId,
      '--customer-id',
      String(gateway.credentials.customerId),
    ];
    expect((await runAccel(add, { env: env(), stdin: `${gateway.credentials.accessKeySecret}\n` })).code).toBe(0);
    await writeFile(
      join(dataDir, 'cors.json'),
      JSON.stringify({ kind: 'cors', headers: { accessControlAllowOrigin: 'https://shop.example' } }),
    );
    // A first quick plan naming every service puts them in the account's service list.
    const ids = gateway.store
      .servicesOf(gateway.credentials.customerId)
      .flatMap((s) => ['--service', `Acme#${s.service.id}`]);
    expect(
      (
        await runAccel(['bulk', 'plan', '--change', `@${join(dataDir, 'cors.json')}`, ...ids], {
          env: env(),
          timeoutMs: 60_000,
        })
      ).code,
    ).toBe(0);
    reads.length = 0;
  }, 60_000);
  afterAll(async () => {
    await gateway?.stop();
    await clearKeychainService(service);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('cancels the reads, says how far it got, exits with 130 and stores nothing', async () => {
    gateway.setFaults({ perOperation: { getService: { latencyMs: 2_000 } } });
    const child = spawn(
      process.execPath,
      [ACCEL, 'bulk', 'plan', '--change', `@${join(dataDir, 'cors.json')}`, '--accounts', 'Acme'],
      {
        env: { ...process.env, ...env() },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    // Ctrl+C once the first reads have answered (the rest are still to come).
    let done = false;
    void exited.then(() => (done = true));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (reads.length > 0 || done) {
          clearInterval(check);
          resolve();
        }
      }, 20);
    });
    expect(done, `ended before any read: ${stderr}`).toBe(false);
    child.kill('SIGINT');
    const code = await exited;
    gateway.setFaults(undefined);
    expect(code).toBe(130);
    const total = gateway.store.servicesOf(gateway.credentials.customerId).length;
    const match = stderr.match(
      /^Planning was cancelled after reading (\d+) of (\d+) services\. Nothing was changed\.$/m,
    );
    expect(match, stderr).not.toBeNull();
    expect(Number(match![2])).toBe(total);
    expect(Number(match![1])).toBeLessThan(total);
    // Not a terminal: no progress line on standard error, and no plan on standard output.
    expect(stderr).not.toContain('Reading ');
    expect(stdout).toBe('');
    expect((await runAccel(['bulk', 'list'], { env: env() })).stdout).toContain('No bulk batches.');
  }, 60_000);
});
