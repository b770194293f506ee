// Bench rows of rule test suites: what running a 50-case suite on a draft adds to
// opening the review dialog. Runs alone with `npm run bench -- --only suites` (or
// `node scripts/bench-suites.ts`), and as part of the full `npm run bench`.
//
// Opening the review = the core's `changes.current` (the renderer's SaveFlow.open); with a suite
// it also runs `suites.check` alongside (three list reads + evaluation). Measured through the
// core's invoke() against an in-process sandbox gateway, request budget and gateway rate limit
// off so that the pacing of 100 requests a minute does not decide the numbers; runs of both kinds
// interleaved, medians compared.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox, DEMO_ACCESS_KEY_ID, DEMO_ACCESS_KEY_SECRET, DEMO_CUSTOMER_ID } from '#sandbox';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';
import { checkChangeOnLists } from '#shared/suites/lists-after-change.ts';
import type { Expectation } from '#shared/suites/schema.ts';
import type { BenchRow } from './bench-row.ts';

export type { BenchRow } from './bench-row.ts';

const RUNS = 15;
const CASES = 50;

function data<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** 50 expectations of every kind on the demo shop: denied, served with a TTL, redirected, cannot tell. */
function fiftyCases(): Expectation[] {
  const kinds: Array<Omit<Expectation, 'name'>> = [
    {
      request: { url: '/admin/users', clientIp: '10.0.0.1' },
      expect: { status: 'denied', rule: 'Block admin from outside' },
    },
    {
      request: { url: '/static/app.css' },
      expect: { status: 'served', rule: 'Static assets', cache: 'cached', ttl: 2_592_000 },
    },
    {
      request: { url: '/checkout/pay', clientCountry: 'DE' },
      expect: { status: 'served', rule: 'Checkout never cached', cache: 'never' },
    },
    { request: { url: '/blog/2024/hello' }, expect: { status: 'redirected', httpCode: 301 } },
    { request: { url: '/media/catalog/shoe.png?w=200' }, expect: { status: 'served', cache: 'cached' } },
  ];
  return Array.from({ length: CASES }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    return {
      ...kind,
      name: `case ${String(i + 1).padStart(2, '0')}`,
      request: { ...kind.request, url: `${kind.request.url}${kind.request.url.includes('?') ? '&' : '?'}n=${i}` },
    };
  });
}

export async function suiteBenchRows(): Promise<BenchRow[]> {
  const gateway = await startSandbox({ port: 0, rateLimit: false });
  const dataDir = await mkdtemp(join(tmpdir(), 'accel-bench-suites-'));
  const core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { budget: false },
  });
  try {
    const { account } = data(
      await core.invoke('accounts.add', {
        name: 'Bench',
        baseUrl: gateway.url,
        accessKeyId: DEMO_ACCESS_KEY_ID,
        customerId: DEMO_CUSTOMER_ID,
        secret: DEMO_ACCESS_KEY_SECRET,
      }),
    );
    const accountId = account.id;
    const shop = gateway.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
    const record = gateway.store.servicesOf(DEMO_CUSTOMER_ID).find((s) => s.service.id === shop)!;
    const block = record.accessControl.find((p) => p.policyName === 'Block admin from outside')!;
    // The draft: the admin rule lets 10.0.0.0/8 through, which flips the "denied" cases.
    const input = {
      params: { serviceId: shop, policyId: block.policyId },
      body: {
        policyName: block.policyName,
        type: 'deny',
        priority: 40,
        matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
        ipRestriction: '203.0.113.0/24,10.0.0.0/8',
      },
    };
    const operationId = 'updateAccessControlPolicy' as const;
    const cases = fiftyCases();
    for (const expectation of cases)
      data(await core.invoke('suites.save', { accountId, serviceId: shop, expectation }));

    const openReview = async (withSuite: boolean): Promise<number> => {
      const start = performance.now();
      const current = core.invoke('changes.current', { accountId, operationId, input });
      if (withSuite) {
        const [, check] = await Promise.all([current, core.invoke('suites.check', { accountId, operationId, input })]);
        if (data(check).flipped.length !== CASES / 5)
          throw new Error('the suite check did not flip the expected cases');
      } else data(await current);
      return performance.now() - start;
    };
    // Warm up (first reads, JIT), then interleave so both kinds see the same machine load.
    for (let i = 0; i < 3; i++) {
      await openReview(false);
      await openReview(true);
    }
    const without: number[] = [];
    const withSuite: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      without.push(await openReview(false));
      withSuite.push(await openReview(true));
    }
    const added = median(withSuite) - median(without);

    // The evaluation alone (no reads): 50 cases on the rules now and after the change.
    const lists = {
      cache: record.cacheControl as never[],
      access: record.accessControl.map(({ matches: _m, ...p }) => p) as never[],
      redirections: record.redirections as never[],
    };
    const evaluation: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      checkChangeOnLists(cases, lists, [], { operationId, params: input.params, body: input.body });
      evaluation.push(performance.now() - start);
    }

    const round = (n: number) => Math.round(n * 10) / 10;
    return [
      {
        name: `Review dialog: a ${CASES}-case suite adds (median of ${RUNS})`,
        value: round(Math.max(0, added)),
        unit: 'ms',
        budget: '≤ 20',
        pass: added <= 20,
      },
      {
        name: '  opening without a suite (changes.current)',
        value: round(median(without)),
        unit: 'ms',
        budget: 'info',
        pass: null,
      },
      {
        name: '  with the suite check alongside',
        value: round(median(withSuite)),
        unit: 'ms',
        budget: 'info',
        pass: null,
      },
      {
        name: `  evaluation alone, ${CASES} cases before and after`,
        value: round(median(evaluation)),
        unit: 'ms',
        budget: 'info',
        pass: null,
      },
    ];
  } finally {
    await core.dispose();
    await gateway.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const rows = await suiteBenchRows();
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows)
    process.stdout.write(
      `${r.name.padEnd(width)}  ${String(r.value).padStart(8)} ${r.unit.padEnd(8)} ${r.budget.padEnd(26)} ${r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL'}\n`,
    );
  process.exitCode = rows.some((r) => r.pass === false) ? 1 : 0;
}
