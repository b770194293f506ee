import { describe, expect, it } from 'vitest';
import {
  ConfigScreenState,
  PlanTicks,
  describeDocument,
  documentChoice,
  exportFileName,
  exportPassphraseErrors,
  serviceChoice,
  toSourceInput,
  type ApplyPlan,
  type OpenedDocument,
} from './config-documents.svelte.ts';

const plainText = JSON.stringify({
  format: 'acceleration-console/config-document',
  schemaVersion: 1,
  exportedAt: '2026-11-23T20:00:00.000Z',
  secrets: 'left-out',
  services: [
    { source: { accountName: 'Acme', serviceId: 101 }, service: { id: 101, domainName: 'www.example-shop.com' } },
    { source: { accountName: 'Acme', serviceId: 102 }, service: { id: 102, domainName: 'static.example-media.net' } },
  ],
});
const encryptedText = JSON.stringify({
  format: 'acceleration-console/config-document-encrypted',
  schemaVersion: 1,
  ciphertext: 'x',
});

function opened(text: string): OpenedDocument {
  const result = describeDocument('shop.json', text);
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('describeDocument', () => {
  it('lists the services of a plain document and marks an encrypted one', () => {
    expect(opened(plainText)).toMatchObject({
      encrypted: false,
      exportedAt: '2026-11-23T20:00:00.000Z',
      services: [
        { serviceId: 101, domainName: 'www.example-shop.com' },
        { serviceId: 102, domainName: 'static.example-media.net' },
      ],
    });
    expect(opened(encryptedText)).toMatchObject({ encrypted: true, services: null });
  });

  it('says why a file is not a document', () => {
    expect(describeDocument('notes.txt', 'hello')).toEqual({
      error: 'notes.txt is not JSON. Choose a configuration document exported by this app.',
    });
    expect(describeDocument('bundle.json', '{"format":"acceleration-console/stats-bundle"}')).toMatchObject({
      error: expect.stringContaining('is not a configuration document'),
    });
  });
});

describe('toSourceInput', () => {
  it('names what is missing for a service', () => {
    expect(toSourceInput(serviceChoice())).toEqual({
      ok: false,
      problem: { field: 'account', message: 'Choose an account.' },
    });
    expect(toSourceInput(serviceChoice('acc-1'))).toEqual({
      ok: false,
      problem: { field: 'service', message: 'Choose a service.' },
    });
    expect(toSourceInput(serviceChoice('acc-1', 101))).toEqual({
      ok: true,
      source: { accountId: 'acc-1', serviceId: 101 },
    });
  });

  it('asks for the file, the passphrase of an encrypted one, and the service of a document with several', () => {
    expect(toSourceInput(documentChoice())).toMatchObject({ ok: false, problem: { field: 'file' } });
    const plain = { ...documentChoice(), file: opened(plainText) } as const;
    expect(toSourceInput(plain)).toMatchObject({
      ok: false,
      problem: { field: 'service', message: 'The document holds several services: choose one.' },
    });
    expect(toSourceInput({ ...plain, service: 'www.example-shop.com' })).toEqual({
      ok: true,
      source: { document: plainText, service: 'www.example-shop.com' },
    });
    const encrypted = { ...documentChoice(), file: opened(encryptedText) } as const;
    expect(toSourceInput(encrypted)).toMatchObject({ ok: false, problem: { field: 'passphrase' } });
    // The core chooses the only service of an encrypted document, or says which ones it holds.
    expect(toSourceInput({ ...encrypted, passphrase: 'secret passphrase' })).toEqual({
      ok: true,
      source: { document: encryptedText, passphrase: 'secret passphrase' },
    });
  });
});

describe('export form', () => {
  it('checks the passphrase length and that it was typed twice the same', () => {
    expect(exportPassphraseErrors(false, '', '')).toEqual({});
    expect(exportPassphraseErrors(true, 'short', 'short')).toEqual({
      passphrase: 'Passphrase: at least 8 characters.',
    });
    expect(exportPassphraseErrors(true, 'long enough', 'long enougj')).toEqual({
      again: 'The two passphrases differ: type the same passphrase twice.',
    });
    expect(exportPassphraseErrors(true, 'long enough', 'long enough')).toEqual({});
  });

  it('names the file after the account and the service, or the number of services', () => {
    const now = new Date('2026-11-23T22:00:00.000Z');
    expect(exportFileName('Acme Corp', [{ domainName: 'www.example-shop.com' }], false, now)).toBe(
      'config-acme-corp-www.example-shop.com-2026-11-23.json',
    );
    expect(exportFileName('Globex', [{ domainName: 'a.example' }, { domainName: 'b.example' }], true, now)).toBe(
      'config-globex-2-services-2026-11-23.encrypted.json',
    );
  });
});

describe('PlanTicks', () => {
  const plan: ApplyPlan = {
    source: 's',
    target: 't',
    counts: { create: 1, update: 1, unchanged: 1, cannot: 1 },
    items: (['create', 'update', 'unchanged', 'cannot'] as const).map((action) => ({
      id: `cache-control/${action}`,
      part: 'cache-control' as const,
      name: action,
      title: action,
      action,
      reason: action === 'cannot' ? 'why' : null,
      notes: [],
      caution: null,
      changes: [],
      operationId: null,
    })),
  };

  it('ticks every item that would write, and only those can be ticked', () => {
    const ticks = new PlanTicks();
    ticks.reset(plan);
    expect(ticks.ids).toEqual(['cache-control/create', 'cache-control/update']);
    expect(ticks.tickableCount).toBe(2);
    ticks.set('cache-control/create', false);
    ticks.set('cache-control/cannot', true);
    expect(ticks.ids).toEqual(['cache-control/update']);
    ticks.all(false);
    expect(ticks.count).toBe(0);
    ticks.all(true);
    expect(ticks.has('cache-control/create')).toBe(true);
    ticks.reset(null);
    expect(ticks.count).toBe(0);
  });

  it("leaves an item with a caution (values naming the source's domain) unticked until the user ticks it (review M6)", () => {
    const ticks = new PlanTicks();
    const flagged = {
      ...plan,
      items: plan.items.map((i) => (i.action === 'update' ? { ...i, caution: 'points at the source' } : i)),
    };
    ticks.reset(flagged);
    expect(ticks.ids).toEqual(['cache-control/create']);
    expect(ticks.tickableCount).toBe(2);
    ticks.set('cache-control/update', true);
    expect(ticks.has('cache-control/update')).toBe(true);
  });
});

describe('ConfigScreenState', () => {
  it('opens a tab with a service to start from, new each time it is asked', () => {
    const state = new ConfigScreenState();
    state.open('clone', { accountId: 'a', serviceId: 1 });
    const first = state.preset;
    state.open('clone', { accountId: 'a', serviceId: 1 });
    expect(state.tab).toBe('clone');
    expect(state.preset?.nonce).not.toBe(first?.nonce);
    state.open('compare');
    expect(state.tab).toBe('compare');
    expect(state.preset).toMatchObject({ accountId: 'a', serviceId: 1 });
  });
});
