import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InventoryStore } from './inventory.ts';

let dataDir: string;
const now = () => new Date('2026-01-02T03:04:05Z');

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'inventory-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('InventoryStore', () => {
  it('persists entries per account across instances', async () => {
    const first = new InventoryStore({ dataDir, now });
    await first.upsert('acc-1', [{ serviceId: 7, domainName: 'www.example.com', cName: 'x.edge.test' }], 'created');
    await first.upsert('acc-2', [{ serviceId: 8, domainName: 'b.example.com' }], 'added');

    const second = new InventoryStore({ dataDir, now });
    expect(await second.list('acc-1')).toEqual([
      {
        serviceId: 7,
        domainName: 'www.example.com',
        cName: 'x.edge.test',
        source: 'created',
        addedAt: '2026-01-02T03:04:05.000Z',
      },
    ]);
    expect((await second.list('acc-2')).map((entry) => entry.serviceId)).toEqual([8]);
    expect(await second.list('unknown')).toEqual([]);
  });

  it('refreshes an existing entry without changing how it arrived', async () => {
    const store = new InventoryStore({ dataDir, now });
    await store.upsert('acc', [{ serviceId: 1, domainName: 'old.example.com' }], 'created');
    await store.upsert('acc', [{ serviceId: 1, domainName: 'new.example.com', enabled: false }], 'added');
    const [entry] = await store.list('acc');
    expect(entry).toMatchObject({ serviceId: 1, domainName: 'new.example.com', enabled: false, source: 'created' });
    expect(await store.list('acc')).toHaveLength(1);
  });

  it('keeps every entry when writes run concurrently', async () => {
    const store = new InventoryStore({ dataDir, now });
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.upsert('acc', [{ serviceId: index + 1, domainName: `s${index}.example.com` }], 'added'),
      ),
    );
    const reread = new InventoryStore({ dataDir, now });
    expect((await reread.list('acc')).map((entry) => entry.serviceId).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
  });

  it('removes locally and remembers the sandbox seed', async () => {
    const store = new InventoryStore({ dataDir, now });
    await store.upsert(
      'sb',
      [
        { serviceId: 1, domainName: 'a' },
        { serviceId: 2, domainName: 'b' },
      ],
      'sandbox',
    );
    expect(await store.isSeeded('sb')).toBe(true);
    expect(await store.remove('sb', [1, 99])).toBe(1);
    const reread = new InventoryStore({ dataDir, now });
    expect((await reread.list('sb')).map((entry) => entry.serviceId)).toEqual([2]);
    expect(await reread.isSeeded('sb')).toBe(true);
    await reread.removeAccount('sb');
    expect(await reread.list('sb')).toEqual([]);
  });

  it('moves a corrupt file aside, reports it and starts empty', async () => {
    await writeFile(join(dataDir, 'inventory.json'), '{ not json');
    const reports: string[] = [];
    const store = new InventoryStore({ dataDir, now, onCorrupt: (report) => reports.push(report.movedTo) });
    expect(await store.list('acc')).toEqual([]);
    expect(reports).toHaveLength(1);
    expect((await readdir(dataDir)).some((name) => name.startsWith('inventory.json.corrupt-'))).toBe(true);
    await store.upsert('acc', [{ serviceId: 3, domainName: 'c' }], 'added');
    expect(JSON.parse(await readFile(join(dataDir, 'inventory.json'), 'utf8'))).toMatchObject({ version: 1 });
  });
});
