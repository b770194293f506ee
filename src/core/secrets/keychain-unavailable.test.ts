// The real keytar store without a D-Bus session: every operation must fail with
// Keychain.Unavailable and a fix, and the core must refuse to store the secret anywhere else.
// Runs in a child process because the D-Bus address is read once per process.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./keychain-unavailable.fixture.ts', import.meta.url));
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'accel-nokeychain-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('keychain without a D-Bus session', () => {
  it('reports Keychain.Unavailable with how to fix it, and stores no secret in plain text', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ACCEL_DATA_DIR: dataDir,
      ACCEL_KEYCHAIN_SERVICE: 'Acceleration Console unavailable test',
    };
    // Without a session bus (and without X11 to autolaunch one) libsecret cannot work.
    // (GDBus would also try $XDG_RUNTIME_DIR/bus, present on desktops with a user session.)
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.XDG_RUNTIME_DIR;
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    const { stdout } = await run(process.execPath, [script], { env, timeout: 15_000 });
    const result = JSON.parse(stdout);
    expect(result.status).toMatchObject({ available: false, code: 'Keychain.Unavailable' });
    expect(result.status.message).toMatch(/gnome-keyring/);
    expect(result.set).toMatchObject({ code: 'Keychain.Unavailable', message: expect.stringMatching(/D-Bus/) });
    expect(result.add).toMatchObject({ ok: false, error: { code: 'Keychain.Unavailable', retryable: true } });
    expect(result.appStatus.keychain).toMatchObject({ available: false, code: 'Keychain.Unavailable' });
    for (const name of await readdir(dataDir, { recursive: true })) {
      if (!name.endsWith('.json')) continue;
      expect(await readFile(join(dataDir, name), 'utf8')).not.toContain('plain-text-must-not-happen');
    }
  });
});
