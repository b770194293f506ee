import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../main/core/api/client.ts';

const CLI = join(import.meta.dirname, 'cli.ts');

describe('npm run sandbox', () => {
  it('prints the connection JSON first, logs requests without secrets, and stops on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-cli-'));
    const child = spawn(process.execPath, [CLI, '--port', '0', '--state', join(dir, 'state.json')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout });
    const waitFor = (predicate: (line: string) => boolean): Promise<string> =>
      new Promise((resolve) => {
        const found = lines.find(predicate);
        if (found) return resolve(found);
        const onLine = (line: string): void => {
          if (predicate(line)) {
            rl.off('line', onLine);
            resolve(line);
          }
        };
        rl.on('line', onLine);
      });
    rl.on('line', (line) => lines.push(line));
    try {
      const first = JSON.parse(await waitFor(() => true)) as {
        baseUrl: string;
        accessKeyId: string;
        accessKeySecret: string;
        customerId: number;
        services: Array<{ id: number; domainName: string }>;
      };
      expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.services.length).toBeGreaterThanOrEqual(6);
      const client = createApiClient({ baseUrl: first.baseUrl, keyId: first.accessKeyId, secret: first.accessKeySecret, budget: false });
      const customer = await client.getCustomer({ params: { customer_id: first.customerId } });
      expect(customer.id).toBe(first.customerId);
      await client.close();
      const logLine = await waitFor((l) => l.includes('op=getCustomer'));
      expect(logLine).toMatch(/GET \/v1\.1\/customer\/\d+ 200 /);
      child.kill('SIGTERM');
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(0);
      expect(lines.slice(1).join('\n')).not.toContain(first.accessKeySecret);
    } finally {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
