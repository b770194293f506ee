// Bulk apply benchmark: a bulk CORS apply to 200 services in 4 accounts (4 sandbox
// gateways, one access key each, one account flagged production), through the browser host's IPC
// (bulk.plan, then bulk.run with one production confirmation). Rows:
//   - calls: exactly what the plan needs, one read per service (getService) + one write per
//     changed service (setCorsHeaders): 200 + 200
//   - 429 answers: 0 (each gateway limits a key to what the client's budget allows)
//   - wall time (plan start → batch finished) within 10% of the request-budget floor
// Budget for the bench: 20 requests per 1-second sliding window per key (the default 100/minute
// would make the floor about 3 minutes). The plan's reads are what the user waits for and go at
// interactive priority (all 20); the run's writes use the background share, floor(20 ×
// BACKGROUND_SHARE) = 16 per window. Each gateway allows the same rate, 60 × 20 = 1,200 per
// (fixed) minute. Floor per key (budgetFloorMs, the budget's sliding window simulated): 50 reads
// at 0, 1 and 2 s, then 50 writes from 2 s at 16 a second: the last at 5 s; keys run in parallel.
// Run alone: npm run bench -- --only bulk
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { startWebHost } from '#web/server.ts';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { BACKGROUND_SHARE } from '#core/api/budget.ts';
import type { BenchRow } from './bench-row.ts';

export type { BenchRow } from './bench-row.ts';

const ACCOUNTS = 4;
const SERVICES_PER_ACCOUNT = 50;
const WINDOW = { limit: 20, windowMs: 1000 };

/**
 * The request-budget floor of one key: the plan's `reads` go at interactive priority (the whole
 * limit), then the run's `writes` at background priority (its share), in the budget's sliding
 * window; the time of the last grant, with answers taking no time at all.
 */
function budgetFloorMs(reads: number, writes: number, window = WINDOW): number {
  const background = Math.max(1, Math.min(window.limit - 1, Math.floor(window.limit * BACKGROUND_SHARE)));
  const grants: number[] = [];
  let t = 0;
  const grant = (limit: number): void => {
    for (;;) {
      const inWindow = grants.filter((g) => g > t - window.windowMs);
      if (inWindow.length < limit) break;
      t = (inWindow[inWindow.length - limit] as number) + window.windowMs;
    }
    grants.push(t);
  };
  for (let k = 0; k < reads; k++) grant(window.limit);
  for (let k = 0; k < writes; k++) grant(background);
  return t;
}

