// `accel accounts set-secret` through the real OS keychain and a real sandbox gateway: an imported
// profile (no secret) gets its secret from a terminal user, and then works with `accel call`.
import { describe, expect, it } from 'vitest';
import { runAccel } from './test-support/cli.ts';
import { useKeychainCli } from './test-support/keychain.ts';
import { keychainEntries, keychainTestsEnabled } from '#core/test-support/keychain.ts';

describe.runIf(keychainTestsEnabled())('accel accounts set-secret with the OS keychain', () => {
  const ctx = useKeychainCli('accel-cli-set-secret-');
  const { env, service } = ctx;

  const profile = () => ({
    format: 'acceleration-console/accounts',
    schemaVersion: 1,
    accounts: [
      {
        name: 'Imported',
        baseUrl: ctx.sandbox.url,
        accessKeyId: ctx.sandbox.credentials.accessKeyId,
        customerId: ctx.sandbox.credentials.customerId,
      },
    ],
  });
  const getCustomer = () => [
    'call',
    'getCustomer',
    '--account',
    'Imported',
    '--params',
    JSON.stringify({ customerId: ctx.sandbox.credentials.customerId }),
  ];

  it('stores a verified secret for an imported account, which then answers accel call', async () => {
    const imported = await runAccel(['accounts', 'import', '-', '--json'], {
      env: env(),
      stdin: JSON.stringify(profile()),
    });
    expect(imported.code).toBe(0);
    expect(imported.stderr).toContain('accel accounts set-secret');
    const account = JSON.parse(imported.stdout).imported[0];
    expect(account).toMatchObject({ needsSecret: true });

    // Before: the error names the command a terminal user can run.
    const before = await runAccel(getCustomer(), { env: env() });
    expect(before.code).toBe(1);
    const missing = JSON.parse(before.stdout);
    expect(missing).toMatchObject({ code: 'Accounts.SecretMissing' });
    expect(missing.message).toContain('`accel accounts set-secret "Imported"`');

    // A wrong secret is refused by getCustomer (with the real status) and nothing is stored.
    const wrong = await runAccel(['accounts', 'set-secret', 'Imported', '--secret-env', 'WRONG'], {
      env: { ...env(), WRONG: 'wrong-secret-value' },
    });
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ status: 401, code: 'Signature.NotMatch' });
    expect(wrong.stdout + wrong.stderr).not.toContain('wrong-secret-value');
    expect(await keychainEntries(service)).toEqual([]);

    // The right one from stdin (piped, so not a TTY prompt).
    const set = await runAccel(['accounts', 'set-secret', 'imported'], {
      env: env(),
      stdin: `${ctx.sandbox.credentials.accessKeySecret}\n`,
    });
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('verified');
    expect(set.stdout).not.toContain(ctx.sandbox.credentials.accessKeySecret);
    expect(JSON.parse(set.stdout)).toMatchObject({
      id: account.id,
      needsSecret: false,
      customer: { id: ctx.sandbox.credentials.customerId },
    });
    expect(await keychainEntries(service)).toEqual([
      { account: account.id, password: ctx.sandbox.credentials.accessKeySecret },
    ]);

    const after = await runAccel(getCustomer(), { env: env() });
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
    expect(JSON.parse(after.stdout)).toMatchObject({ id: ctx.sandbox.credentials.customerId });

    // --no-verify stores without asking the gateway (here: a wrong one, which the next call reveals).
    const unverified = await runAccel(['accounts', 'set-secret', account.id, '--secret-env', 'WRONG', '--no-verify'], {
      env: { ...env(), WRONG: 'wrong-secret-value' },
    });
    expect(unverified.code).toBe(0);
    expect(unverified.stderr).toContain('without verifying');
    expect(await keychainEntries(service)).toEqual([{ account: account.id, password: 'wrong-secret-value' }]);
    const refused = await runAccel(getCustomer(), { env: env() });
    expect(JSON.parse(refused.stdout)).toMatchObject({ status: 401, code: 'Signature.NotMatch' });
  });

  it('rejects bad usage: no account, an unknown one, empty stdin', async () => {
    expect((await runAccel(['accounts', 'set-secret'], { env: env() })).code).toBe(2);
    const unknown = await runAccel(['accounts', 'set-secret', 'Nobody'], { env: env(), stdin: 'x\n' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No account named "Nobody"');
    const empty = await runAccel(['accounts', 'set-secret', 'Imported'], { env: env(), stdin: '' });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('No access key secret given');
  });
});
