// The per-core stores behind drafts.*, journal.* and inventory.*: an unreadable file becomes one
// app.warning with the store's code, and every handler of a core shares one store.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from './app-core.ts';
import { createMemorySecretStore } from './secrets/memory-store.ts';
import { data } from './test-support/core.ts';
import type { CoreContext } from './context.ts';
import { perCore } from './per-core.ts';

let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-per-core-'));
  core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
});
afterEach(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('per-core stores', () => {
  it('report an unreadable drafts, journal or inventory file as an app.warning naming the kept copy', async () => {
    const warnings: { code: string; message: string }[] = [];
    core.on('app.warning', (warning) => warnings.push(warning));
    for (const name of ['drafts.json', 'journal.json', 'inventory.json']) await writeFile(join(dataDir, name), '[[[');
    const accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
    expect(data(await core.invoke('drafts.list', {})).drafts).toEqual([]);
    expect(data(await core.invoke('journal.list', {})).entries).toEqual([]);
    data(await core.invoke('inventory.list', { accountId }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((w) => w.code).sort()).toEqual(['Drafts.Corrupt', 'Inventory.Corrupt', 'Journal.Corrupt']);
    for (const warning of warnings) expect(warning.message).toMatch(/could not be read \(.+\).* kept as .+\.corrupt-/);
  });

  it('perCore makes one instance per core context', () => {
    const made: object[] = [];
    const instanceFor = perCore(() => {
      const instance = {};
      made.push(instance);
      return instance;
    });
    const a = {} as CoreContext;
    const b = {} as CoreContext;
    expect(instanceFor(a)).toBe(instanceFor(a));
    expect(instanceFor(b)).not.toBe(instanceFor(a));
    expect(made).toHaveLength(2);
  });
});
