// npm run bench:sandbox [-- --requests N --seconds S --concurrency C]
// Latency (p50/p99) of a signed GET on loopback, one request at a time, and sustained requests per
// second with several in flight, against the sandbox gateway run as its own process (as
// `npm run sandbox` does) with its rate limit lifted. Bounded by request count and time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createApiClient } from '#core/api/client.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '16' },
  },
});
const maxRequests = Number(values.requests);
const maxMs = Number(values.seconds) * 1000;
const concurrency = Number(values.concurrency);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const gateway = spawn(
  process.execPath,
  [join(import.meta.dirname, '../src/sandbox/cli.ts'), '--port', '0', '--no-rate-limit', '--quiet'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const firstLine = await new Promise<string>((resolve, reject) => {
  const rl = createInterface({ input: gateway.stdout });
  rl.once('line', resolve);
  gateway.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
});
gateway.stdout.resume();
const sandbox = JSON.parse(firstLine) as {
  baseUrl: string;
  accessKeyId: string;
  accessKeySecret: string;
  services: Array<{ id: number }>;
};
const client = createApiClient({
  baseUrl: sandbox.baseUrl,
  keyId: sandbox.accessKeyId,
  secret: sandbox.accessKeySecret,
  budget: false,
  retry: { maxAttempts: 1 },
  connections: concurrency,
  now: Date.now,
});
const serviceId = sandbox.services[0].id;
const get = (): Promise<unknown> => client.getService({ params: { serviceId } });

try {
  // Warm-up: JIT, keep-alive connections.
  for (let i = 0; i < 200; i++) await get();

  const latencies: number[] = [];
  const latencyStart = performance.now();
  while (latencies.length < maxRequests && performance.now() - latencyStart < maxMs) {
    const t = performance.now();
    await get();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);

  let done = 0;
  let failed = 0;
  const throughputStart = performance.now();
  const worker = async (): Promise<void> => {
    while (done + failed < maxRequests * 5 && performance.now() - throughputStart < maxMs) {
      try {
        await get();
        done++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - throughputStart) / 1000;

  const rows: Array<[string, string]> = [
    ['signed GET getService, sequential', `${latencies.length} requests`],
    ['  mean latency', `${(latencies.reduce((a, b) => a + b, 0) / latencies.length).toFixed(2)} ms`],
    ['  p50 latency', `${percentile(latencies, 50).toFixed(2)} ms`],
    ['  p90 latency', `${percentile(latencies, 90).toFixed(2)} ms`],
    ['  p99 latency', `${percentile(latencies, 99).toFixed(2)} ms`],
    [`sustained, ${concurrency} in flight`, `${done} ok, ${failed} failed in ${seconds.toFixed(1)} s`],
    ['  throughput', `${Math.round(done / seconds)} requests/s`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`Sandbox gateway benchmark (separate process on loopback, Node ${process.version})\n`);
  for (const [k, v] of rows) process.stdout.write(`${k.padEnd(width)}  ${v}\n`);
} finally {
  await client.close();
  gateway.kill('SIGTERM');
}
