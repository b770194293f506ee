// A real gnome-keyring whose login collection is locked (created with a password, then locked
// over D-Bus) or was never created (daemon started without --unlock): writes must fail with
// Keychain.Unavailable, a specific message and `reason`, and nothing lands on disk in plain text.
// Each case runs in a child process with a D-Bus session, data and runtime directories of its own.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyKeychainError, keychainAccessError } from './keytar-store.ts';
import { toIpcError } from '../ipc/ipc-error.ts';

const run = promisify(execFile);
const fixture = fileURLToPath(new URL('./keychain-locked.fixture.ts', import.meta.url));
const LOCK_LOGIN =
  'gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets ' +
  '--method org.freedesktop.Secret.Service.Lock "[objectpath \'/org/freedesktop/secrets/collection/login\']" >/dev/null';

function hasTools(): boolean {
  try {
    execFileSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon && command -v gdbus'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    if (!process.env.CI)
      console.warn('Skipping keychain-locked.test.ts: dbus-run-session, gnome-keyring-daemon or gdbus is missing.');
    return Boolean(process.env.CI);
  }
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'accel-locked-keyring-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the fixture after `setup` (shell) in a fresh D-Bus session; no display, so no prompt can appear. */
async function inKeyringSession(setup: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_RUNTIME_DIR: dir,
    ACCEL_DATA_DIR: join(dir, 'app'),
  };
  env.ACCEL_KEYCHAIN_SERVICE = 'Acceleration Console locked test';
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const script = `${setup} && exec "$NODE" "$FIXTURE"`;
  const { stdout } = await run('dbus-run-session', ['--', 'sh', '-c', script], {
    env: { ...env, NODE: process.execPath, FIXTURE: fixture },
    timeout: 20_000,
  });
  const result = JSON.parse(stdout);
  for (const name of await readdir(join(dir, 'app'), { recursive: true }).catch(() => [] as string[])) {
    if (!name.endsWith('.json')) continue;
    expect(await readFile(join(dir, 'app', name), 'utf8')).not.toContain('locked-keyring-probe-secret');
  }
  return result;
}

describe.runIf(hasTools())('a real gnome-keyring that cannot store', () => {
  it('locked login keyring: Keychain.Unavailable with reason "locked" and how to unlock it', async () => {
    const result = await inKeyringSession(
      `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${LOCK_LOGIN}`,
    );
    expect(result.rawError).toMatch(/locked collection/);
    expect(classifyKeychainError(result.rawError)).toBe('locked');
    expect(result.set).toMatchObject({ code: 'Keychain.Unavailable', reason: 'locked' });
    expect(result.set.message).toContain(
      'Your login keyring is locked: unlock it (e.g. log in again or run `gnome-keyring-daemon --unlock`) and try again.',
    );
    expect(result.set.message).not.toContain('locked-keyring-probe-secret');
    expect(result.add).toMatchObject({
      ok: false,
      error: { code: 'Keychain.Unavailable', message: expect.stringMatching(/login keyring is locked/) },
    });
  });

  it('no login keyring (daemon started without --unlock): reason "no-keyring"', async () => {
    const result = await inKeyringSession('gnome-keyring-daemon --start --components=secrets >/dev/null');
    expect(result.rawError).toMatch(/collection\/login/);
    expect(result.set).toMatchObject({
      code: 'Keychain.Unavailable',
      reason: 'no-keyring',
      message: expect.stringMatching(/no login keyring yet/),
    });
    expect(result.add).toMatchObject({ ok: false, error: { code: 'Keychain.Unavailable' } });
  });
});

describe('classifyKeychainError', () => {
  it('tells locked, denied/cancelled and missing keyrings from other failures', () => {
    expect(classifyKeychainError('Cannot create an item in a locked collection')).toBe('locked');
    expect(classifyKeychainError('User interaction is not allowed. (errSecInteractionNotAllowed)')).toBe('locked');
    expect(classifyKeychainError('The operation was cancelled')).toBe('denied');
    expect(classifyKeychainError('Prompt dismissed')).toBe('denied');
    expect(classifyKeychainError('User canceled the operation.')).toBe('denied');
    expect(classifyKeychainError('Access is denied.')).toBe('denied');
    expect(classifyKeychainError('Object does not exist at path “/org/freedesktop/secrets/collection/login”')).toBe(
      'no-keyring',
    );
    expect(classifyKeychainError('Cannot autolaunch D-Bus without X11 $DISPLAY')).toBe('unavailable');
    expect(classifyKeychainError('org.freedesktop.DBus.Error.AccessDenied: nope')).toBe('unavailable');
  });

  it('gives each reason its own message under the same code', () => {
    const locked = keychainAccessError('Cannot create an item in a locked collection', undefined, 'linux');
    const denied = keychainAccessError('The operation was cancelled', undefined, 'linux');
    const other = keychainAccessError('Cannot autolaunch D-Bus without X11 $DISPLAY', undefined, 'linux');
    expect(locked).toMatchObject({ code: 'Keychain.Unavailable', details: { reason: 'locked' }, retryable: true });
    expect(locked.message).toMatch(/^Your login keyring is locked: unlock it/);
    expect(denied).toMatchObject({ code: 'Keychain.Unavailable', details: { reason: 'denied' } });
    expect(denied.message).toMatch(/^Access to the system keychain was denied or its prompt was cancelled/);
    expect(other.details.reason).toBe('unavailable');
    expect(other.message).toMatch(/^The system keychain is not available \(Cannot autolaunch D-Bus/);
    expect(new Set([locked.message, denied.message, other.message]).size).toBe(3);
    expect(toIpcError(denied)).toMatchObject({ code: 'Keychain.Unavailable', message: denied.message });
  });
});
