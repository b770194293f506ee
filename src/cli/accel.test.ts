// The CLI as users run it (a child process), against a real in-process sandbox gateway.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEL, runAccel } from './test-support/cli.ts';
import { commands } from './commands/index.ts';
import { startTestSandbox, type TestSandbox } from '#core/test-support/sandbox.ts';
import { loadSignatureVectors } from '#core/test-support/signature-vectors.ts';

const vectors = loadSignatureVectors();
const RESERVED = new Set(['x-sfd-date', 'x-sfd-nonce', 'x-sfd-signature-version']);

describe('accel help', () => {
  it('prints help for the CLI and every command, and rejects unknown commands', async () => {
    const main = await runAccel(['--help']);
    expect(main.code).toBe(0);
    const names = commands.map((command) => command.name);
    expect(names).toEqual(expect.arrayContaining(['accounts', 'call', 'sign', 'sandbox']));
    for (const name of names) expect(main.stdout).toContain(`  ${name}`);
    // Two at a time: one Node process per command, and the list grows with every command.
    for (let i = 0; i < names.length; i += 2) {
      const helps = await Promise.all(names.slice(i, i + 2).map((name) => runAccel([name, '--help'])));
      for (const help of helps) {
        expect(help.code).toBe(0);
        expect(help.stdout).toMatch(/^Usage: accel /);
      }
    }
    const unknown = await runAccel(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  }, 120_000);
});

describe('accel sign', () => {
  it.each(vectors.map((vector) => [vector.name, vector] as const))(
    'matches the fixture vector %s exactly',
    async (_name, vector) => {
      const headers = Object.entries(vector.sfdHeaders)
        .filter(([name]) => !RESERVED.has(name.toLowerCase()))
        .flatMap(([name, value]) => ['--header', `${name}=${value}`]);
      const args = [
        'sign',
        '--method',
        vector.method,
        '--uri',
        vector.uri,
        '--host',
        vector.host,
        '--key-id',
        vector.keyId,
      ];
      args.push(
        '--secret-env',
        'ACCEL_TEST_SECRET',
        '--date',
        vector.date,
        '--nonce',
        vector.nonce,
        '--body',
        vector.body,
        ...headers,
      );
      const env = { ACCEL_TEST_SECRET: vector.secret };
      const [json, text] = await Promise.all([runAccel([...args, '--json'], { env }), runAccel(args, { env })]);
      expect(json.code).toBe(0);
      const out = JSON.parse(json.stdout);
      expect(out.canonicalString).toBe(vector.canonicalString);
      expect(out.authorization).toBe(vector.authorization);
      expect(out.headers).toMatchObject(vector.sfdHeaders);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(`---\n${vector.canonicalString}\n--- headers ---\n`);
      expect(text.stdout).toContain(`Authorization: ${vector.authorization}\n`);
      expect(text.stdout + text.stderr + json.stderr).not.toContain(vector.secret);
    },
  );

  it('refuses a bad date and a missing secret variable', async () => {
    const base = [
      'sign',
      '--method',
      'GET',
      '--uri',
      '/x',
      '--host',
      'h',
      '--key-id',
      'K',
      '--secret-env',
      'ACCEL_TEST_SECRET',
    ];
    const badDate = await runAccel([...base, '--date', '2026-11-22'], { env: { ACCEL_TEST_SECRET: 'abc' } });
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--date');
    const noSecret = await runAccel(base, { env: { ACCEL_TEST_SECRET: '' } });
    expect(noSecret.code).toBe(1);
    expect(noSecret.stderr).toContain('ACCEL_TEST_SECRET');
  });
});

describe('accel call', () => {
  let sandbox: TestSandbox;
  let dataDir: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    dataDir = await mkdtemp(join(tmpdir(), 'accel-cli-'));
  });
  afterAll(async () => {
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const direct = () => [
    '--base-url',
    sandbox.url,
    '--key-id',
    sandbox.credentials.accessKeyId,
    '--secret-env',
    'ACCEL_TEST_SECRET',
  ];
  const env = () => ({ ACCEL_TEST_SECRET: sandbox.credentials.accessKeySecret, ACCEL_DATA_DIR: dataDir });

  const s3Service = () => {
    const found = sandbox.store
      .servicesOf(sandbox.credentials.customerId)
      .find((record) => record.service.origins.some((origin) => origin.s3Credential));
    if (!found) throw new Error('the sandbox seed has no service with an S3 origin');
    return found.service;
  };

  it('prints the JSON result of an operation; echoed secrets are masked unless asked for', async () => {
    const customer = await runAccel(
      ['call', 'getCustomer', ...direct(), '--params', JSON.stringify({ customer_id: sandbox.credentials.customerId })],
      { env: env() },
    );
    expect(customer.stderr).toBe('');
    expect(customer.code).toBe(0);
    expect(JSON.parse(customer.stdout)).toMatchObject({ id: sandbox.credentials.customerId, name: expect.any(String) });

    const service = s3Service();
    const secret = service.origins.find((origin) => origin.s3Credential)?.s3Credential?.accessSecret ?? '';
    expect(secret).not.toBe('');
    const masked = await runAccel(
      ['call', 'getService', ...direct(), '--params', JSON.stringify({ serviceId: service.id })],
      { env: env() },
    );
    expect(masked.code).toBe(0);
    expect(masked.stdout).not.toContain(secret);
    expect(JSON.parse(masked.stdout).origins[0].s3Credential.accessSecret).toBe('••••••');
    const shown = await runAccel(
      ['call', 'getService', ...direct(), '--params', JSON.stringify({ serviceId: service.id }), '--show-secrets'],
      { env: env() },
    );
    expect(JSON.parse(shown.stdout).origins[0].s3Credential.accessSecret).toBe(secret);
  });

  it('reads the body from --body @file (relative to the working directory) and says when the file is missing', async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const body = { serviceNames: [sandbox.services[0].domainName], startTime: iso(today - day), endTime: iso(today) };
    await writeFile(join(dataDir, 'volume.json'), JSON.stringify(body));
    const volume = await runAccel(['call', 'getVolume', ...direct(), '--body', '@volume.json'], {
      env: env(),
      cwd: dataDir,
    });
    expect(volume.stderr).toBe('');
    expect(volume.code).toBe(0);
    expect(JSON.stringify(JSON.parse(volume.stdout))).toContain(sandbox.services[0].domainName);

    const missing = await runAccel(['call', 'getVolume', ...direct(), '--body', `@${join(dataDir, 'nope.json')}`], {
      env: env(),
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--body @.*nope\.json: the file cannot be read \(ENOENT\)/);
    await writeFile(join(dataDir, 'broken.json'), '{"serviceNames":');
    const broken = await runAccel(['call', 'getVolume', ...direct(), '--body', `@${join(dataDir, 'broken.json')}`], {
      env: env(),
    });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('--body is not valid JSON');
  });

  it("accepts customerId as the spelling of getCustomer's customer_id path parameter", async () => {
    const customer = await runAccel(
      ['call', 'getCustomer', ...direct(), '--params', JSON.stringify({ customerId: sandbox.credentials.customerId })],
      { env: env() },
    );
    expect(customer.stderr).toBe('');
    expect(customer.code).toBe(0);
    expect(JSON.parse(customer.stdout)).toMatchObject({ id: sandbox.credentials.customerId });
  });

  it('--show-secrets shows tokenSecret values but never the access key secret', async () => {
    const accessKeySecret = sandbox.credentials.accessKeySecret;
    // An S3 secret equal to the access key secret: the one value --show-secrets must still hide.
    const { service: same } = sandbox.store.createService(
      sandbox.credentials.customerId,
      {
        domainName: 'cli-same-secret.example.com',
        origins: [
          {
            originUrl: 'https://origin.example.com',
            s3Credential: { accessKey: 'AKS3', accessSecret: accessKeySecret, region: 'eu-west-1' },
          },
        ],
        defaultHostHeader: 'originHost',
      },
      Date.now(),
    );
    const shownSame = await runAccel(
      ['call', 'getService', ...direct(), '--params', JSON.stringify({ serviceId: same.id }), '--show-secrets'],
      { env: env() },
    );
    expect(shownSame.code).toBe(0);
    expect(shownSame.stdout + shownSame.stderr).not.toContain(accessKeySecret);
    expect(JSON.parse(shownSame.stdout).origins[0].s3Credential.accessSecret).toBe('[REDACTED]');

    const serviceId = sandbox.services[0].id;
    const policies = await runAccel(
      ['call', 'listAccessControlPolicies', ...direct(), '--params', JSON.stringify({ serviceId }), '--show-secrets'],
      { env: env() },
    );
    expect(policies.code).toBe(0);
    expect(policies.stdout).toMatch(/"tokenSecret": "[0-9a-z]{64}/);
    const masked = await runAccel(
      ['call', 'listAccessControlPolicies', ...direct(), '--params', JSON.stringify({ serviceId })],
      { env: env() },
    );
    expect(masked.stdout).not.toMatch(/"tokenSecret": "[0-9a-z]{64}/);
    expect(masked.stdout).toContain('"tokenSecret": "••••••"');
  });

  it('refuses a change without a saved account (nothing to confirm or journal it with) before sending it', async () => {
    const before = sandbox.store.servicesOf(sandbox.credentials.customerId).length;
    const body = {
      domainName: 'cli-unguarded.example.com',
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
    };
    const created = await runAccel(['call', 'createService', ...direct(), '--body', JSON.stringify(body)], {
      env: env(),
    });
    expect(created.code).toBe(2);
    expect(created.stderr).toContain('need a saved account');
    const removed = await runAccel(
      ['call', 'deleteRateLimit', ...direct(), '--params', JSON.stringify({ serviceId: sandbox.services[0].id })],
      { env: env() },
    );
    expect(removed.code).toBe(2);
    expect(sandbox.store.servicesOf(sandbox.credentials.customerId)).toHaveLength(before);
    expect(sandbox.store.rateLimitOf(sandbox.services[0].id)).not.toBeNull();
  });

  it('prints {status, code, message, traceId} and exits 1 on an API error', async () => {
    const missing = await runAccel(['call', 'getService', ...direct(), '--params', '{"serviceId": 987654}'], {
      env: env(),
    });
    expect(missing.code).toBe(1);
    const error = JSON.parse(missing.stdout);
    expect(error).toEqual({
      status: expect.any(Number),
      code: expect.any(String),
      message: expect.any(String),
      traceId: expect.any(String),
    });
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(missing.stderr).toContain(error.code);

    const wrongSecret = await runAccel(['call', 'getCustomer', ...direct(), '--params', '{"customer_id": 1}'], {
      env: { ...env(), ACCEL_TEST_SECRET: 'wrong-secret-value' },
    });
    expect(wrongSecret.code).toBe(1);
    expect(JSON.parse(wrongSecret.stdout)).toMatchObject({ status: 401, code: 'Signature.NotMatch' });
    expect(wrongSecret.stdout + wrongSecret.stderr).not.toContain('wrong-secret-value');
  });

  it('rejects bad usage with exit code 2', async () => {
    const unknownOp = await runAccel(['call', 'dropDatabase', ...direct()], { env: env() });
    expect(unknownOp.code).toBe(2);
    const badJson = await runAccel(['call', 'getService', ...direct(), '--params', '{nope'], { env: env() });
    expect(badJson.code).toBe(2);
    expect(badJson.stderr).toContain('--params');
    const noAccount = await runAccel(['call', 'getService', '--params', '{"serviceId":1}'], { env: env() });
    expect(noAccount.code).toBe(1);
    expect(JSON.parse(noAccount.stdout)).toMatchObject({ code: 'Accounts.NoneSelected' });
  });
});

describe('accel sandbox', () => {
  /** Child PIDs of a process (Linux /proc); undefined where that is not available. */
  const childrenOf = async (pid: number): Promise<string[] | undefined> => {
    try {
      return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(/\s+/).filter(Boolean);
    } catch {
      return undefined;
    }
  };

  it('starts the sandbox gateway in-process (first line JSON) and stops on SIGTERM, flushing the state', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'accel-sandbox-'));
    const statePath = join(dir, 'state.json');
    const child = spawn(process.execPath, [ACCEL, 'sandbox', '--port', '0', '--quiet', '--state', statePath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stdout = '';
      const firstLine = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.includes('\n')) resolve(stdout.split('\n')[0]);
        });
        child.on('exit', () => reject(new Error(`sandbox exited early: ${stdout}`)));
      });
      const info = JSON.parse(firstLine);
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(info).toMatchObject({ accessKeyId: expect.any(String), customerId: expect.any(Number) });
      const answer = await fetch(`${info.baseUrl}/v1.1/customer/1`);
      expect(answer.status).toBe(401); // unsigned: the gateway is up and checking signatures
      // In-process: accel itself serves, no node child process behind it.
      const children = await childrenOf(child.pid!);
      if (children !== undefined) expect(children).toEqual([]);
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stdout).toContain('SIGTERM: stopping the sandbox gateway');
      const state = JSON.parse(await readFile(statePath, 'utf8'));
      expect(JSON.stringify(state)).toContain(info.services[0].domainName);
    } finally {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a bad option as a usage error (exit 2) without starting anything', async () => {
    const result = await runAccel(['sandbox', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/accel sandbox: .*--bogus/);
    expect(result.stdout).toBe('');
    const badPort = await runAccel(['sandbox', '--port', '70000']);
    expect(badPort.code).toBe(1);
    expect(badPort.stderr).toContain('--port must be 0..65535');
  });
});
