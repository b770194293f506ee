// The core's services (createCoreServices), built once per core: the stores behind drafts.*,
// journal.* and inventory.* turn an unreadable file into one app.warning with the store's code;
// every handler and host of a core shares one instance; building them reads nothing.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from './app-core.ts';
import { createMemorySecretStore } from './secrets/memory-store.ts';
import { data } from './test-support/core.ts';

let dataDir: string;
let core: Core;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-core-services-'));
  core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
});
afterEach(async () => {
  await core.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('core services', () => {
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

  it('are built once per core: the handlers use the instance hosts see, another core has its own', async () => {
    const other = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
    try {
      const save = vi.spyOn(core.services.drafts, 'save');
      const accountId = data(await core.invoke('accounts.ensureSandbox', { makeCurrent: true })).id;
      data(
        await core.invoke('drafts.save', {
          accountId,
          serviceId: 4242,
          policyKey: 'cors',
          value: { accessControlAllowOrigin: '*' },
        }),
      );
      expect(save).toHaveBeenCalledTimes(1);
      expect(other.services.drafts).not.toBe(core.services.drafts);
      expect(other.services.journal).not.toBe(core.services.journal);
    } finally {
      await other.dispose();
    }
  });

  it('read no file when built: a corrupt journal is found on first use, not at start', async () => {
    await core.dispose();
    await writeFile(join(dataDir, 'journal.json'), '[[[');
    const warnings: string[] = [];
    core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
    core.on('app.warning', (warning) => warnings.push(warning.code));
    data(await core.invoke('drafts.list', {}));
    expect(await readFile(join(dataDir, 'journal.json'), 'utf8')).toBe('[[[');
    expect(warnings).toEqual([]);
    expect(data(await core.invoke('journal.list', {})).entries).toEqual([]);
    expect(warnings).toEqual(['Journal.Corrupt']);
  });
});
