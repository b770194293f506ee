// Write-ahead journaling in changes.apply: the entry is on disk as sending before the request
// leaves, settled after the answer; a write that gets no answer is checked by reading the target
// before it is reported (a fake client that calls beforeSend as the real one does; the real client
// and gateway: changes.sandbox.test.ts and the CLI's crash test).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJournal, JOURNAL_FILE, type Journal } from '../journal/journal.ts';
import { createChangeService, type ChangeClient, type ChangeService } from './changes.ts';
import { outcomeUnknownAfter, unknownOutcomeEntry } from './unknown-outcome.ts';
import { CoreError } from '../errors.ts';
import { AbortError, ApiError, ConnectionError, TimeoutError } from '../api/errors.ts';
import { type JournalEntry } from '#shared/ipc/channels/journal.ts';
import { UNANSWERED_MESSAGE } from '#shared/journal-outcome.ts';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const policy = {
  policyName: 'Block admin',
  type: 'deny',
  priority: 5,
  matchUrlPath: { operator: 'prefix', patterns: ['/admin'] },
};

type Behaviour = 'answer' | 'timeout-applied' | 'timeout-lost' | 'refused' | 'api-error' | 'hang';

let dir: string;
let journal: Journal;
let behaviour: Behaviour;
let policies: Array<Record<string, unknown>>;
let sent: Array<{ operationId: string; journalOnDisk: JournalEntry[] }>;
let reads: string[];
let domains: string[];

/** Like the real client: budget, then beforeSend, then the request (which may never be answered). */
const client: ChangeClient = {
  async call(operationId, input, options) {
    if (operationId.startsWith('list')) {
      reads.push(operationId);
      return structuredClone(policies);
    }
    if (behaviour === 'refused') throw new ConnectionError('refused', operationId, 'ECONNREFUSED');
    await options?.beforeSend?.();
    const onDisk = JSON.parse(await readFile(join(dir, JOURNAL_FILE), 'utf8')) as { entries: JournalEntry[] };
    sent.push({ operationId, journalOnDisk: onDisk.entries });
    if (operationId === 'createService') {
      // The gateway refuses a second service with the same domain name.
      const domainName = (input.body as { domainName: string }).domainName;
      if (domains.includes(domainName))
        throw new ApiError({
          status: 409,
          code: 'InvalidService.DomainName',
          message: `Domain name ${domainName} already exists.`,
          operationId,
        });
      const first = sent.filter((s) => s.operationId === 'createService').length === 1;
      if (first && behaviour === 'timeout-lost') throw new TimeoutError(30_000, operationId);
      domains.push(domainName);
      if (first && behaviour === 'timeout-applied') throw new TimeoutError(30_000, operationId);
      return { id: 900 + domains.length, domainName, cName: `${domainName}.edge.example` };
    }
    if (behaviour === 'hang') return new Promise(() => undefined);
    if (behaviour === 'api-error')
      throw new ApiError({ status: 400, code: 'InvalidParameter', message: 'Bad.', operationId });
    if (behaviour === 'timeout-lost') throw new TimeoutError(30_000, operationId);
    if (operationId === 'createAccessControlPolicy')
      policies.push({ ...(input.body as object), policyId: 77, anonymousIp: false, enabled: true });
    if (behaviour === 'timeout-applied') throw new TimeoutError(30_000, operationId);
    return operationId === 'createAccessControlPolicy' ? { ...(input.body as object), policyId: 77 } : undefined;
  },
};

function service(j: Journal = journal): ChangeService {
  return createChangeService({
    journal: j,
    account: async (id) => ({ id, name: 'Acme', production: false }),
    client: async () => client,
  });
}