export async function bulkApplyRows(log: (line: string) => void = () => undefined): Promise<BenchRow[]> {
  const requests: Array<{ gateway: number; op: string; status: number }> = [];
  const gateways: SandboxHandle[] = [];
  const keys = Array.from({ length: ACCOUNTS }, (_, i) => ({
    accessKeyId: `AK-BULK-${i + 1}`,
    accessKeySecret: `bulk-bench-secret-${i + 1}`,
    customerId: 7100 + i,
  }));
  for (const [index, key] of keys.entries()) {
    gateways.push(
      await startSandbox({
        keys: [key],
        rateLimit: { perMinute: 60 * WINDOW.limit, perHour: 3600 * WINDOW.limit },
        log: (line) => {
          const op = /\bop=(\w+)/.exec(line)?.[1];
          const status = /^\S+ \S+ \S+ (\d{3})/.exec(line)?.[1];
          if (op && status) requests.push({ gateway: index, op, status: Number(status) });
        },
      }),
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-bench-bulk-'));
  const core = createCore({
    dataDir,
    secretStore: createMemorySecretStore('accel-bench-bulk'),
    sandboxOptions: { statePath: null },
    clientOptions: { budget: { windows: [WINDOW] } },
  });
  const host = await startWebHost({ port: 0, dataDir, core });
  try {
    // The browser host's bootstrap link, exchanged once for the session cookie.
    const signIn = await fetch(host.url, { redirect: 'manual' });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    async function ipc<T>(channel: string, input: unknown): Promise<T> {
      const response = await fetch(`${host.origin}/ipc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: host.origin, cookie },
        body: JSON.stringify(input ?? {}),
      });
      const body = (await response.json()) as { ok: boolean; data?: T; error?: { code: string; message: string } };
      if (!body.ok) throw new Error(`${channel}: ${body.error?.code} ${body.error?.message}`);
      return body.data as T;
    }

    const accountIds: string[] = [];
    for (const [index, key] of keys.entries()) {
      const gateway = gateways[index] as SandboxHandle;
      const { account } = await ipc<{ account: { id: string } }>('accounts.add', {
        name: `Customer ${index + 1}`,
        baseUrl: gateway.url,
        accessKeyId: key.accessKeyId,
        customerId: key.customerId,
        secret: key.accessKeySecret,
        verify: false,
        production: index === ACCOUNTS - 1,
      });
      accountIds.push(account.id);
      for (let i = 1; i <= SERVICES_PER_ACCOUNT; i++) {
        const record = gateway.store.createService(
          key.customerId,
          {
            domainName: `svc-${String(i).padStart(2, '0')}.customer-${index + 1}.bench.example`,
            origins: [{ originUrl: 'https://origin.bench.example' }],
            defaultHostHeader: 'originHost',
          },
          Date.now(),
        );
        await ipc('inventory.record', {
          accountId: account.id,
          serviceId: record.service.id,
          domainName: record.service.domainName,
        });
      }
    }

    log('bulk CORS apply to 200 services in 4 accounts…');
    const from = requests.length;
    const started = performance.now();
    const plan = await ipc<{ id: string; items: Array<{ action: string }>; productionAccounts: unknown[] }>(
      'bulk.plan',
      {
        change: {
          kind: 'cors',
          headers: { accessControlAllowOrigin: 'https://shop.bench.example', accessControlAllowMethods: 'GET,POST' },
        },
        targets: { accountIds },
      },
    );
    log(`  plan ready after ${Math.round(performance.now() - started)} ms`);
    await ipc('bulk.run', { batchId: plan.id, confirmProduction: true });
    let status = 'running';
    let counts: Record<string, number> = {};
    while (status === 'running') {
      await new Promise((r) => setTimeout(r, 20));
      const { batches } = await ipc<{ batches: Array<{ id: string; status: string; counts: Record<string, number> }> }>(
        'bulk.list',
        { limit: 5 },
      );
      const batch = batches.find((b) => b.id === plan.id);
      status = batch?.status ?? 'missing';
      counts = batch?.counts ?? {};
    }
    const wallMs = performance.now() - started;

    const made = requests.slice(from);
    const changed = plan.items.filter((i) => i.action === 'update').length;
    const needed = plan.items.length + changed;
    const perKey = accountIds.map((_, index) => {
      const own = made.filter((r) => r.gateway === index);
      const reads = own.filter((r) => r.op === 'getService').length;
      return { reads, writes: own.length - reads };
    });
    const busiest = perKey.reduce((a, b) =>
      budgetFloorMs(b.reads, b.writes) > budgetFloorMs(a.reads, a.writes) ? b : a,
    );
    const floorMs = budgetFloorMs(busiest.reads, busiest.writes);
    const tooMany = made.filter((r) => r.status === 429).length;
    const applied = counts.applied ?? 0;
    return [
      {
        name: 'Bulk CORS apply, 200 services / 4 accounts: items applied',
        value: applied,
        unit: 'items',
        budget: '= 200',
        pass: status === 'finished' && applied === 200,
      },
      {
        name: '  calls (200 getService reads + 1 setCorsHeaders per changed service)',
        value: made.length,
        unit: 'calls',
        budget: `= ${needed} (plan needs)`,
        pass: made.length === needed && made.filter((r) => r.op === 'getService').length === plan.items.length,
      },
      { name: '  429 answers', value: tooMany, unit: 'answers', budget: '= 0', pass: tooMany === 0 },
      {
        name: `  wall time (floor ${floorMs} ms: ${busiest.reads} reads/key at ${WINDOW.limit}, then ${busiest.writes} writes at ${Math.floor(WINDOW.limit * BACKGROUND_SHARE)} per ${WINDOW.windowMs} ms)`,
        value: Math.round(wallMs),
        unit: 'ms',
        budget: `${floorMs}–${Math.round(floorMs * 1.1)} (floor + 10%)`,
        // Under the floor would mean the budget did not pace the requests.
        pass: wallMs >= floorMs && wallMs <= floorMs * 1.1,
      },
    ];
  } finally {
    await host.stop();
    await core.dispose();
    for (const gateway of gateways) await gateway.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
