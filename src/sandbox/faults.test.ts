// Fault injection seen through the real API client: latency, 500/503, 429 bursts with Retry-After,
// connection resets and slow bodies, per run and per operation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiLogEntry } from '#core/api/client.ts';
import { FaultInjector } from './faults.ts';
import type { SandboxHandle } from './index.ts';
import { clientFor, failure, startTestSandbox } from './test-support/sandbox-clients.ts';

let sandbox: SandboxHandle;
let serviceId: number;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  serviceId = sandbox.services[0].id;
});
afterEach(() => sandbox.setFaults(undefined));
afterAll(() => sandbox.stop());

describe('fault plan', () => {
  it('is repeatable for a seed and follows the per-operation overrides', () => {
    const options = { errorRate: 0.3, resetRate: 0.1, perOperation: { getCustomer: { errorRate: 0, resetRate: 0 } } };
    const a = new FaultInjector(options, 1);
    const b = new FaultInjector(options, 1);
    const seqA = Array.from({ length: 50 }, () => a.plan('getService').decision.kind);
    expect(Array.from({ length: 50 }, () => b.plan('getService').decision.kind)).toEqual(seqA);
    expect(new Set(seqA)).toEqual(new Set(['none', 'error', 'reset']));
    expect(Array.from({ length: 50 }, () => a.plan('getCustomer').decision.kind).every((k) => k === 'none')).toBe(true);
  });

  it('rejects unknown operations and out-of-range rates', () => {
    expect(() => new FaultInjector({ perOperation: { getServices: { errorRate: 1 } } }, 1)).toThrow(/getServices/);
    expect(() => new FaultInjector({ errorRate: 2 }, 1)).toThrow(/between 0 and 1/);
    expect(() => sandbox.setFaults({ perOperation: { nope: {} } })).toThrow(/nope/);
  });
});

describe('faults through the client', () => {
  it('adds latency', async () => {
    sandbox.setFaults({ latencyMs: 120 });
    const client = clientFor(sandbox);
    const started = performance.now();
    await client.getService({ params: { serviceId } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    await client.close();
  });

  it('answers 503 Server.Unavailable for one operation only; the client retries it', async () => {
    sandbox.setFaults({ perOperation: { getService: { errorRate: 1, errorStatus: 503 } } });
    const log: ApiLogEntry[] = [];
    const client = clientFor(sandbox, sandbox.credentials, {
      retry: { maxAttempts: 3, baseDelayMs: 1 },
      log: (e) => log.push(e),
    });
    const error = await failure(client.getService({ params: { serviceId } }));
    expect([error.status, error.code]).toEqual([503, 'Server.Unavailable']);
    expect(log.map((e) => e.status)).toEqual([503, 503, 503]);
    await expect(client.getCustomer({ params: { customer_id: sandbox.credentials.customerId } })).resolves.toBeTruthy();
    await client.close();
  });

  it('answers 500 Server.InternalError at the configured rate', async () => {
    sandbox.setFaults({ errorRate: 0.5, seed: 3 });
    const client = clientFor(sandbox);
    const outcomes: string[] = [];
    for (let i = 0; i < 20; i++) {
      outcomes.push(
        await client.getService({ params: { serviceId } }).then(
          () => 'ok',
          (e: { code: string }) => e.code,
        ),
      );
    }
    expect(new Set(outcomes)).toEqual(new Set(['ok', 'Server.InternalError']));
    await client.close();
  });

  it('sends a burst of 429s with Retry-After, which the client waits out', async () => {
    sandbox.setFaults({ rateLimitBurst: 2 });
    const log: ApiLogEntry[] = [];
    const client = clientFor(sandbox, sandbox.credentials, {
      retry: { maxAttempts: 3, maxRetryAfterMs: 20 },
      log: (e) => log.push(e),
    });
    await client.getService({ params: { serviceId } });
    expect(log.map((e) => e.status)).toEqual([429, 429, 200]);
    await client.close();
  });

  it('resets connections', async () => {
    sandbox.setFaults({ resetRate: 1 });
    const client = clientFor(sandbox);
    const error = await failure(client.getService({ params: { serviceId } }));
    expect(error.code).toBe('Network.ConnectionFailed');
    expect(error.status).toBeUndefined();
    await client.close();
  });

  it('trickles slow bodies: a short timeout fires, a longer one gets the whole answer', async () => {
    sandbox.setFaults({ slowBodyMs: 400 });
    const client = clientFor(sandbox);
    expect((await failure(client.getService({ params: { serviceId } }, { timeoutMs: 150 }))).code).toBe(
      'Network.Timeout',
    );
    const started = performance.now();
    const service = await client.getService({ params: { serviceId } }, { timeoutMs: 5000 });
    expect(service.id).toBe(serviceId);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    await client.close();
  });
});