const create = {
  accountId: 'acme',
  operationId: 'createAccessControlPolicy' as const,
  input: { params: { serviceId: 7 }, body: policy },
};
const cors = {
  accountId: 'acme',
  operationId: 'setCorsHeaders' as const,
  input: { params: { serviceId: 7 }, body: { accessControlAllowOrigin: '*' } },
};

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'write-ahead-'));
  journal = createJournal({ dataDir: dir, now: () => NOW });
  behaviour = 'answer';
  policies = [];
  sent = [];
  reads = [];
  domains = [];
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('write-ahead journal entries', () => {
  it('are on disk as sending, with the body, before the request leaves; settled as applied after the answer', async () => {
    const { entry } = await service().apply(create);
    expect(sent).toHaveLength(1);
    const [onDisk] = sent[0]!.journalOnDisk;
    expect(onDisk).toMatchObject({
      id: entry.id,
      operationId: 'createAccessControlPolicy',
      serviceId: 7,
      after: policy,
      result: { ok: null, sending: true },
    });
    expect(entry).toMatchObject({
      policyId: 77,
      result: { ok: true },
      summary: 'Create access control policy 77 “Block admin”',
    });
    expect(await journal.list()).toHaveLength(1);
  });

  it('an entry still sending reads as sending here and as unanswered in another process (the app stopped)', async () => {
    behaviour = 'hang';
    void service().apply(create);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await journal.list())[0]?.result).toEqual({ ok: null, sending: true });
    const restarted = createJournal({ dataDir: dir, now: () => NOW });
    expect((await restarted.list())[0]?.result).toEqual({
      ok: null,
      code: 'Change.OutcomeUnknown',
      message: UNANSWERED_MESSAGE,
    });
    expect((await restarted.list({})).filter((e) => e.result.ok === null)).toHaveLength(1);
  });

  it('a request refused before it left (connection refused) is journaled as failed, without a write-ahead entry', async () => {
    behaviour = 'refused';
    await expect(service().apply(create)).rejects.toMatchObject({ code: 'Network.ConnectionFailed' });
    expect(sent).toHaveLength(0);
    expect((await journal.list()).map((e) => e.result)).toEqual([
      { ok: false, code: 'Network.ConnectionFailed', message: 'refused' },
    ]);
  });

  it('an error answer settles the entry as failed; nothing is read back', async () => {
    behaviour = 'api-error';
    await expect(service().apply(create)).rejects.toMatchObject({ code: 'InvalidParameter' });
    expect(reads).toEqual([]);
    expect((await journal.list()).map((e) => e.result)).toEqual([
      { ok: false, code: 'InvalidParameter', message: 'Bad.' },
    ]);
  });

  it('a journal that cannot be written stops the write before its request leaves', async () => {
    const broken: Journal = { ...journal, begin: async () => Promise.reject(new Error('disk full')) };
    await expect(service(broken).apply(create)).rejects.toThrow('disk full');
    expect(sent).toHaveLength(0);
  });
});

describe('a create that times out', () => {
  it('is reconciled by name before it is reported: found with the fields sent → applied, not failed', async () => {
    behaviour = 'timeout-applied';
    const { entry } = await service().apply(create);
    expect(reads).toEqual(['listAccessControlPolicies']);
    expect(entry.result).toEqual({
      ok: true,
      confirmed: 'read-back',
      message:
        'Confirmed after the gateway did not answer: the service has the access control policy “Block admin” (ID 77) with the fields that were sent.',
    });
    expect(entry.policyId).toBe(77);
    expect(await journal.list()).toHaveLength(1);
  });

  it('not found → failed with the timeout and what the read found', async () => {
    behaviour = 'timeout-lost';
    await expect(service().apply(create)).rejects.toBeInstanceOf(TimeoutError);
    const [entry] = await journal.list();
    expect(entry?.result).toMatchObject({
      ok: false,
      code: 'Network.Timeout',
      message: expect.stringContaining('has no access control policy named “Block admin”'),
    });
  });
});

describe('a write the API cannot read back that times out', () => {
  it('stays unknown, saying that sending it again is safe', async () => {
    behaviour = 'timeout-lost';
    const error = await service()
      .apply(cors)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    const [entry] = await journal.list();
    expect(unknownOutcomeEntry(error)).toBe(entry?.id);
    expect(entry?.result).toMatchObject({
      ok: null,
      code: 'Change.OutcomeUnknown',
      message: expect.stringContaining('full replacement, so sending it again is safe'),
    });
  });
});

