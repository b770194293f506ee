// Exactly once across crashes, with real processes: an access-control create batch over 14
// services on two sandbox gateways, run by `accel` processes that are killed with SIGKILL at
// random points (at least 10 times), then resumed until it finishes. Every target then has
// exactly one policy (read at the gateways), the gateways' request logs show no second create for
// any service, and every create that reached a gateway is in the journal.
// The random points come from a seeded generator: the seed is printed; CRASH_SEED=<n> replays it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { ACCEL, runAccel } from '../test-support/cli.ts';
import { useKeychainCli } from '../test-support/keychain.ts';
import { keychainTestsEnabled } from '#core/test-support/keychain.ts';
import type { JournalEntry } from '#shared/ipc/channels/journal.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX-CRASH', accessKeySecret: 'globex-crash-secret-1', customerId: 5501 };
const SERVICES_PER_GATEWAY = 7;
const MIN_KILLS = 10;
const POLICY = {
  policyName: 'Crash test block',
  type: 'deny',
  matchUrlPath: { operator: 'prefix', patterns: ['/crash-admin'] },
};

/** mulberry32: small, seeded, good enough to pick kill points. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Gateway = { name: string; handle: SandboxHandle; customerId: number; serviceIds: number[]; log: string[] };

describe.runIf(keychainTestsEnabled())('a bulk create batch killed at random points and resumed', () => {
  const ctx = useKeychainCli('accel-cli-crash-');
  const gateways: Gateway[] = [];
  const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
  let changeFile: string;

  beforeAll(async () => {
    const acmeLog: string[] = [];
    const globexLog: string[] = [];
    // Creates answer after a short delay, so that a kill often finds some of them on their way.
    const faults = { perOperation: { createAccessControlPolicy: { latencyMs: 150 } } };
    const acme = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      rateLimit: false,
      faults,
      log: (line) => acmeLog.push(line),
    });
    const globex = await startSandbox({
      port: 0,
      host: '127.0.0.1',
      rateLimit: false,
      faults,
      keys: [GLOBEX],
      log: (line) => globexLog.push(line),
    });
    const origins = [{ originUrl: 'https://origin.crash.example' }];
    for (const [name, handle, customerId, log] of [
      ['Acme', acme, acme.credentials.customerId, acmeLog],
      ['Globex', globex, GLOBEX.customerId, globexLog],
    ] as const) {
      const serviceIds: number[] = [];
      for (let i = 0; i < SERVICES_PER_GATEWAY; i++) {
        const record = handle.store.createService(
          customerId,
          { domainName: `s${i}.${name.toLowerCase()}-crash.example`, origins, defaultHostHeader: 'originHost' },
          Date.now(),
        );
        serviceIds.push(record.service.id);
      }
      gateways.push({ name, handle, customerId, serviceIds, log });
    }
    const add = (
      name: string,
      g: SandboxHandle,
      key: { accessKeyId: string; accessKeySecret: string; customerId: number },
    ) =>
      runAccel(
        [
          'accounts',
          'add',
          '--name',
          name,
          '--base-url',
          g.url,
          '--key-id',
          key.accessKeyId,
          '--customer-id',
          String(key.customerId),
          '--secret-env',
          'CRASH_SECRET',
        ],
        {
          env: { ...ctx.env(), CRASH_SECRET: key.accessKeySecret },
        },
      );
    expect((await add('Acme', acme, acme.credentials)).code).toBe(0);
    expect((await add('Globex', globex, GLOBEX)).code).toBe(0);
    changeFile = join(ctx.dataDir, 'block.json');
    await writeFile(changeFile, JSON.stringify({ kind: 'access-control', policy: POLICY }));
  }, 90_000);
  afterAll(async () => {
    for (const g of gateways) await g.handle.stop();
  });

  const creates = () =>
    gateways.flatMap((g) =>
      g.log
        .filter((line) => line.includes('op=createAccessControlPolicy'))
        .map((line) => ({
          gateway: g.name,
          serviceId: Number(/\/services\/(\d+)\/accessControl/.exec(line)?.[1]),
          status: line.split(' ')[3],
        })),
    );

  /** Starts `accel` with `args`; resolves with its exit code, or null when it was killed. */
  function startAccel(args: string[]): { child: ChildProcess; exit: Promise<number | null>; output: () => string } {
    const child = spawn(process.execPath, [ACCEL, ...args], {
      env: { ...process.env, ...ctx.env() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    return { child, exit, output: () => output };
  }

  async function readJson<T>(name: string, empty: T): Promise<T> {
    try {
      return JSON.parse(await readFile(join(ctx.dataDir, name), 'utf8')) as T;
    } catch {
      return empty;
    }
  }

  type StoredBatch = {
    id: string;
    status: string;
    change: { policy?: { policyName?: string } } | null;
    counts: Record<string, number>;
  };
  const batchOf = async (policyName: string) =>
    (await readJson<{ batches: StoredBatch[] }>('bulk-batches.json', { batches: [] })).batches.find(
      (b) => b.change?.policy?.policyName === policyName,
    );

  /** Progress the test can see: answers logged at the gateways, entries written to the journal (before each write and after). */
  async function events(): Promise<number> {
    const journal = await readJson<{ entries: JournalEntry[] }>('journal.json', { entries: [] });
    return (
      gateways.reduce((n, g) => n + g.log.length, 0) +
      journal.entries.length +
      journal.entries.filter((e) => e.result.ok !== null).length
    );
  }

  it('ends with exactly one policy per service, no duplicate create, and every create in the journal', async () => {
    console.log(`bulk crash test seed: ${seed} (replay: CRASH_SEED=${seed})`);
    const random = prng(seed);
    const targets = gateways.flatMap((g) => g.serviceIds.map((id) => ['--service', `${g.name}#${id}`]).flat());
    const total = gateways.reduce((n, g) => n + g.serviceIds.length, 0);
    // Batches of the same change under new names until the kills are made: each is killed while it
    // runs, then resumed until it finishes.
    const names: string[] = [];
    let kills = 0;
    const rounds: string[] = [];
    for (let round = 0; round < 60; round++) {
      let name = names.at(-1);
      let batch = name === undefined ? undefined : await batchOf(name);
      if (name === undefined || (batch?.status === 'finished' && batch.counts.applied === total)) {
        if (kills >= MIN_KILLS) break;
        name = `${POLICY.policyName} ${names.length + 1}`;
        names.push(name);
        await writeFile(
          changeFile,
          JSON.stringify({ kind: 'access-control', policy: { ...POLICY, policyName: name } }),
        );
        batch = undefined;
      }
      const args =
        batch === undefined
          ? ['bulk', 'apply', '--change', `@${changeFile}`, ...targets]
          : ['bulk', 'resume', batch.id];
      const before = await events();
      const run = startAccel(args);
      if (kills < MIN_KILLS) {
        // A random point of the run: after 1–12 more events (reads and writes answered, journal
        // entries before and after writes), then 0–200 ms: before, between and during writes.
        const after = 1 + Math.floor(random() * 12);
        const delayMs = Math.floor(random() * 200);
        let exited = false;
        void run.exit.then(() => (exited = true));
        while (!exited && (await events()) < before + after) await new Promise((resolve) => setTimeout(resolve, 5));
        if (!exited) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (!exited && run.child.exitCode === null) {
          run.child.kill('SIGKILL');
          kills++;
          rounds.push(`${name}: killed after ${after} events + ${delayMs} ms`);
        }
      }
      const code = await run.exit;
      if (code !== null) rounds.push(`${name}: ${batch === undefined ? 'apply' : 'resume'} exit ${code}`);
      // Nothing in this test leaves an item a read cannot settle: every run that ends ends well.
      expect(code === null || code === 0, `${rounds.join('\n')}\n${run.output()}`).toBe(true);
    }
    console.log(rounds.join('\n'));
    expect(kills, rounds.join('\n')).toBeGreaterThanOrEqual(MIN_KILLS);

    const { accounts } = JSON.parse((await runAccel(['accounts', 'list', '--json'], { env: ctx.env() })).stdout) as {
      accounts: Array<{ id: string; name: string }>;
    };
    const accountOf = (name: string) => accounts.find((a) => a.name === name)!.id;
    const journal = await readJson<{ entries: JournalEntry[] }>('journal.json', { entries: [] });
    for (const name of names) {
      expect(await batchOf(name), name).toMatchObject({
        status: 'finished',
        counts: { applied: total, unknown: 0, failed: 0 },
      });
      for (const g of gateways) {
        for (const serviceId of g.serviceIds) {
          const where = `${name} on ${g.name}#${serviceId}\n${rounds.join('\n')}`;
          // At the gateway: exactly one policy of that name.
          const policies = g.handle.store
            .service(g.customerId, serviceId)!
            .accessControl.filter((p) => p.policyName === name);
          expect(policies, where).toHaveLength(1);
          // The journal: one applied create; none left unknown.
          const entries = journal.entries.filter(
            (e) =>
              e.operationId === 'createAccessControlPolicy' &&
              e.accountId === accountOf(g.name) &&
              e.serviceId === serviceId &&
              e.after !== null &&
              (e.after as { policyName?: string }).policyName === name,
          );
          expect(
            entries.filter((e) => e.result.ok === true),
            where,
          ).toHaveLength(1);
          expect(
            entries.filter((e) => e.result.ok === null),
            where,
          ).toHaveLength(0);
        }
      }
    }
    // The request logs: one create per service and policy, never a second (a create is known by
    // its service; each batch creates one policy there).
    const logged = creates();
    for (const g of gateways) {
      for (const serviceId of g.serviceIds) {
        const here = logged.filter((c) => c.gateway === g.name && c.serviceId === serviceId);
        expect(
          here.filter((c) => c.status === '200'),
          `${g.name}#${serviceId}\n${rounds.join('\n')}`,
        ).toHaveLength(names.length);
        expect(here, `${g.name}#${serviceId}`).toHaveLength(names.length);
      }
    }
    // Some kills found writes on their way: settled by reading the service after the restart.
    const checked = journal.entries.filter(
      (e) =>
        (e.result.ok === true && e.result.confirmed === 'read-back') ||
        (e.result.ok === false && e.result.code === 'Change.NotApplied'),
    );
    console.log(`${checked.length} writes found on their way after a kill were settled by reading their service`);
    expect(checked.length, rounds.join('\n')).toBeGreaterThan(0);
    // Every create that reached a gateway is in the journal (it was journaled before it left).
    const createEntries = journal.entries.filter((e) => e.operationId === 'createAccessControlPolicy');
    for (const g of gateways) {
      for (const serviceId of g.serviceIds) {
        const reached = logged.filter((c) => c.gateway === g.name && c.serviceId === serviceId).length;
        const journaled = createEntries.filter(
          (e) => e.accountId === accountOf(g.name) && e.serviceId === serviceId,
        ).length;
        expect(journaled, `${g.name}#${serviceId}`).toBeGreaterThanOrEqual(reached);
      }
    }
  }, 170_000);

  it('an item a read cannot settle is not sent again: resume lists it and exits 1; mark-applied records it', async () => {
    const g = gateways[0]!;
    const serviceId = g.serviceIds[0]!;
    const name = 'Crash test lone';
    await writeFile(changeFile, JSON.stringify({ kind: 'access-control', policy: { ...POLICY, policyName: name } }));
    // The gateway makes the policy at once and takes 5 s to answer: killed once it is made.
    g.handle.setFaults({ perOperation: { createAccessControlPolicy: { slowBodyMs: 5_000 } } });
    const mine = () =>
      g.handle.store.service(g.customerId, serviceId)!.accessControl.filter((p) => p.policyName === name);
    const run = startAccel(['bulk', 'apply', '--change', `@${changeFile}`, '--service', `${g.name}#${serviceId}`]);
    while (mine().length === 0 && run.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 5));
    run.child.kill('SIGKILL');
    await run.exit;
    g.handle.setFaults(undefined);
    expect(mine()).toHaveLength(1);
    // Someone changes it before the resume: the read cannot tell whether it is this batch's.
    mine()[0]!.type = 'allow';

    const batch = (await batchOf(name))!;
    const resumed = await runAccel(['bulk', 'resume', batch.id], { env: ctx.env() });
    expect(resumed.code, resumed.stderr).toBe(1);
    expect(resumed.stdout).toMatch(
      /^unknown\s+Acme\s+.*outcome unknown: The service has an access control policy named “Crash test lone”, but not with the fields that were sent \(type differs\)/m,
    );
    expect(resumed.stdout).toMatch(/1 outcome unknown$/m);
    expect(resumed.stderr).toContain(`accel bulk resume ${batch.id} --resend-unknown`);
    expect(resumed.stderr).toContain(`accel bulk mark-applied ${batch.id} Acme#${serviceId}`);
    expect(mine()).toHaveLength(1);

    const marked = await runAccel(['bulk', 'mark-applied', batch.id, `Acme#${serviceId}`], { env: ctx.env() });
    expect(marked.code, marked.stderr).toBe(0);
    expect(marked.stdout).toMatch(/^applied\s+Acme/m);
    const journal = await readJson<{ entries: JournalEntry[] }>('journal.json', { entries: [] });
    const entries = journal.entries.filter((e) => e.batchId === batch.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.result).toMatchObject({ ok: true, confirmed: 'user' });
    expect(mine()).toHaveLength(1);
  }, 90_000);
});
