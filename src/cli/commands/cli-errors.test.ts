// Errors of the table-mode commands through the real CLI (built-in sandbox account, no keychain):
// standard output stays clean (a redirected report never holds an error object), the error is one
// readable line on standard error, JSON only with --format json, and input mistakes exit with 2.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { createCore } from '#core/app-core.ts';
import { createMemorySecretStore } from '#core/secrets/memory-store.ts';
import { data } from '#core/test-support/core.ts';

let dataDir: string;
let documentFile: string;
const env = () => ({ ACCEL_DATA_DIR: dataDir });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-errors-'));
  const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
  const accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
  await core.invoke('inventory.list', { accountId });
  await core.dispose();
  documentFile = join(dataDir, 'sandbox.json');
  const exported = await runAccel(['config', 'export', '--account', 'Sandbox', '--out', documentFile], { env: env() });
  expect(exported.code, exported.stderr).toBe(0);
  expect(JSON.parse(await readFile(documentFile, 'utf8')).services.length).toBeGreaterThan(1);
}, 60_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('accel errors', () => {
  it('a document with several services and none chosen: exit 2, nothing on stdout, one line naming FILE#SERVICE', async () => {
    const run = await runAccel(
      ['config', 'apply', documentFile, '--account', 'Sandbox', '--service', '101', '--dry-run'],
      { env: env() },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^accel config apply: Config\.ServiceNotChosen: The document holds \d+ services; choose one: .*\. Name one as FILE#SERVICE/,
    );

    // JSON mode keeps the JSON error on stdout, for scripts that parse it.
    const json = await runAccel(
      ['config', 'apply', documentFile, '--account', 'Sandbox', '--service', '101', '--dry-run', '--format', 'json'],
      { env: env() },
    );
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: null, code: 'Config.ServiceNotChosen', traceId: null });
  });

  it('a core error in table mode writes no JSON to stdout (config diff > report)', async () => {
    const run = await runAccel(['config', 'diff', `${documentFile}#no.such.example`, documentFile], { env: env() });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^accel config diff: Config\.ServiceNotInDocument: The document has no service “no\.such\.example”/,
    );
  });

  it('an invalid --change: exit 2, the field and the expected shape in plain words, no zod text', async () => {
    const run = await runAccel(
      ['bulk', 'plan', '--change', '{"kind":"rate-limit-set","limit":-5}', '--accounts', 'Sandbox'],
      { env: env() },
    );
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('rate-limit-set needs "rateLimit": {"timeWindow": …, "requestLimit": …}');
    expect(run.stderr).toContain('"limit" is not a field of a rate-limit-set change');
    expect(run.stderr).toContain('accel bulk --help');
    expect(run.stderr).not.toMatch(/Ipc\.InvalidInput|expected object|Unrecognized key/);

    const methods = await runAccel(
      [
        'bulk',
        'save-template',
        'T',
        '--change',
        '{"kind":"cors","headers":{"accessControlAllowMethods":["GET","HEAD"]}}',
      ],
      { env: env() },
    );
    expect(methods.code).toBe(2);
    expect(methods.stderr).toContain(
      '"headers.accessControlAllowMethods": Allowed methods must be text — a comma-separated string such as "GET,HEAD"',
    );
  });

  it('an encrypted document: one written with N = 2^15 opens; one asking for N = 2^20 is refused at once, naming kdf.N and the rule', async () => {
    const fixture = fileURLToPath(
      new URL('../../core/test-support/fixtures/config-scrypt-n15.encrypted.json', import.meta.url),
    );
    const withPassphrase = { ...env(), DOC_PASSPHRASE: 'fixture passphrase 2^15' };
    const same = await runAccel(['config', 'diff', fixture, fixture, '--passphrase-env', 'DOC_PASSPHRASE'], {
      env: withPassphrase,
    });
    expect(same.code, same.stderr).toBe(0);

    const crafted = join(dataDir, 'costly.encrypted.json');
    const envelope = JSON.parse(await readFile(fixture, 'utf8')) as { kdf: Record<string, unknown> };
    await writeFile(crafted, JSON.stringify({ ...envelope, kdf: { ...envelope.kdf, N: 2 ** 20, r: 16, p: 2 } }));
    const refused = await runAccel(['config', 'diff', crafted, fixture, '--passphrase-env', 'DOC_PASSPHRASE'], {
      env: withPassphrase,
    });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      'accel config diff: Config.UnsupportedEncryption: The encrypted document uses settings this app does not open: kdf.N is 1048576 (2^20); this app opens documents with N between 2^15 and 2^18 (a power of two), r = 8, p = 1.',
    );
  });

  it('an HTML error page from a proxy: one short line naming the status and the page, never the page itself', async () => {
    const page = `<!DOCTYPE html>\n<html>\n<head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n${'<p>filler</p>\n'.repeat(50)}</body>\n</html>\n`;
    let requests = 0;
    const proxy = createServer((req, res) => {
      requests++;
      req.resume();
      res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(page) });
      res.end(page);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const run = await runAccel(
        [
          'call',
          'getCustomer',
          '--base-url',
          baseUrl,
          '--key-id',
          'AK-PROXY',
          '--secret-env',
          'PROXY_SECRET',
          '--params',
          '{"customer_id": 1024}',
        ],
        {
          env: { PROXY_SECRET: 'proxy-test-secret-0001' },
        },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(
        'accel call getCustomer: 502 Http.502: The gateway answered 502 with an HTML page ("502 Bad Gateway") instead of JSON (a proxy or load balancer error? Try again later).\n',
      );
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 502, code: 'Http.502' });
      expect(run.stdout).not.toMatch(/<|nginx/);
      // A 502 of a read is retried (3 attempts) before it is reported.
      expect(requests).toBe(3);
    } finally {
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
