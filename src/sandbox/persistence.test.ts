import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from './index.ts';
import { createStatePersister, loadState, writeStateAtomic } from './persistence.ts';
import { seedFrom } from './prng.ts';
import { buildInitialState, DEFAULT_SEED, DEMO_ACCESS_KEY_ID, DEMO_CUSTOMER_ID } from './seed.ts';
import { clientFor } from './test-support/sandbox-clients.ts';

let dir: string;
let statePath: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  statePath = join(dir, 'state.json');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const newService = (domainName: string) => ({
  body: {
    domainName,
    origins: [{ originUrl: 'https://origin.example.net' }],
    defaultHostHeader: 'originHost' as const,
  },
});

describe('state file', () => {
  it('keeps services, policies and CORS across a restart, and ids keep increasing', async () => {
    const first = await startSandbox({ statePath, rateLimit: false, persistDebounceMs: 5 });
    const client = clientFor(first);
    const created = await client.createService(newService('persist.example.net'));
    await client.setCorsHeaders({ params: { serviceId: created.id }, body: { accessControlAllowOrigin: '*' } });
    await client.close();
    await first.stop();
    expect(loadState(statePath)?.services.some((s) => s.service.domainName === 'persist.example.net')).toBe(true);

    const second = await startSandbox({ statePath, rateLimit: false });
    const again = clientFor(second);
    expect(await again.getService({ params: { serviceId: created.id } })).toEqual(created);
    expect(second.store.corsOf(created.id)).toEqual({ accessControlAllowOrigin: '*' });
    const next = await again.createService(newService('persist-2.example.net'));
    expect(next.id).toBe(created.id + 1);
    await again.close();
    await second.stop();
  });

  it('debounces: a burst of edits is one write', async () => {
    const state = buildInitialState({ seed: 1, nowMs: Date.now() });
    const persister = createStatePersister(statePath, () => state, { debounceMs: 20 });
    for (let i = 0; i < 50; i++) persister.schedule();
    expect(persister.writes).toBe(0);
    await new Promise((r) => setTimeout(r, 60));
    expect(persister.writes).toBe(1);
    persister.close();
    expect(loadState(statePath)).toEqual(state);
  });

  it('loads the last good state when a kill left a stray or truncated temp file, and removes it', async () => {
    const good = buildInitialState({ seed: 1, nowMs: Date.now() });
    good.services[0].service.domainName = 'last-good.example.net';
    writeStateAtomic(statePath, good);
    const text = readFileSync(statePath, 'utf8');
    writeFileSync(join(dir, 'state.json.tmp-4242-1'), text.slice(0, text.length / 2));
    writeFileSync(join(dir, 'state.json.tmp-4242-2'), '');
    const sandbox = await startSandbox({ statePath, rateLimit: false });
    expect(sandbox.services[0].domainName).toBe('last-good.example.net');
    expect(readdirSync(dir)).toEqual(['state.json']);
    await sandbox.stop();
  });

  it('survives a process killed (SIGKILL) while it keeps rewriting the state', async () => {
    const script = `
      import { writeStateAtomic } from ${JSON.stringify(join(import.meta.dirname, 'persistence.ts'))};
      import { buildInitialState } from ${JSON.stringify(join(import.meta.dirname, 'seed.ts'))};
      const state = buildInitialState({ seed: 1, nowMs: Date.now() });
      // Make each write large enough to be caught mid-way.
      for (const s of state.services) s.service.origins[0].headers = { pad: 'x'.repeat(200000) };
      let i = 0;
      process.stdout.write('ready\\n');
      for (;;) { state.nextServiceId = 1000 + i++; writeStateAtomic(${JSON.stringify(statePath)}, state); }
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    await new Promise((r) => setTimeout(r, 150));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const loaded = loadState(statePath);
    expect(loaded?.nextServiceId).toBeGreaterThanOrEqual(1000);
    const sandbox = await startSandbox({ statePath, rateLimit: false });
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-'))).toEqual([]);
    await sandbox.stop();
  });

  it('creates the state file (and its directory) at the first start', async () => {
    const nested = join(dir, 'a', 'b', 'state.json');
    const sandbox = await startSandbox({ statePath: nested });
    expect(loadState(nested)?.services.length).toBe(sandbox.store.snapshot().services.length);
    await sandbox.stop();
  });

  it('keeps several customers, their keys and a shared domain across restarts; a restart only adds what is missing', async () => {
    const first = await startSandbox({
      statePath,
      seed: 'roundtrip',
      customers: 3,
      sharedDomain: 'www.example-shop.com',
      rateLimit: false,
    });
    const customers = first.customers;
    await first.stop();
    expect(loadState(statePath)?.seededCustomerIds).toEqual(customers.map((c) => c.customerId));

    // No options: the saved state wins, and the same keys work over HTTP.
    const second = await startSandbox({ statePath, rateLimit: false });
    expect(second.customers).toEqual(customers);
    expect(second.credentials).toEqual(customers[0].credentials);
    for (const customer of customers) {
      const client = clientFor(second, customer.credentials);
      expect((await client.getCustomer({ params: { customer_id: customer.customerId } })).name).toBe(customer.name);
      await client.close();
    }
    await second.stop();

    // More customers than saved: the saved ones stay as they are, one more is generated.
    const third = await startSandbox({ statePath, customers: 4, rateLimit: false });
    expect(third.customers.slice(0, 3)).toEqual(customers);
    expect(third.customers).toHaveLength(4);
    expect(third.customers[3].services.some((s) => s.domainName === 'www.example-shop.com')).toBe(false);
    await third.stop();
    expect(loadState(statePath)?.seededCustomerIds).toHaveLength(4);
  });

  it('reads a state file without the customer list as its demo customer', async () => {
    const old = buildInitialState({ seed: seedFrom(DEFAULT_SEED), nowMs: Date.now() });
    delete old.seededCustomerIds;
    writeStateAtomic(statePath, old);
    const sandbox = await startSandbox({ statePath, rateLimit: false });
    expect(sandbox.customers.map((c) => c.customerId)).toEqual([DEMO_CUSTOMER_ID]);
    expect(sandbox.credentials.accessKeyId).toBe(DEMO_ACCESS_KEY_ID);
    expect(sandbox.services).toHaveLength(6);
    await sandbox.stop();
  });

  it('refuses to start over a corrupt state file instead of replacing it', async () => {
    writeFileSync(statePath, '{"formatVersion":1,');
    await expect(startSandbox({ statePath })).rejects.toThrow(/not valid JSON/);
    expect(existsSync(statePath)).toBe(true);
  });
});
