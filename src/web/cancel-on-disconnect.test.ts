// A browser tab that goes away while its API reads wait behind the request budget: the real
// browser host over HTTP, the real core and a real sandbox gateway. The reads are cancelled (they
// never reach the gateway) and leave the budget's queue instead of waiting for no one.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { createCore, type Core } from '#core/app-core.ts';
import { createRequestBudget, type RequestBudget } from '#core/api/budget.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { startWebHost, type WebHost } from './server.ts';

let workDir: string;
let gateway: SandboxHandle;
const gatewayLog: string[] = [];
let budget: RequestBudget;
let core: Core;
let host: WebHost;
let headers: Record<string, string>;

/** POSTs one IPC call; `answer` settles with the parsed result, `request` lets the test drop the connection. */
function ipc(channel: string, input: unknown): { request: ClientRequest; answer: Promise<unknown> } {
  let request!: ClientRequest;
  const answer = new Promise<unknown>((resolve, reject) => {
    request = httpRequest(
      {
        host: '127.0.0.1',
        port: host.port,
        method: 'POST',
        path: `/ipc/${channel}`,
        headers: { host: `127.0.0.1:${host.port}`, ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify(input));
  });
  return { request, answer };
}

const gatewayRequests = () => gatewayLog.filter((line) => line.includes('/customer/')).length;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'accel-web-cancel-'));
  const rendererDir = join(workDir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Acceleration Console</title>');
  gateway = await startSandbox({ port: 0, host: '127.0.0.1', rateLimit: false, log: (line) => gatewayLog.push(line) });
  // Two reads an hour: the third waits for a slot.
  budget = createRequestBudget({ windows: [{ limit: 2, windowMs: 3_600_000 }] });
  core = createCore({
    dataDir: join(workDir, 'data'),
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    clientOptions: { budget, retry: { maxAttempts: 1 } },
  });
  host = await startWebHost({
    port: 0,
    dataDir: join(workDir, 'data'),
    rendererDir,
    core: { invoke: (channel, input, options) => core.invoke(channel, input, options), dispose: () => core.dispose() },
  });
  const link = new URL(host.newLink());
  const signIn = await fetch(`${host.origin}${link.pathname}${link.search}`, { redirect: 'manual' });
  headers = {
    cookie: (signIn.headers.get('set-cookie') ?? '').split(';')[0],
    origin: host.origin,
    'content-type': 'application/json',
  };
});

afterAll(async () => {
  await host?.stop();
  await core?.dispose();
  await gateway?.stop();
  await rm(workDir, { recursive: true, force: true });
});

describe('a tab that disconnects', () => {
  it('cancels its reads queued behind the request budget: they never reach the gateway and leave the queue', async () => {
    const added = (await ipc('accounts.add', {
      name: 'Acme',
      baseUrl: gateway.url,
      accessKeyId: gateway.credentials.accessKeyId,
      customerId: gateway.credentials.customerId,
      secret: gateway.credentials.accessKeySecret,
      verify: false,
    }).answer) as { ok: true; data: { account: { id: string } } };
    const read = {
      accountId: added.data.account.id,
      operationId: 'getCustomer',
      input: { params: { customer_id: gateway.credentials.customerId } },
    };

    // The budget is used up by two answered reads.
    for (let i = 0; i < 2; i++) expect(await ipc('api.call', read).answer).toMatchObject({ ok: true });
    expect(gatewayRequests()).toBe(2);

    const queued = [ipc('api.call', read), ipc('api.call', read), ipc('api.call', read)];
    for (const call of queued) call.answer.catch(() => undefined);
    await vi.waitFor(() => expect(budget.queued).toBe(3));

    // The tab closes: its connections drop.
    for (const call of queued) call.request.destroy();
    await vi.waitFor(() => expect(budget.queued).toBe(0));
    expect(budget.usage()[0]?.used).toBe(2);
    expect(gatewayRequests()).toBe(2);
  });
});
