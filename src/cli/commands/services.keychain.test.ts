// `accel services`, `accel tags`, `accel accounts update|add --tag` and a service created with
// `accel call createService`, through the real CLI, the OS keychain and a sandbox gateway: the
// CLI's list is the app's (a created service is in it, so a configuration export holds it).
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import { EXIT_NOT_EVERY_ITEM } from '../cli-types.ts';

type Listed = Array<{ serviceId: number; domainName: string; source: string; cName?: string }>;

describe.runIf(keychainTestsEnabled())('accel services, tags and accounts update', () => {
  const ctx = useKeychainCli('accel-cli-services-');
  const run = (args: string[]) => runAccel(args, { env: ctx.env() });

  it('a service created from the CLI is in the account’s list, its export and its tags; IDs and ranges are added and removed', async () => {
    const add = [
      'accounts',
      'add',
      '--name',
      'Acme',
      '--base-url',
      ctx.sandbox.url,
      '--key-id',
      ctx.sandbox.credentials.accessKeyId,
    ];
    add.push(
      '--customer-id',
      String(ctx.sandbox.credentials.customerId),
      '--tag',
      'retail,EU',
      '--tag',
      'shops',
      '--secret-env',
      'ACCEL_TEST_SECRET',
    );
    const added = await run(add);
    expect(added.code, added.stderr).toBe(0);

    const body = {
      domainName: 'cli-created.example.com',
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
    };
    const created = await run(['call', 'createService', '--account', 'Acme', '--body', JSON.stringify(body)]);
    expect(created.code, created.stderr).toBe(0);
    const serviceId = (JSON.parse(created.stdout) as { id: number }).id;
    const listed = JSON.parse(
      (await run(['services', 'list', '--account', 'Acme', '--format', 'json'])).stdout,
    ) as Listed;
    expect(listed).toEqual([
      expect.objectContaining({ serviceId, domainName: body.domainName, source: 'created', cName: expect.any(String) }),
    ]);
    const exported = await run(['config', 'export', '--account', 'Acme']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('Exported 1 service(s)');
    expect(JSON.parse(exported.stdout)).toMatchObject({ services: [{ service: { domainName: body.domainName } }] });

    // Add by ID and range, as the app's "Add by ID": the unknown ID is reported, the others added.
    const [first, second] = ctx.sandbox.services;
    const byId = await run([
      'services',
      'add',
      '--account',
      'Acme',
      String(first!.id),
      `${second!.id}-${second!.id}`,
      '999999',
    ]);
    expect(byId.code).toBe(EXIT_NOT_EVERY_ITEM);
    expect(byId.stdout).toMatch(
      new RegExp(`^added\\s+${first!.id}\\s+${first!.domainName.replaceAll('.', '\\.')}`, 'm'),
    );
    expect(byId.stdout).toMatch(/^not found\s+999999/m);
    expect(byId.stderr).toContain('Added 2, refreshed 0, not found 1, failed 0.');
    const table = await run(['services', 'list', '--account', 'Acme']);
    expect(table.stdout.trim().split('\n')).toHaveLength(3);
    expect((await run(['services', 'add', '--account', 'Acme', '12-x'])).code).toBe(2);

    const removed = await run(['services', 'remove', '--account', 'Acme', first!.domainName, String(second!.id)]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stderr).toContain('Removed 2 service(s)');
    expect(
      (JSON.parse((await run(['services', 'list', '--account', 'Acme', '--format', 'json'])).stdout) as Listed).map(
        (s) => s.serviceId,
      ),
    ).toEqual([serviceId]);

    // Tags: the account's from accounts add (lower-cased), a service's own.
    expect(
      (await run(['tags', 'add', 'staging', 'Canary', '--account', 'Acme', '--service', body.domainName])).stdout,
    ).toBe(`service ${serviceId} of "Acme": staging, canary\n`);
    const tagList = JSON.parse(
      (await run(['tags', 'list', '--account', 'Acme', '--format', 'json'])).stdout,
    ) as unknown;
    expect(tagList).toEqual([
      {
        accountId: expect.any(String),
        accountName: 'Acme',
        tags: ['retail', 'eu', 'shops'],
        services: [{ serviceId, tags: ['staging', 'canary'] }],
      },
    ]);
    expect((await run(['tags', 'remove', 'eu', '--account', 'Acme'])).stdout).toBe('"Acme": retail, shops\n');
    const bad = await run(['tags', 'add', 'no/slash', '--account', 'Acme']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('may only contain letters, digits');
    const text = await run(['tags', 'list']);
    expect(text.stdout).toBe(
      `Acme: retail, shops\n  ${String(serviceId).padStart(8)}  ${body.domainName}  staging, canary\n`,
    );
  });

  it('accounts update renames and flags production; the production flag then guards every change from the CLI', async () => {
    const updated = await run([
      'accounts',
      'update',
      'Acme',
      '--name',
      'Acme Prod',
      '--production',
      '--color',
      'red',
      '--notes',
      'Live shop',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    expect(JSON.parse(updated.stdout)).toMatchObject({
      name: 'Acme Prod',
      production: true,
      color: 'red',
      notes: 'Live shop',
    });
    expect(updated.stderr).toContain('flagged production');

    const body = {
      domainName: 'prod-created.example.com',
      origins: [{ originUrl: 'https://origin.example.com' }],
      defaultHostHeader: 'originHost',
    };
    const unconfirmed = await run(['call', 'createService', '--account', 'Acme Prod', '--body', JSON.stringify(body)]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('"Acme Prod" is a production account');
    expect(
      ctx.sandbox.store
        .servicesOf(ctx.sandbox.credentials.customerId)
        .some((s) => s.service.domainName === body.domainName),
    ).toBe(false);

    const back = await run(['accounts', 'update', 'Acme Prod', '--no-production']);
    expect(JSON.parse(back.stdout)).toMatchObject({ name: 'Acme Prod', production: false, color: 'red' });
    expect((await run(['accounts', 'update', 'Acme Prod'])).code).toBe(2);
    const badColour = await run(['accounts', 'update', 'Acme Prod', '--color', 'mauve']);
    expect(badColour.code).toBe(2);
    expect(badColour.stderr).toMatch(/color/);
  });
});