describe('a service create that times out', () => {
  const createService = {
    accountId: 'acme',
    operationId: 'createService' as const,
    input: {
      params: {},
      body: {
        domainName: 'new.example',
        origins: [{ originUrl: 'https://o.example' }],
        defaultHostHeader: 'originHost',
      },
    },
  };

  it('is sent once more: accepted → reported as created, the first entry settled as not applied', async () => {
    behaviour = 'timeout-lost';
    const { entry, data } = await service().apply(createService);
    expect(data).toMatchObject({ id: 901, domainName: 'new.example' });
    expect(entry).toMatchObject({ serviceId: 901, result: { ok: true } });
    const entries = await journal.list();
    expect(entries).toHaveLength(2);
    expect(entries[0]?.resendOf).toBe(entries[1]?.id);
    expect(entries[1]?.result).toMatchObject({ ok: false, code: 'Change.NotApplied' });
  });

  it('refused as a duplicate → the first applied (confirmed), and the error says its ID must be added by hand; never two services', async () => {
    behaviour = 'timeout-applied';
    await expect(service().apply(createService)).rejects.toMatchObject({
      code: 'Change.CreatedServiceIdUnknown',
      message: expect.stringContaining("Add it to the account's services by its ID"),
    });
    expect(domains).toEqual(['new.example']);
    const entries = await journal.list();
    const first = entries.find((e) => e.resendOf === undefined);
    expect(first?.result).toMatchObject({
      ok: true,
      confirmed: 'read-back',
      message: expect.stringContaining('a second create of new.example was refused'),
    });
    expect(entries.find((e) => e.resendOf !== undefined)?.result).toMatchObject({
      ok: false,
      code: 'InvalidService.DomainName',
    });
  });
});

describe('settling unknown entries', () => {
  it('as applied by the user, or as not applied, in place', async () => {
    behaviour = 'timeout-lost';
    const changes = service();
    const first = unknownOutcomeEntry(await changes.apply(cors).catch((e: unknown) => e)) ?? '';
    const marked = await changes.confirmApplied(first, 'user', 'Checked by hand.');
    expect(marked.result).toEqual({ ok: true, confirmed: 'user', message: 'Checked by hand.' });
    const second = unknownOutcomeEntry(await changes.apply(cors).catch((e: unknown) => e)) ?? '';
    const notApplied = await changes.confirmNotApplied(second, 'Not there.');
    expect(notApplied.result).toEqual({ ok: false, code: 'Change.NotApplied', message: 'Not there.' });
    expect(await journal.list()).toHaveLength(2);
  });

  it('an entry dropped from a full journal while its request was out is added again when settled', async () => {
    const small = createJournal({ dataDir: dir, now: () => NOW, maxEntries: 2 });
    const begun = await small.begin({
      ...create,
      accountName: 'Acme',
      serviceId: 7,
      policyId: null,
      summary: 's',
      before: null,
      after: null,
    });
    await small.append({
      ...create,
      accountName: 'Acme',
      serviceId: 8,
      policyId: null,
      summary: 'a',
      before: null,
      after: null,
      result: { ok: true },
    });
    await small.append({
      ...create,
      accountName: 'Acme',
      serviceId: 9,
      policyId: null,
      summary: 'b',
      before: null,
      after: null,
      result: { ok: true },
    });
    expect((await small.list()).map((e) => e.serviceId)).toEqual([9, 8]);
    await small.settle(begun.id, { result: { ok: true } });
    expect((await small.list()).find((e) => e.id === begun.id)?.result).toEqual({ ok: true });
  });
});

describe('outcomeUnknownAfter', () => {
  it('only errors that leave open whether the request was handled', () => {
    expect(outcomeUnknownAfter(new TimeoutError(1000))).toBe(true);
    expect(outcomeUnknownAfter(new AbortError())).toBe(true);
    expect(outcomeUnknownAfter(new ConnectionError('reset', undefined, 'ECONNRESET'))).toBe(true);
    expect(outcomeUnknownAfter(new ConnectionError('refused', undefined, 'ECONNREFUSED'))).toBe(false);
    expect(outcomeUnknownAfter(new ApiError({ status: 504, code: 'Gateway.Timeout', message: 'x' }))).toBe(true);
    expect(outcomeUnknownAfter(new ApiError({ status: 503, code: 'Server.Unavailable', message: 'x' }))).toBe(false);
    expect(outcomeUnknownAfter(new ApiError({ status: 400, code: 'InvalidParameter', message: 'x' }))).toBe(false);
  });
});
