// `accel accounts` round trip through the real OS keychain and a real sandbox gateway.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from './test-support/cli.ts';
import { useKeychainCli } from './test-support/keychain.ts';
import { keychainEntries, keychainTestsEnabled } from '#core/test-support/keychain.ts';

describe.runIf(keychainTestsEnabled())('accel accounts with the OS keychain', () => {
  const ctx = useKeychainCli('accel-cli-accounts-');
  const { env, service } = ctx;

  it('adds (secret from stdin), lists, calls, exports, removes and re-imports an account', async () => {
    const addArgs = [
      'accounts',
      'add',
      '--name',
      'Acme CLI',
      '--base-url',
      ctx.sandbox.url,
      '--key-id',
      ctx.sandbox.credentials.accessKeyId,
    ];
    addArgs.push('--customer-id', String(ctx.sandbox.credentials.customerId), '--color', 'red', '--production');
    const added = await runAccel(addArgs, { env: env(), stdin: `${ctx.sandbox.credentials.accessKeySecret}\n` });
    expect(added.stderr).toContain('verified');
    expect(added.code).toBe(0);
    const account = JSON.parse(added.stdout);
    expect(account).toMatchObject({
      name: 'Acme CLI',
      production: true,
      color: 'red',
      customer: { id: ctx.sandbox.credentials.customerId },
    });
    expect(await keychainEntries(service)).toEqual([
      { account: account.id, password: ctx.sandbox.credentials.accessKeySecret },
    ]);

    // Another profile (customer 4242) with a wrong secret: the gateway rejects the signature first.
    const wrongArgs = [
      'accounts',
      'add',
      '--name',
      'Wrong',
      '--base-url',
      ctx.sandbox.url,
      '--key-id',
      ctx.sandbox.credentials.accessKeyId,
    ];
    const wrong = await runAccel([...wrongArgs, '--customer-id', '4242', '--secret-env', 'BAD_SECRET'], {
      env: { ...env(), BAD_SECRET: 'bad-secret-value' },
    });
    expect(wrong.code).toBe(1);
    // The gateway's real answer (401), not null, next to the plain-words explanation.
    expect(JSON.parse(wrong.stdout)).toMatchObject({
      status: 401,
      code: 'Signature.NotMatch',
      traceId: expect.any(String),
      fields: { secret: expect.any(String) },
    });
    expect(wrong.stderr).toMatch(/^accel accounts add: 401 Signature\.NotMatch: /);

    const listed = await runAccel(['accounts', 'list', '--json'], { env: env() });
    expect(JSON.parse(listed.stdout)).toMatchObject({ currentAccountId: account.id, accounts: [{ id: account.id }] });
    const text = await runAccel(['accounts', 'list'], { env: env() });
    expect(text.stdout).toMatch(/^\* Acme CLI .*PRODUCTION/m);

    const called = await runAccel(
      [
        'call',
        'getCustomer',
        '--account',
        'acme cli',
        '--params',
        JSON.stringify({ customer_id: ctx.sandbox.credentials.customerId }),
      ],
      { env: env() },
    );
    expect(called.code).toBe(0);
    expect(JSON.parse(called.stdout)).toMatchObject({ id: ctx.sandbox.credentials.customerId });

    const rateLimit = ['call', 'deleteRateLimit', '--account', 'Acme CLI', '--params', '{"serviceId": 1}'];
    const unconfirmed = await runAccel(rateLimit, { env: env() });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('production account');
    // Confirmed, the change takes the app's guarded path and lands in the account's journal.
    const confirmed = await runAccel(
      [
        'call',
        'deleteRateLimit',
        '--account',
        'Acme CLI',
        '--yes',
        '--params',
        JSON.stringify({ serviceId: ctx.sandbox.services[0].id }),
      ],
      {
        env: env(),
      },
    );
    expect(confirmed.code).toBe(0);
    expect(confirmed.stderr).toContain('Recorded in the change journal of "Acme CLI"');
    const journal = JSON.parse(await readFile(join(ctx.dataDir, 'journal.json'), 'utf8'));
    expect(JSON.stringify(journal)).toContain('"operationId":"deleteRateLimit"');
    expect(ctx.sandbox.store.rateLimitOf(ctx.sandbox.services[0].id) ?? null).toBeNull();

    const exportFile = join(ctx.dataDir, 'export.json');
    const exported = await runAccel(['accounts', 'export', '--out', exportFile], { env: env() });
    expect(exported.code).toBe(0);
    const document = await readFile(exportFile, 'utf8');
    expect(document).not.toContain(ctx.sandbox.credentials.accessKeySecret);

    // The readable report is the output (the result as JSON with --json).
    const duplicate = await runAccel(['accounts', 'import', exportFile], { env: env() });
    expect(duplicate.stdout).toContain(
      'duplicate  Acme CLI: already here as "Acme CLI", left as it is (its service list and tags are not merged)',
    );
    expect(duplicate.stdout).toMatch(/^Added 0 account\(s\), skipped 0, 1 duplicate\(s\)\.$/m);
    expect(duplicate.stdout).not.toContain('{');
    const duplicateJson = await runAccel(['accounts', 'import', exportFile, '--json'], { env: env() });
    expect(JSON.parse(duplicateJson.stdout)).toMatchObject({
      imported: [],
      skipped: [],
      duplicates: [{ name: 'Acme CLI', existingName: 'Acme CLI' }],
    });
    expect(duplicateJson.stderr).toContain('duplicate  Acme CLI');

    const encryptedFile = join(ctx.dataDir, 'export.encrypted.json');
    const passphraseEnv = { ...env(), ACCEL_TEST_PASSPHRASE: 'moving day passphrase' };
    const encrypted = await runAccel(
      ['accounts', 'export', '--with-secrets', '--passphrase-env', 'ACCEL_TEST_PASSPHRASE', '--out', encryptedFile],
      { env: passphraseEnv },
    );
    expect(encrypted.code, encrypted.stderr).toBe(0);
    expect(encrypted.stderr).toContain('with secrets, encrypted');
    expect(await readFile(encryptedFile, 'utf8')).not.toContain(ctx.sandbox.credentials.accessKeySecret);

    const removed = await runAccel(['accounts', 'remove', 'Acme CLI'], { env: env() });
    expect(removed.code).toBe(0);
    expect(await keychainEntries(service)).toEqual([]);

    const imported = await runAccel(['accounts', 'import', '-', '--json'], { env: env(), stdin: document });
    expect(JSON.parse(imported.stdout)).toMatchObject({
      imported: [{ name: 'Acme CLI', needsSecret: true, production: true }],
      skipped: [],
    });
    const needsSecret = await runAccel(
      ['call', 'getCustomer', '--account', 'Acme CLI', '--params', '{"customer_id": 1}'],
      { env: env() },
    );
    expect(needsSecret.code).toBe(1);
    expect(JSON.parse(needsSecret.stdout)).toMatchObject({ code: 'Accounts.SecretMissing' });

    // The encrypted export brings the secret back into the keychain.
    expect((await runAccel(['accounts', 'remove', 'Acme CLI'], { env: env() })).code).toBe(0);
    const wrongPassphrase = await runAccel(
      ['accounts', 'import', encryptedFile, '--passphrase-env', 'ACCEL_TEST_PASSPHRASE'],
      { env: { ...env(), ACCEL_TEST_PASSPHRASE: 'not the passphrase' } },
    );
    expect(wrongPassphrase.code).toBe(1);
    expect(wrongPassphrase.stderr).toContain('Config.WrongPassphrase');
    const restored = await runAccel(
      ['accounts', 'import', encryptedFile, '--passphrase-env', 'ACCEL_TEST_PASSPHRASE'],
      { env: passphraseEnv },
    );
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('added      Acme CLI: 0 service(s), secret stored in the keychain');
    const works = await runAccel(
      [
        'call',
        'getCustomer',
        '--account',
        'Acme CLI',
        '--params',
        `{"customer_id": ${ctx.sandbox.credentials.customerId}}`,
      ],
      { env: env() },
    );
    expect(works.code, works.stderr).toBe(0);
    // A dozen CLI processes in a row: allow for a busy machine.
  }, 60_000);
});
