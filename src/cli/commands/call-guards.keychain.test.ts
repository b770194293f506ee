// `accel call` writes through the core's guarded path with the app's rule test check: --dry-run
// shows the current state, the diff and the expectations a change would make fail; without --yes
// such a change is refused; with --yes it is applied and journaled with their names; `accel
// journal reapply` undoes it by its short ID. Expectations are saved and deleted with `accel test`.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAccel } from '../test-support/cli.ts';
import { useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';

const admin = 'Admin blocked from outside';

describe.runIf(keychainTestsEnabled())('accel call and the rule tests', () => {
  const ctx = useKeychainCli('accel-cli-guards-');
  const run = (args: string[]) => runAccel(args, { env: ctx.env() });
  // The gateway's "Block admin from outside" policy of the shop service, as stored now.
  const shop = () => ctx.sandbox.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
  const record = () =>
    ctx.sandbox.store.servicesOf(ctx.sandbox.credentials.customerId).find((s) => s.service.id === shop())!;
  const stored = () => structuredClone(record().accessControl.find((p) => p.policyName === 'Block admin from outside'));
  const target = () => ['--account', 'Acme', '--service', String(shop())];
  let original: ReturnType<typeof stored>;

  it('dry run, refusal without --yes, apply with --yes (journaled with the names), undo by short ID', async () => {
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
    expect(
      (
        await run([
          ...add,
          '--customer-id',
          String(ctx.sandbox.credentials.customerId),
          '--secret-env',
          'ACCEL_TEST_SECRET',
        ])
      ).code,
    ).toBe(0);
    original = stored();
    const block = original!;
    const saved = await run([
      'test',
      'save',
      ...target(),
      '--name',
      admin,
      '--url',
      '/admin/login',
      '--client-ip',
      '10.0.0.1',
      '--expect',
      'denied',
      '--rule',
      'Block admin from outside',
    ]);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stderr).toContain(`Saved in the suite of service ${shop()} of "Acme" (1 expectation(s)).`);
    const wrong = await run(['test', 'save', ...target(), '--name', 'x', '--url', '/', '--expect', 'maybe']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('expect');
    expect((await run(['test', 'show', ...target()])).stdout).toBe(
      `${admin}\n    /admin/login clientIp=10.0.0.1  →  denied rule=Block admin from outside\n`,
    );

    const change = [
      'call',
      'updateAccessControlPolicy',
      '--account',
      'Acme',
      '--params',
      JSON.stringify({ serviceId: shop(), policyId: block.policyId }),
      '--body',
      JSON.stringify({
        policyName: 'Block admin from outside',
        type: 'deny',
        priority: 40,
        matchUrlPath: { operator: 'prefix', patterns: ['/administration'] },
        ipRestriction: '203.0.113.0/24',
      }),
    ];
    const dry = await run([...change, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as {
      current: { source: string };
      changes: Array<{ path: string; before: string; after: string }>;
      ruleTests: { total: number; flipped: Array<{ name: string }> };
    };
    expect(plan.current.source).toBe('server');
    expect(plan.changes).toContainEqual(
      expect.objectContaining({ path: 'matchUrlPath.patterns', after: '/administration' }),
    );
    expect(plan.ruleTests).toMatchObject({ total: 1, flipped: [{ name: admin }] });
    expect(dry.stderr).toContain('nothing was sent');
    expect(dry.stderr).toContain(`“${admin}”: expected 403 by “Block admin from outside”`);
    expect(stored()).toEqual(original);

    const refused = await run(change);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^accel call updateAccessControlPolicy: Change\\.RuleTestsFlipped: This change would make 1 of 1 rule test expectation of service ${shop()} no longer pass: “${admin}”`,
      ),
    );
    expect(refused.stderr).toContain('Add --yes to apply it anyway');
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(stored()).toEqual(original);
    expect((await run(['journal', 'list'])).stdout).toBe('No journal entries match.\n');

    const applied = await run([...change, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`Applied although it makes 1 rule test expectation(s) fail: “${admin}”.`);
    expect(JSON.stringify(stored())).toContain('/administration');
    const [entry] = (
      JSON.parse((await run(['journal', 'list', '--format', 'json'])).stdout) as {
        entries: Array<{ id: string; flippedExpectations?: string[] }>;
      }
    ).entries;
    expect(entry?.flippedExpectations).toEqual([admin]);
    const short = entry!.id.slice(0, 8);
    expect((await run(['journal', 'list'])).stdout).toMatch(
      new RegExp(`^${short}  .*  rule tests failing: “${admin}”$`, 'm'),
    );

    // Undo by the short ID the list shows: the previous version passes the suite again.
    const undone = await run(['journal', 'reapply', short]);
    expect(undone.code, undone.stderr).toBe(0);
    expect(undone.stderr).toContain(`Applied the version from before entry ${short} again`);
    expect(stored()).toEqual(original);
    expect((await run(['journal', 'reapply', 'nosuchid'])).code).toBe(2);
  });

  it('a configuration document’s item is checked the same way; on a production account an undo needs --yes; expectations are deleted', async () => {
    // A configuration document's item is checked the same way: named in the plan, refused without --yes.
    const file = join(ctx.dataDir, 'shop.json');
    expect(
      (await run(['config', 'export', '--account', 'Acme', '--service', String(shop()), '--out', file])).code,
    ).toBe(0);
    const document = JSON.parse(await readFile(file, 'utf8')) as {
      services: Array<{ accessControlPolicies: Array<{ policyName: string; matchUrlPath: { patterns: string[] } }> }>;
    };
    document.services[0]!.accessControlPolicies.find(
      (p) => p.policyName === 'Block admin from outside',
    )!.matchUrlPath.patterns = ['/administration'];
    await writeFile(file, JSON.stringify(document));
    const apply = [
      'config',
      'apply',
      file,
      '--account',
      'Acme',
      '--service',
      String(shop()),
      '--items',
      'access-control/Block admin from outside',
    ];
    const planned = await run([...apply, '--dry-run']);
    expect(planned.stdout).toMatch(
      new RegExp(
        `^update\\s+access-control/Block admin from outside\\s+.*1 of 1 rule test expectations of this service would no longer pass: “${admin}”`,
        'm',
      ),
    );
    const notApplied = await run(apply);
    expect(notApplied.code).toBe(2);
    expect(notApplied.stderr).toContain(
      `Applying would make the target's rule tests fail: access-control/Block admin from outside (“${admin}”)`,
    );
    expect(stored()).toEqual(original);
    const appliedDocument = await run([...apply, '--yes']);
    expect(appliedDocument.code, appliedDocument.stderr).toBe(0);
    expect(JSON.stringify(stored())).toContain('/administration');
    const [documentEntry] = (
      JSON.parse((await run(['journal', 'list', '--format', 'json'])).stdout) as {
        entries: Array<{ id: string; flippedExpectations?: string[] }>;
      }
    ).entries;
    expect(documentEntry?.flippedExpectations).toEqual([admin]);
    expect((await run(['journal', 'reapply', documentEntry!.id.slice(0, 8)])).code).toBe(0);
    expect(stored()).toEqual(original);

    // On a production account an undo needs --yes as every change does.
    expect((await run(['accounts', 'update', 'Acme', '--production'])).code).toBe(0);
    const short = documentEntry!.id.slice(0, 8);
    const unconfirmed = await run(['journal', 'reapply', short]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Change.ConfirmationRequired');
    expect(unconfirmed.stderr).toContain('Add --yes to confirm.');
    expect((await run(['journal', 'reapply', short, '--yes'])).code).toBe(0);

    const deleted = await run(['test', 'delete', ...target(), '--name', admin]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await run(['test', 'delete', ...target(), '--name', admin])).code).toBe(2);
    expect((await run(['test', 'show', ...target()])).stdout).toContain('has no rule test expectations yet');
  });
});
