import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '#core/api/client.ts';
import { main, USAGE } from './cli.ts';

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
      const client = createApiClient({
        baseUrl: first.baseUrl,
        keyId: first.accessKeyId,
        secret: first.accessKeySecret,
        budget: false,
        now: Date.now,
      });
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

describe('main (in-process, as accel sandbox runs it)', () => {
  it('does not run when imported by another script', async () => {
    // Had it started, the gateway would print its JSON line and keep the process alive.
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(CLI).href)}); console.log(typeof m.main);`,
        '--',
        '--port',
        '0',
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 10_000,
      },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect([code, out]).toEqual([0, 'function\n']);
  });

  it('prints the JSON first, serves, and resolves 0 once stopped, removing its signal listeners', async () => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const lines: string[] = [];
    let firstLine!: (line: string) => void;
    const first = new Promise<string>((resolve) => (firstLine = resolve));
    const stdout = {
      write(text: string) {
        for (const line of text.split('\n').filter(Boolean)) {
          if (lines.length === 0) firstLine(line);
          lines.push(line);
        }
        return true;
      },
    };
    const stop = new AbortController();
    const done = main(['--port', '0', '--seed', '7', '--no-rate-limit'], { stdout, signal: stop.signal });
    const info = JSON.parse(await first) as {
      baseUrl: string;
      accessKeyId: string;
      accessKeySecret: string;
      customerId: number;
    };
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(process.listenerCount('SIGTERM')).toBe(before.term + 1);
    const client = createApiClient({
      baseUrl: info.baseUrl,
      keyId: info.accessKeyId,
      secret: info.accessKeySecret,
      budget: false,
      now: Date.now,
    });
    expect((await client.getCustomer({ params: { customer_id: info.customerId } })).id).toBe(info.customerId);
    await client.close();
    stop.abort();
    expect(await done).toBe(0);
    expect(lines.at(-1)).toBe('stop requested: stopping the sandbox gateway');
    expect(lines.some((l) => l.includes('op=getCustomer'))).toBe(true);
    expect({ int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') }).toEqual(before);
    await expect(fetch(info.baseUrl)).rejects.toThrow();
  });

  it('starts several customers sharing a domain, prints each one’s key, and injects --anomaly changes', async () => {
    const fromMs = Math.floor(Date.now() / 300_000) * 300_000 - 2 * 3_600_000;
    const anomaly = JSON.stringify({
      serviceId: 101,
      from: new Date(fromMs).toISOString(),
      metric: 'traffic',
      factor: 0,
    });
    const lines: string[] = [];
    let firstLine!: (line: string) => void;
    const first = new Promise<string>((resolve) => (firstLine = resolve));
    const stdout = {
      write(text: string) {
        for (const line of text.split('\n').filter(Boolean)) {
          if (lines.length === 0) firstLine(line);
          lines.push(line);
        }
        return true;
      },
    };
    const stop = new AbortController();
    const args = [
      '--port',
      '0',
      '--customers',
      '3',
      '--shared-domain',
      'www.example-shop.com',
      '--anomaly',
      anomaly,
      '--no-rate-limit',
      '--quiet',
    ];
    const done = main(args, { stdout, signal: stop.signal });
    const info = JSON.parse(await first) as {
      baseUrl: string;
      accessKeyId: string;
      customers: Array<{
        customerId: number;
        name: string;
        accessKeyId: string;
        accessKeySecret: string;
        services: Array<{ id: number; domainName: string }>;
      }>;
    };
    expect(info.customers).toHaveLength(3);
    expect(info.customers[0]).toMatchObject({ customerId: 1024, accessKeyId: info.accessKeyId });
    for (const c of info.customers) {
      expect(c.services.some((s) => s.domainName === 'www.example-shop.com')).toBe(true);
      const client = createApiClient({
        baseUrl: info.baseUrl,
        keyId: c.accessKeyId,
        secret: c.accessKeySecret,
        budget: false,
        now: Date.now,
      });
      expect((await client.getCustomer({ params: { customer_id: c.customerId } })).name).toBe(c.name);
      const [series] = await client.getRequestNumber({
        body: {
          serviceNames: ['www.example-shop.com'],
          startTime: new Date(fromMs - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
          endTime: new Date(fromMs + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      });
      const after = series.reqNumbers.filter((p) => Date.parse(p.timestamp) >= fromMs).map((p) => Number(p.value));
      const before = series.reqNumbers.filter((p) => Date.parse(p.timestamp) < fromMs).map((p) => Number(p.value));
      expect(before.every((v) => v > 0)).toBe(true);
      // The outage was injected into service 101 only: the demo customer's.
      expect(after.every((v) => v === 0)).toBe(c.customerId === 1024);
      await client.close();
    }
    for (const c of info.customers)
      expect(lines).toContain(
        `  customer ${c.customerId} ${c.name}: key ${c.accessKeyId}, ${c.services.length} services`,
      );
    expect(lines.slice(1).join('\n')).not.toMatch(/secret/);
    stop.abort();
    expect(await done).toBe(0);
  });

  it('names the flag of a bad --customers or --anomaly', async () => {
    const quiet = { stdout: { write: () => true } };
    await expect(main(['--customers', '0'], quiet)).rejects.toThrow(
      '--customers must be a whole number from 1 to 200, not 0',
    );
    await expect(main(['--customers', 'many'], quiet)).rejects.toThrow(
      '--customers must be a whole number from 1 to 200, not many',
    );
    await expect(main(['--anomaly', '{serviceId:101}'], quiet)).rejects.toThrow(
      '--anomaly must be a JSON object (or a list of them), e.g.',
    );
    await expect(
      main(['--anomaly', '{"serviceId":101,"from":"2026-11-20T06:00:00Z","metric":"requests","factor":-2}'], quiet),
    ).rejects.toThrow('anomalies[0].factor: must be a number from 0 to 1000');
  });

  it('prints the usage for --help and rejects bad options', async () => {
    let out = '';
    expect(await main(['--help'], { stdout: { write: (t: string) => (out += t) } })).toBe(0);
    expect(out).toBe(`${USAGE}\n`);
    await expect(main(['--port', 'x'], { stdout: { write: () => true } })).rejects.toThrow('--port must be 0..65535');
    await expect(main(['--nope'], { stdout: { write: () => true } })).rejects.toMatchObject({
      code: expect.stringMatching(/^ERR_PARSE_ARGS/),
    });
  });
});
