// app.getSettings / app.updateSettings through the core's invoke(): the theme is kept in
// <dataDir>/settings.json, so it survives a restart (the browser host's localStorage does not).
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { JOURNAL_FILE } from '../journal/journal.ts';
import { DRAFTS_FILE } from '../drafts/drafts.ts';
import { INVENTORY_FILE } from '../inventory/inventory.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';
import { SETTINGS_FILE } from '../settings/settings.ts';

let dataDir: string;
let cores: Core[] = [];

function start(): Core {
  const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
  cores.push(core);
  return core;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-settings-'));
});
afterEach(async () => {
  await Promise.all(cores.map((core) => core.dispose()));
  cores = [];
  await rm(dataDir, { recursive: true, force: true });
});

describe('app settings', () => {
  it('keeps the theme across a restart on the same data dir', async () => {
    const first = start();
    expect(data(await first.invoke('app.getSettings', undefined))).toEqual({
      theme: 'system',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    expect(data(await first.invoke('app.updateSettings', { theme: 'dark' }))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    await first.dispose();

    const second = start();
    expect(data(await second.invoke('app.getSettings', undefined))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    // An empty patch changes nothing.
    expect(data(await second.invoke('app.updateSettings', {}))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
  });

  it('applies quick successive updates in order: the last pick is what is stored', async () => {
    const core = start();
    const results = await Promise.all(
      (['light', 'system', 'dark', 'light'] as const).map((theme) => core.invoke('app.updateSettings', { theme })),
    );
    expect(results.map((r) => data(r).theme)).toEqual(['light', 'system', 'dark', 'light']);
    expect(JSON.parse(await readFile(join(dataDir, SETTINGS_FILE), 'utf8'))).toEqual({
      theme: 'light',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
  });

  it('refuses an unknown theme and keeps the stored one', async () => {
    const core = start();
    data(await core.invoke('app.updateSettings', { theme: 'light' }));
    const refused = await core.invoke('app.updateSettings', { theme: 'sepia' } as never);
    expect(refused.ok).toBe(false);
    expect(data(await core.invoke('app.getSettings', undefined))).toEqual({
      theme: 'light',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
  });

  it('falls back to defaults on a corrupt settings file, keeps it aside and warns', async () => {
    await writeFile(join(dataDir, SETTINGS_FILE), '{"theme":');
    const core = start();
    expect(data(await core.invoke('app.getSettings', undefined))).toEqual({
      theme: 'system',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
    const status = data(await core.invoke('app.status', undefined));
    expect(status.warnings.map((w) => w.code)).toContain('Settings.FileCorrupt');
    expect((await readdir(dataDir)).some((name) => name.startsWith(`${SETTINGS_FILE}.corrupt-`))).toBe(true);
    // Saving again writes a good file.
    data(await core.invoke('app.updateSettings', { theme: 'dark' }));
    expect(data(await start().invoke('app.getSettings', undefined))).toEqual({
      theme: 'dark',
      backgroundSnapshots: true,
      overviewWatch: { accountIds: [], tags: [] },
    });
  });

  it('keeps a corrupt journal, drafts or inventory file as a warning in app.status until dismissed', async () => {
    for (const file of [JOURNAL_FILE, DRAFTS_FILE, INVENTORY_FILE]) await writeFile(join(dataDir, file), '[1, 2');
    const core = start();
    const events: string[] = [];
    core.on('app.warning', (warning) => events.push(warning.code));
    const codes = (status: { warnings: { code: string }[] }) => status.warnings.map((w) => w.code).sort();
    // The first status reads every file (no handler of those features has run yet).
    expect(codes(data(await core.invoke('app.status', undefined)))).toEqual([
      'Drafts.Corrupt',
      'Inventory.Corrupt',
      'Journal.Corrupt',
    ]);
    expect(events.sort()).toEqual(['Drafts.Corrupt', 'Inventory.Corrupt', 'Journal.Corrupt']);
    // A page that connects later still sees them.
    const later = data(await core.invoke('app.status', undefined));
    expect(later.warnings.find((w) => w.code === 'Journal.Corrupt')?.message).toMatch(/journal\.json\.corrupt-/);
    expect(data(await core.invoke('app.dismissWarning', { code: 'Journal.Corrupt' }))).toEqual({ ok: true });
    expect(codes(data(await core.invoke('app.status', undefined)))).toEqual(['Drafts.Corrupt', 'Inventory.Corrupt']);
  });

  it('removes temp files a killed writer left in the data dir at start', async () => {
    const stale = [`.${JOURNAL_FILE}.tmp-4194305-0123456789ab`, `.${SETTINGS_FILE}.tmp-4194305-ba9876543210`];
    for (const name of stale) await writeFile(join(dataDir, name), 'x'.repeat(1000));
    const core = start();
    data(await core.invoke('app.info', undefined));
    expect(await readdir(dataDir)).toEqual([]);
  });
});
