// Configuration documents across two customers: two sandbox gateways with different keys, the
// second account flagged production. Export → diff → plan → apply through the core's invoke().
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSandbox,
  DEMO_ACCESS_KEY_ID,
  DEMO_ACCESS_KEY_SECRET,
  DEMO_CUSTOMER_ID,
  type SandboxHandle,
} from '#sandbox';
import { createCore, type Core } from '../app-core.ts';
import { createJournal } from '../journal/journal.ts';
import { RECHECK_MS } from '../storage/json-document.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { SECRET_LEFT_OUT, type ConfigDocument } from '#shared/config-document/schema.ts';
import { clonePlanParts } from '#shared/config-document/clone.ts';
import type { IpcResult } from '#shared/ipc/contract.ts';

const GLOBEX = { accessKeyId: 'AK-GLOBEX', accessKeySecret: 'globex-secret-0001', customerId: 4202 };
const TOKEN = 'sandboxdemotoken'.repeat(4);

let acmeGateway: SandboxHandle;
let globexGateway: SandboxHandle;
const acmeLog: string[] = [];
let core: Core;
let dataDir: string;
let acme: string;
let globex: string;
let shopId: number;
let s3ServiceId: number;
let targetId: number;

function failure(result: IpcResult<unknown>) {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

beforeAll(async () => {
  acmeGateway = await startSandbox({ rateLimit: false, log: (line) => acmeLog.push(line) });
  globexGateway = await startSandbox({ rateLimit: false, keys: [GLOBEX] });
  dataDir = await mkdtemp(join(tmpdir(), 'accel-config-docs-'));
  core = createCore({
    dataDir,
    secretStore: createMemorySecretStore(),
    sandboxOptions: { statePath: null },
    // No request budget: this file makes more than the default 100 requests a minute on one key.
    clientOptions: { timeoutMs: 5_000, retry: { maxAttempts: 1 }, budget: false },
  });
  acme = data(
    await core.invoke('accounts.add', {
      name: 'Acme',
      baseUrl: acmeGateway.url,
      accessKeyId: DEMO_ACCESS_KEY_ID,
      customerId: DEMO_CUSTOMER_ID,
      secret: DEMO_ACCESS_KEY_SECRET,
    }),
  ).account.id;
  globex = data(
    await core.invoke('accounts.add', {
      name: 'Globex',
      baseUrl: globexGateway.url,
      accessKeyId: GLOBEX.accessKeyId,
      customerId: GLOBEX.customerId,
      secret: GLOBEX.accessKeySecret,
      production: true,
    }),
  ).account.id;
  shopId = acmeGateway.services.find((s) => s.domainName === 'www.example-shop.com')!.id;
  s3ServiceId = acmeGateway.services.find((s) => s.domainName === 'static.example-media.net')!.id;
  targetId = globexGateway.store.servicesOf(GLOBEX.customerId).find((s) => s.service.domainName.startsWith('www.'))!
    .service.id;
  data(
    await core.invoke('inventory.addByIds', { accountId: acme, ids: acmeGateway.services.map((s) => s.id).join(',') }),
  );
  data(await core.invoke('inventory.addByIds', { accountId: globex, ids: String(targetId) }));
  // CORS headers and a rate limit applied from this app: the document knows them from the journal.
  const params = { serviceId: shopId };
  data(
    await core.invoke('changes.apply', {
      accountId: acme,
      operationId: 'setCorsHeaders',
      input: { params, body: { accessControlAllowOrigin: '*', accessControlMaxAge: 900 } },
    }),
  );
  data(
    await core.invoke('changes.apply', {
      accountId: acme,
      operationId: 'upsertRateLimit',
      input: { params, body: { timeWindow: 60, requestLimit: 300 } },
    }),
  );
});

afterAll(async () => {
  await core?.dispose();
  await acmeGateway?.stop();
  await globexGateway?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('configuration documents across two customers', () => {
  it('exports one service with five reads, secrets left out, CORS and rate limit as last applied', async () => {
    const before = acmeLog.length;
    const exported = data(await core.invoke('config.export', { accountId: acme, serviceIds: [shopId] }));
    const reads = acmeLog.slice(before);
    expect(reads).toHaveLength(5);
    expect(reads.every((line) => / GET .* 200 /.test(line))).toBe(true);
    expect(exported).toMatchObject({
      encrypted: false,
      services: [{ serviceId: shopId, domainName: 'www.example-shop.com' }],
      failed: [],
    });
    expect(exported.text).not.toContain(TOKEN);
    const document = JSON.parse(exported.text) as ConfigDocument;
    expect(document).toMatchObject({
      format: 'acceleration-console/config-document',
      schemaVersion: 1,
      secrets: 'left-out',
    });
    const [shop] = document.services;
    expect(shop?.cacheControlPolicies.map((p) => p.policyName)).toEqual([
      'Checkout never cached',
      'Mobile HTML (V2 only)',
      'Product images',
      'Static assets',
    ]);
    // Both list shapes: V2 matches, and the v1.0 pair where the policy has one.
    expect(shop?.cacheControlPolicies.find((p) => p.policyName === 'Static assets')).toMatchObject({
      matches: [{ field: 'req.path' }],
      matchUrlPath: { operator: 'regex' },
    });
    expect(shop?.accessControlPolicies.find((p) => p.type === 'token')?.tokenSecret).toBe(SECRET_LEFT_OUT);
    expect(shop?.lastAppliedFromThisApp.cors?.headers).toEqual({
      accessControlAllowOrigin: '*',
      accessControlMaxAge: 900,
    });
    expect(shop?.lastAppliedFromThisApp.rateLimit?.rateLimit).toEqual({ timeWindow: 60, requestLimit: 300 });
    // The same configuration exported again is the same text but for the export time.
    const again = data(await core.invoke('config.export', { accountId: acme, serviceIds: [shopId] }));
    expect(again.text.replace(/"exportedAt": ".*"/, '')).toBe(exported.text.replace(/"exportedAt": ".*"/, ''));
  });

  it('exports a whole account from its service list, S3 secrets left out', async () => {
    const exported = data(await core.invoke('config.export', { accountId: acme }));
    expect(exported.services).toHaveLength(acmeGateway.services.length);
    const document = JSON.parse(exported.text) as ConfigDocument;
    const media = document.services.find((s) => s.source.serviceId === s3ServiceId);
    expect(media?.service.origins?.[0]?.s3Credential).toMatchObject({
      accessKey: 'SANDBOXS3ACCESSKEY',
      accessSecret: SECRET_LEFT_OUT,
    });
    expect(exported.text).not.toContain('sandbox-s3-secret-not-real-0001');
  });

  it('exports what it can read and lists a service the account does not have', async () => {
    const exported = data(await core.invoke('config.export', { accountId: acme, serviceIds: [shopId, 999_999] }));
    expect(exported.services).toEqual([{ serviceId: shopId, domainName: 'www.example-shop.com' }]);
    expect(exported.failed).toEqual([
      { serviceId: 999_999, code: expect.stringMatching(/^InvalidService\./), message: expect.any(String) },
    ]);
    expect((JSON.parse(exported.text) as ConfigDocument).services).toHaveLength(1);
    const nothing = failure(await core.invoke('config.export', { accountId: acme, serviceIds: [999_999] }));
    expect(nothing.code).toMatch(/^InvalidService\./);
    expect(nothing.message).toMatch(/^No service could be read: /);
  });

  it('includes secrets only encrypted; reading it needs the right passphrase', async () => {
    const refused = failure(
      await core.invoke('config.export', { accountId: acme, serviceIds: [shopId], includeSecrets: true }),
    );
    expect(refused.code).toBe('Config.PassphraseTooShort');
    const exported = data(
      await core.invoke('config.export', {
        accountId: acme,
        serviceIds: [shopId],
        includeSecrets: true,
        passphrase: 'two customers',
      }),
    );
    expect(exported.encrypted).toBe(true);
    expect(exported.text).not.toContain(TOKEN);
    expect(exported.text).not.toContain('example-shop');
    const source = { document: exported.text, passphrase: 'two customers' };
    const same = data(
      await core.invoke('config.diff', { left: source, right: { accountId: acme, serviceId: shopId } }),
    );
    expect(same.identical).toBe(true);
    const wrong = failure(
      await core.invoke('config.diff', {
        left: { ...source, passphrase: 'three customers' },
        right: { accountId: acme, serviceId: shopId },
      }),
    );
    expect(wrong).toMatchObject({ code: 'Config.WrongPassphrase', fields: { passphrase: 'Wrong passphrase.' } });
    const none = failure(
      await core.invoke('config.diff', {
        left: { document: exported.text },
        right: { accountId: acme, serviceId: shopId },
      }),
    );
    expect(none.code).toBe('Config.PassphraseRequired');
  });

  it('diffs the same kind of service in two accounts, grouped by policy name', async () => {
    const diff = data(
      await core.invoke('config.diff', {
        left: { accountId: acme, serviceId: shopId },
        right: { accountId: globex, serviceId: targetId },
      }),
    );
    expect(diff.identical).toBe(false);
    expect(diff.right).toBe(`www.customer-4202.example.org (Globex, service ${targetId})`);
    expect(diff.groups.find((g) => g.name === 'Static assets')).toMatchObject({
      part: 'cache-control',
      status: 'changed',
    });
    expect(diff.groups.find((g) => g.name === 'Product images')?.status).toBe('only-left');
    expect(diff.groups.find((g) => g.name === 'Default')?.status).toBe('only-right');
    expect(diff.groups.find((g) => g.part === 'cors')?.status).toBe('not-known');
    expect(JSON.stringify(diff)).not.toContain(TOKEN);
  });

  it('plans, refuses production without confirmation, applies the ticked items through the journal, then plans nothing left', async () => {
    const document = data(await core.invoke('config.export', { accountId: acme, serviceIds: [shopId] })).text;
    const request = { source: { document }, target: { accountId: globex, serviceId: targetId } };
    const plan = data(await core.invoke('config.plan', request));
    const action = (id: string) => plan.items.find((i) => i.id === id)?.action;
    expect(action('cache-control/Static assets')).toBe('update');
    expect(action('cache-control/Product images')).toBe('cannot');
    expect(action('cache-control/Default')).toBe('cannot');
    expect(action('access-control/Block admin from outside')).toBe('create');
    expect(action('access-control/Signed downloads')).toBe('cannot');
    expect(action('redirection/Placeholder redirect (edit me)')).toBe('cannot');
    expect(action('cors')).toBe('update');
    expect(action('rate-limit')).toBe('update');
    expect(plan.items.some((i) => 'input' in i)).toBe(false);
    const ticked = plan.items.filter((i) => i.action === 'create' || i.action === 'update').map((i) => i.id);

    const refused = failure(await core.invoke('config.apply', { ...request, itemIds: ticked }));
    expect(refused.code).toBe('Change.ConfirmationRequired');
    expect(refused.message).toMatch(/“Globex” is a production account/);
    expect(data(await core.invoke('journal.list', { accountId: globex })).entries).toHaveLength(0);

    const stale = failure(
      await core.invoke('config.apply', {
        ...request,
        itemIds: ['cache-control/Nothing like it'],
        confirmProduction: true,
      }),
    );
    expect(stale.code).toBe('Config.PlanChanged');

    const applied = data(await core.invoke('config.apply', { ...request, itemIds: ticked, confirmProduction: true }));
    expect(applied.allApplied).toBe(true);
    expect(
      applied.results
        .filter((r) => r.outcome === 'applied')
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ticked].sort());
    expect(applied.results.find((r) => r.id === 'cache-control/Product images')?.outcome).toBe('skipped');
    const journal = data(await core.invoke('journal.list', { accountId: globex })).entries;
    expect(journal).toHaveLength(ticked.length);
    expect(journal.every((e) => e.result.ok && e.serviceId === targetId)).toBe(true);
    expect(globexGateway.store.corsOf(targetId)).toMatchObject({
      accessControlAllowOrigin: '*',
      accessControlMaxAge: 900,
    });
    expect(globexGateway.store.rateLimitOf(targetId)).toMatchObject({ timeWindow: 60, requestLimit: 300 });

    const after = data(await core.invoke('config.plan', request));
    expect(after.items.filter((i) => ticked.includes(i.id)).every((i) => i.action === 'unchanged')).toBe(true);
    expect(after.counts.create + after.counts.update).toBe(0);
  });

  it('applies only the ticked items, and a ticked item that cannot apply makes the result say so', async () => {
    const document = data(await core.invoke('config.export', { accountId: acme, serviceIds: [shopId] })).text;
    const request = {
      source: { document },
      target: { accountId: globex, serviceId: targetId },
      confirmProduction: true,
    };
    const result = data(await core.invoke('config.apply', { ...request, itemIds: ['cache-control/Product images'] }));
    expect(result.allApplied).toBe(false);
    expect(result.results.find((r) => r.id === 'cache-control/Product images')).toMatchObject({
      outcome: 'cannot',
      message: expect.stringMatching(/cannot create cache control policies/),
    });
  });

  it('carries a token secret to a new token policy only through an encrypted document', async () => {
    const exported = data(
      await core.invoke('config.export', {
        accountId: acme,
        serviceIds: [shopId],
        includeSecrets: true,
        passphrase: 'two customers',
      }),
    );
    const request = {
      source: { document: exported.text, passphrase: 'two customers' },
      target: { accountId: globex, serviceId: targetId },
      parts: ['access-control' as const],
    };
    const plan = data(await core.invoke('config.plan', request));
    expect(plan.items.map((i) => `${i.id}:${i.action}`)).toContain('access-control/Signed downloads:create');
    expect(JSON.stringify(plan)).not.toContain(TOKEN);
    const applied = data(
      await core.invoke('config.apply', {
        ...request,
        itemIds: ['access-control/Signed downloads'],
        confirmProduction: true,
      }),
    );
    expect(applied.allApplied).toBe(true);
    const stored = globexGateway.store
      .servicesOf(GLOBEX.customerId)
      .find((s) => s.service.id === targetId)
      ?.accessControl.find((p) => p.policyName === 'Signed downloads');
    expect(stored?.tokenSecret).toBe(TOKEN);
    const journal = await core.invoke('journal.list', { accountId: globex });
    expect(JSON.stringify(journal)).not.toContain(TOKEN);
  });

  it('clones a service onto a new domain in another account: settings copied, default policies updated by name, then applied', async () => {
    const source = { accountId: acme, serviceId: shopId };
    const domainName = 'shop.customer-4202.example.org';
    const journalBefore = data(await core.invoke('journal.list', { accountId: globex })).entries.length;
    const servicesBefore = globexGateway.store.servicesOf(GLOBEX.customerId).length;

    const unconfirmed = failure(await core.invoke('config.clone', { source, accountId: globex, domainName }));
    expect(unconfirmed.code).toBe('Change.ConfirmationRequired');
    const invalid = failure(
      await core.invoke('config.clone', {
        source,
        accountId: globex,
        domainName: 'https://shop.example.org/',
        confirmProduction: true,
      }),
    );
    expect(invalid).toMatchObject({
      code: 'Config.InvalidClone',
      fields: { domainName: expect.stringMatching(/^Domain name must be a domain name/) },
    });
    const same = failure(
      await core.invoke('config.clone', {
        source,
        accountId: globex,
        domainName: 'www.example-shop.com',
        confirmProduction: true,
      }),
    );
    expect(same.fields?.domainName).toMatch(/must differ from the source's/);
    expect(globexGateway.store.servicesOf(GLOBEX.customerId)).toHaveLength(servicesBefore);

    const cloned = data(
      await core.invoke('config.clone', { source, accountId: globex, domainName, confirmProduction: true }),
    );
    const record = globexGateway.store.servicesOf(GLOBEX.customerId).find((s) => s.service.id === cloned.service.id);
    const original = acmeGateway.store.servicesOf(DEMO_CUSTOMER_ID).find((s) => s.service.id === shopId)!.service;
    expect(original.origins?.length).toBeGreaterThan(1);
    expect(record?.service).toMatchObject({
      domainName,
      origins: original.origins,
      defaultHostHeader: original.defaultHostHeader,
      tlsProfile: original.tlsProfile,
    });
    expect(cloned.service.cName).toMatch(/^shop-customer-4202-example-org\./);
    const listed = data(await core.invoke('inventory.list', { accountId: globex })).services;
    expect(listed.map((s) => s.serviceId)).toContain(cloned.service.id);
    const journal = data(await core.invoke('journal.list', { accountId: globex })).entries;
    expect(journal).toHaveLength(journalBefore + 1);
    expect(journal.find((e) => e.id === cloned.journalEntryId)).toMatchObject({
      operationId: 'createService',
      serviceId: cloned.service.id,
    });

    // The gateway provisioned its default policies: the plan updates the one the source has by name.
    const action = (id: string) => cloned.plan.items.find((i) => i.id === id)?.action;
    expect(action('service')).toBeUndefined();
    expect(action('cache-control/Static assets')).toBe('update');
    expect(action('cache-control/Product images')).toBe('cannot');
    expect(action('cache-control/Default')).toBe('cannot');
    expect(action('access-control/Block admin from outside')).toBe('create');
    // Read from the service itself, the token policy carries its secret (it never reaches the plan).
    expect(action('access-control/Signed downloads')).toBe('create');
    expect(JSON.stringify(cloned)).not.toContain(TOKEN);

    const ticked = cloned.plan.items.filter((i) => i.action === 'create' || i.action === 'update').map((i) => i.id);
    const target = { accountId: globex, serviceId: cloned.service.id };
    const applied = data(
      await core.invoke('config.apply', {
        source,
        target,
        parts: [...clonePlanParts],
        itemIds: ticked,
        confirmProduction: true,
      }),
    );
    expect(applied.allApplied).toBe(true);
    const diff = data(await core.invoke('config.diff', { left: source, right: target }));
    for (const id of ticked.filter((i) => i.includes('/'))) {
      const [part, name] = id.split('/');
      expect(diff.groups.find((g) => g.part === part && g.name === name)?.status).toBe('same');
    }
  });

  it('an apply whose create got no answer reports it applied (read back by name), and applying again sends nothing twice', async () => {
    const source = { accountId: acme, serviceId: shopId };
    const apiService = acmeGateway.services.find((s) => s.domainName === 'api.example-shop.com')!;
    const target = { accountId: acme, serviceId: apiService.id };
    const plan = data(await core.invoke('config.plan', { source, target, parts: ['access-control'] }));
    const create = plan.items.find(
      (i) => i.part === 'access-control' && i.action === 'create' && i.name === 'Block admin from outside',
    )!;
    expect(create).toBeDefined();
    const creates = () => acmeLog.filter((line) => line.includes('op=createAccessControlPolicy')).length;
    const before = creates();
    // The gateway makes the policy at once but its answer takes longer than the client waits (5 s).
    acmeGateway.setFaults({ perOperation: { createAccessControlPolicy: { slowBodyMs: 8_000 } } });
    try {
      const applied = data(
        await core.invoke('config.apply', { source, target, parts: ['access-control'], itemIds: [create.id] }),
      );
      expect(applied.results.find((r) => r.id === create.id)).toMatchObject({ outcome: 'applied' });
      const entry = data(await core.invoke('journal.list', { accountId: acme })).entries.find(
        (e) => e.id === applied.results.find((r) => r.id === create.id)?.journalEntryId,
      );
      expect(entry?.result).toMatchObject({ ok: true, confirmed: 'read-back' });
    } finally {
      acmeGateway.setFaults(undefined);
    }
    // Applied again (as after a restart): the plan reads it back as there, and nothing is sent.
    const again = data(
      await core.invoke('config.apply', { source, target, parts: ['access-control'], itemIds: [create.id] }),
    );
    expect(again.results.find((r) => r.id === create.id)?.outcome).toBe('unchanged');
    // One create was sent (the gateway logs the first when its slow answer ends), and no other.
    expect(creates()).toBeLessThanOrEqual(before + 1);
    const journaled = data(
      await core.invoke('journal.list', {
        accountId: acme,
        serviceId: apiService.id,
        operationId: 'createAccessControlPolicy',
      }),
    ).entries;
    expect(journaled).toHaveLength(1);
    expect(
      acmeGateway.store
        .service(DEMO_CUSTOMER_ID, apiService.id)!
        .accessControl.filter((p) => p.policyName === 'Block admin from outside'),
    ).toHaveLength(1);
  });

  it('a clone started again after the app stopped continues on the service it created; never a second create', async () => {
    const source = { accountId: acme, serviceId: shopId };
    const creates = () => acmeLog.filter((line) => line.includes('op=createService')).length;

    // Stopped after the gateway answered (before the plan was shown): the journal knows the service.
    const first = data(
      await core.invoke('config.clone', { source, accountId: acme, domainName: 'again.example-shop.com' }),
    );
    const before = creates();
    const again = data(
      await core.invoke('config.clone', { source, accountId: acme, domainName: 'again.example-shop.com' }),
    );
    expect(again.service.id).toBe(first.service.id);
    expect(again.continued).toMatch(/already exists: an earlier clone to this domain created it/);
    expect(again.plan.items.length).toBeGreaterThan(0);
    expect(creates()).toBe(before);

    // Stopped before the answer: the create was journaled as sending by a process that is gone,
    // and the gateway made the service. Sending it again is refused as a duplicate (409).
    const domainName = 'lost-answer.example-shop.com';
    const made = acmeGateway.store.createService(
      DEMO_CUSTOMER_ID,
      { domainName, origins: [{ originUrl: 'https://origin.example-shop.com' }], defaultHostHeader: 'originHost' },
      Date.now(),
    );
    const gone = createJournal({ dataDir, now: () => new Date('2026-11-23T12:00:00.000Z') });
    const cutOff = await gone.begin({
      accountId: acme,
      accountName: 'Acme',
      serviceId: null,
      operationId: 'createService',
      policyId: null,
      summary: `Create service “${domainName}”`,
      before: null,
      after: { domainName },
    });
    await new Promise((resolve) => setTimeout(resolve, RECHECK_MS + 20));
    const unknownId = failure(await core.invoke('config.clone', { source, accountId: acme, domainName }));
    expect(unknownId).toMatchObject({
      code: 'Config.CloneCreatedEarlier',
      message: expect.stringContaining("Add it to the account's services by its ID"),
    });
    expect(
      acmeGateway.store.servicesOf(DEMO_CUSTOMER_ID).filter((s) => s.service.domainName === domainName),
    ).toHaveLength(1);
    // Once the account knows it (Add by ID), the clone continues on it and settles the cut-off entry.
    data(await core.invoke('inventory.addByIds', { accountId: acme, ids: String(made.service.id) }));
    const continued = data(await core.invoke('config.clone', { source, accountId: acme, domainName }));
    expect(continued.service.id).toBe(made.service.id);
    expect(continued.journalEntryId).toBe(cutOff.id);
    const entry = data(await core.invoke('journal.list', { accountId: acme })).entries.find((e) => e.id === cutOff.id);
    expect(entry?.result).toMatchObject({
      ok: true,
      confirmed: 'read-back',
      message: expect.stringContaining('refused a second service'),
    });
    expect(
      acmeGateway.store.servicesOf(DEMO_CUSTOMER_ID).filter((s) => s.service.domainName === domainName),
    ).toHaveLength(1);
  });

  it('clones an S3 origin with its secret from the service itself, but not from a document that left it out', async () => {
    const source = { accountId: acme, serviceId: s3ServiceId };
    const cloned = data(
      await core.invoke('config.clone', { source, accountId: acme, domainName: 'media-copy.example-media.net' }),
    );
    const record = acmeGateway.store.servicesOf(DEMO_CUSTOMER_ID).find((s) => s.service.id === cloned.service.id);
    expect(record?.service.origins?.[0]?.s3Credential).toMatchObject({
      accessKey: 'SANDBOXS3ACCESSKEY',
      accessSecret: 'sandbox-s3-secret-not-real-0001',
    });
    expect(JSON.stringify(cloned)).not.toContain('sandbox-s3-secret-not-real-0001');
    const journal = data(await core.invoke('journal.list', { accountId: acme }));
    expect(JSON.stringify(journal)).not.toContain('sandbox-s3-secret-not-real-0001');

    const document = data(await core.invoke('config.export', { accountId: acme, serviceIds: [s3ServiceId] })).text;
    const refused = failure(
      await core.invoke('config.clone', {
        source: { document },
        accountId: acme,
        domainName: 'media-copy-2.example-media.net',
      }),
    );
    expect(refused).toMatchObject({
      code: 'Config.InvalidClone',
      fields: {
        'origins.0.s3Credential.accessSecret': expect.stringMatching(/S3 access secret of origin 1 was left out/),
      },
    });
  });
});
