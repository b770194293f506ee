// `npm test` on a fresh machine: as root it installs what is missing and brings
// keytar back; otherwise it stops at once with the exact commands.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keytarFixCommand, movedClockEnv, MOVED_CLOCK, planSetup } from './test.ts';

describe('planSetup', () => {
  it('runs at once when the system packages are there and keytar loads', () => {
    expect(planSetup({ missing: [], keytar: 'ok', isRoot: false, hasAptGet: true })).toEqual({ kind: 'ready' });
  });

  it('as root: installs the packages and reinstalls the keytar that npm skipped (or rebuilds one that does not load)', () => {
    expect(planSetup({ missing: ['libsecret-1-dev'], keytar: 'not-installed', isRoot: true, hasAptGet: true })).toEqual(
      { kind: 'install', apt: true, npm: 'npm install' },
    );
    expect(planSetup({ missing: [], keytar: 'not-loading', isRoot: true, hasAptGet: true })).toEqual({
      kind: 'install',
      apt: false,
      npm: 'npm rebuild keytar',
    });
    expect(planSetup({ missing: ['chromium'], keytar: 'ok', isRoot: true, hasAptGet: true })).toEqual({
      kind: 'install',
      apt: true,
      npm: null,
    });
  });

  it('otherwise: stops with one line of exact commands, packages first, then keytar', () => {
    const plan = planSetup({
      missing: ['libsecret-1-dev', 'chromium'],
      keytar: 'not-installed',
      isRoot: false,
      hasAptGet: true,
    });
    expect(plan.kind).toBe('stop');
    if (plan.kind !== 'stop') return;
    expect(plan.message).toMatch(/missing \(libsecret-1-dev, chromium\) and keytar's native module/);
    expect(plan.message).toMatch(
      /\n {2}sudo apt-get update && sudo apt-get install -y chromium gnome-keyring dbus dbus-x11 libsecret-1-dev [^\n]* && npm install$/,
    );
    const keytarOnly = planSetup({ missing: [], keytar: 'not-loading', isRoot: false, hasAptGet: true });
    expect(keytarOnly).toEqual({
      kind: 'stop',
      message: expect.stringMatching(/does not load[^\n]*\. Run:\n {2}npm rebuild keytar$/),
    });
  });

  it('keytarFixCommand', () => {
    expect([keytarFixCommand('ok'), keytarFixCommand('not-installed'), keytarFixCommand('not-loading')]).toEqual([
      null,
      'npm install',
      'npm rebuild keytar',
    ]);
  });
});

describe('the moved-clock vitest run', () => {
  it('preloads libfaketime with the offset, keeping any library already preloaded', () => {
    expect(MOVED_CLOCK).toBe('+400d');
    expect(movedClockEnv({}, '/lib/faketime.so.1')).toEqual({
      FAKETIME: MOVED_CLOCK,
      LD_PRELOAD: '/lib/faketime.so.1',
    });
    expect(movedClockEnv({ LD_PRELOAD: '/lib/other.so' }, '/lib/faketime.so.1').LD_PRELOAD).toBe(
      '/lib/faketime.so.1:/lib/other.so',
    );
  });

  it('really moves the clock: the process clock is FAKETIME days from the file system clock (equal in the normal run)', async () => {
    // File times come from the kernel's real clock, which libfaketime does not move.
    const dir = await mkdtemp(join(tmpdir(), 'accel-moved-clock-'));
    try {
      await writeFile(join(dir, 'now'), '');
      const fileTime = (await stat(join(dir, 'now'))).mtimeMs;
      // '+400d' in the moved run (MOVED_CLOCK); any relative offset in days when run by hand.
      const offset = /^([+-]\d+)d$/.exec(process.env.FAKETIME ?? '+0d');
      expect(offset, `FAKETIME=${process.env.FAKETIME} is not an offset in days`).not.toBeNull();
      expect(Math.round((Date.now() - fileTime) / 86_400_000)).toBe(Number(offset![1]));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
