// `accel config export|diff|apply` through the real CLI, the OS keychain and two sandbox gateways
// with different keys (two customers; the second account is flagged production).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { runAccel } from '../test-support/cli.ts';
import { addFixtureAccount, addProductionAccount, useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { EXIT_NOT_EVERY_ITEM } from '../cli-types.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX-CLI', accessKeySecret: 'globex-cli-secret-01', customerId: 5303 };

describe.runIf(keychainTestsEnabled())('accel config with two customers', () => {
  const ctx = useKeychainCli('accel-cli-config-');
  let globexGateway: SandboxHandle;
  let shopId: number;
  let targetId: number;

  beforeAll(async () => {
    globexGateway = await startSandbox({ keys: [GLOBEX] });
    shopId = ctx.sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
    targetId = globexGateway.store.servicesOf(GLOBEX.customerId)[0]!.service.id;
    await addFixtureAccount(ctx, 'Acme');
    await addProductionAccount(ctx, 'Globex', globexGateway.url, GLOBEX);
  }, 60_000);
  afterAll(async () => {
    await globexGateway?.stop();
  });

  it('exports, diffs, plans (dry run) and applies with --yes; the exit code says whether every item applied', async () => {
    const file = join(ctx.dataDir, 'shop.json');
    const exported = await runAccel(
      ['config', 'export', '--account', 'Acme', '--service', String(shopId), '--out', file],
      { env: ctx.env() },
    );
    expect(exported.stderr).toContain('Exported 1 service(s), secrets left out.');
    expect(exported.code).toBe(0);
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      format: 'acceleration-console/config-document',
      services: [{ service: { domainName: 'www.example-shop.com' } }],
    });
    expect(text).not.toContain('sandboxdemotoken');

    const same = await runAccel(['config', 'diff', file, `@Acme#${shopId}`], { env: ctx.env() });
    expect(same.stdout).toContain('The configurations are the same.');
    expect(same.code).toBe(0);
    const differ = await runAccel(['config', 'diff', file, `@Globex#${targetId}`], { env: ctx.env() });
    expect(differ.code).toBe(EXIT_NOT_EVERY_ITEM);
    expect(differ.stdout).toMatch(/^~ Cache control policy “Static assets”$/m);
    expect(differ.stdout).toMatch(/^< Cache control policy “Product images” \(only left\)$/m);

    const target = ['config', 'apply', file, '--account', 'Globex', '--service', String(targetId)];
    const dryRun = await runAccel([...target, '--dry-run'], { env: ctx.env() });
    expect(dryRun.code).toBe(EXIT_NOT_EVERY_ITEM);
    expect(dryRun.stdout).toMatch(/^update\s+cache-control\/Static assets\s+.*TTL: 7 days → 30 days/m);
    expect(dryRun.stdout).toMatch(
      /^cannot\s+cache-control\/Product images\s+The target service has no cache control policy named “Product images”/m,
    );
    expect(dryRun.stdout).toMatch(/^create\s+access-control\/Block admin from outside/m);
    const json = await runAccel([...target, '--dry-run', '--format', 'json'], { env: ctx.env() });
    const plan = JSON.parse(json.stdout) as { items: Array<{ id: string; action: string }> };
    expect(plan.items.find((i) => i.id === 'cors')?.action).toBe('cannot');
    expect(globexGateway.store.servicesOf(GLOBEX.customerId)[0]!.accessControl).toHaveLength(0);

    const unconfirmed = await runAccel([...target, '--only', 'cache-control'], { env: ctx.env() });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(
      /"Globex" is a production account: review the plan with --dry-run, then add --yes/,
    );

    const ticked = await runAccel(
      [...target, '--items', 'cache-control/Static assets,access-control/Block admin from outside', '--yes'],
      { env: ctx.env() },
    );
    expect(ticked.stdout).toMatch(/^applied\s+cache-control\/Static assets/m);
    expect(ticked.stdout).toMatch(/^skipped\s+cache-control\/Product images/m);
    expect(ticked.code).toBe(0);
    const record = globexGateway.store.servicesOf(GLOBEX.customerId)[0]!;
    expect(record.cacheControl.find((p) => p.policyName === 'Static assets')?.ttl).toBe(2_592_000);
    expect(record.accessControl.map((p) => p.policyName)).toEqual(['Block admin from outside']);

    // Every access control item: the token policy cannot be created without its secret.
    const partial = await runAccel([...target, '--only', 'access-control', '--yes', '--format', 'json'], {
      env: ctx.env(),
    });
    expect(partial.code).toBe(EXIT_NOT_EVERY_ITEM);
    const result = JSON.parse(partial.stdout) as {
      allApplied: boolean;
      results: Array<{ id: string; outcome: string }>;
    };
    expect(result.allApplied).toBe(false);
    expect(result.results.find((r) => r.id === 'access-control/Signed downloads')?.outcome).toBe('cannot');
    expect(result.results.find((r) => r.id === 'access-control/EU checkout only')?.outcome).toBe('applied');
    expect(result.results.find((r) => r.id === 'access-control/Block admin from outside')?.outcome).toBe('unchanged');
  }, 180_000);

  it('writes an encrypted document with --include-secrets and reads it only with the right passphrase', async () => {
    const file = join(ctx.dataDir, 'shop-secrets.json');
    const env = { ...ctx.env(), DOC_PASSPHRASE: 'two customers here', WRONG_PASSPHRASE: 'three customers' };
    const exported = await runAccel(
      [
        'config',
        'export',
        '--account',
        'Acme',
        '--service',
        String(shopId),
        '--out',
        file,
        '--include-secrets',
        '--passphrase-env',
        'DOC_PASSPHRASE',
      ],
      { env },
    );
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain('encrypted with secrets');
    const text = await readFile(file, 'utf8');
    expect(text).toContain('acceleration-console/config-document-encrypted');
    expect(text).not.toContain('example-shop');
    const right = await runAccel(['config', 'diff', file, `@Acme#${shopId}`, '--passphrase-env', 'DOC_PASSPHRASE'], {
      env,
    });
    expect(right.code).toBe(0);
    const wrong = await runAccel(['config', 'diff', file, `@Acme#${shopId}`, '--passphrase-env', 'WRONG_PASSPHRASE'], {
      env,
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Config\.WrongPassphrase: The passphrase is not the one/);
    const tampered = join(ctx.dataDir, 'tampered.json');
    const envelope = JSON.parse(text) as { ciphertext: string };
    envelope.ciphertext =
      `A${envelope.ciphertext.slice(1)}` === envelope.ciphertext
        ? `B${envelope.ciphertext.slice(1)}`
        : `A${envelope.ciphertext.slice(1)}`;
    await writeFile(tampered, JSON.stringify(envelope));
    const changed = await runAccel(
      ['config', 'diff', tampered, `@Acme#${shopId}`, '--passphrase-env', 'DOC_PASSPHRASE'],
      { env },
    );
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(/Config\.Tampered: The encrypted document was changed after it was exported/);
  }, 120_000);

  it('clones a service onto a new domain in another account: --yes for production, a bad domain named, then every item applied', async () => {
    const base = ['config', 'clone', `@Acme#${shopId}`, '--account', 'Globex'];
    const unconfirmed = await runAccel([...base, '--domain', 'shop.globex.example'], { env: ctx.env() });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/"Globex" is a production account: add --yes/);
    const before = globexGateway.store.servicesOf(GLOBEX.customerId).length;
    const bad = await runAccel([...base, '--domain', 'shop globex', '--yes'], { env: ctx.env() });
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/Config\.InvalidClone: Domain name must be a domain name/);
    expect(globexGateway.store.servicesOf(GLOBEX.customerId)).toHaveLength(before);

    const cloned = await runAccel(
      [
        ...base,
        '--domain',
        'shop.globex.example',
        '--only',
        'cache-control,access-control',
        '--yes',
        '--format',
        'json',
      ],
      { env: ctx.env() },
    );
    expect(cloned.stderr).toMatch(/^Created service \d+ shop\.globex\.example \(CNAME shop-globex-example\./m);
    const result = JSON.parse(cloned.stdout) as {
      service: { id: number };
      allApplied: boolean;
      results: Array<{ id: string; outcome: string }>;
    };
    // Cache control policies the new service does not have by name cannot be created.
    expect(cloned.code).toBe(EXIT_NOT_EVERY_ITEM);
    expect(result.results.find((r) => r.id === 'cache-control/Static assets')?.outcome).toBe('applied');
    expect(result.results.find((r) => r.id === 'cache-control/Product images')?.outcome).toBe('cannot');
    expect(result.results.find((r) => r.id === 'access-control/Signed downloads')?.outcome).toBe('applied');
    const record = globexGateway.store.servicesOf(GLOBEX.customerId).find((s) => s.service.id === result.service.id);
    expect(record?.service.domainName).toBe('shop.globex.example');
    expect(record?.cacheControl.find((p) => p.policyName === 'Static assets')?.ttl).toBe(2_592_000);
    expect(record?.accessControl.map((p) => p.policyName).sort()).toEqual([
      'Block admin from outside',
      'EU checkout only',
      'Office network (V2 only)',
      'Signed downloads',
    ]);
  }, 120_000);
});
