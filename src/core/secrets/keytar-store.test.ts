// Keychain error texts reach the renderer inside Keychain.Unavailable: they must never carry the
// secret that was being stored, even if a native backend echoed it.
import { describe, expect, it } from 'vitest';
import { describeKeychainError, diagnoseKeytarLoadError, keytarModuleError } from './keytar-store.ts';
import { keychainUnavailable } from '../errors.ts';
import { toIpcError } from '../ipc/ipc-error.ts';

describe('describeKeychainError', () => {
  const secret = 'keychain-echoed-secret-1234567890';

  it('cuts the secret being stored out of the backend message', () => {
    const text = describeKeychainError(new Error(`Cannot store "${secret}": collection is locked`), secret);
    expect(text).not.toContain(secret);
    expect(text).toContain('collection is locked');
  });

  it('keeps the backend message otherwise and names an empty one', () => {
    expect(describeKeychainError(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'))).toBe(
      'Cannot autolaunch D-Bus without X11 $DISPLAY',
    );
    expect(describeKeychainError(new Error('  '))).toBe('unknown keychain error');
  });

  it('gives an IPC error without the secret', () => {
    const error = keychainUnavailable(describeKeychainError(new Error(`bad item ${secret}`), secret));
    expect(JSON.stringify(toIpcError(error))).not.toContain(secret);
    expect(toIpcError(error)).toMatchObject({ code: 'Keychain.Unavailable', retryable: true });
  });
});

describe('diagnoseKeytarLoadError (keytar not installed or not loading)', () => {
  // The texts Node gives for each case (ESM import of a missing package; keytar's require of its
  // .node build; dlopen without libsecret; a build for another Node ABI).
  const notInstalled = "Cannot find package 'keytar' imported from /app/src/core/secrets/keytar-store.ts";
  const noBuild =
    "Cannot find module '../build/Release/keytar.node'\nRequire stack:\n- /app/node_modules/keytar/lib/keytar.js";
  const noLibrary = 'libsecret-1.so.0: cannot open shared object file: No such file or directory';
  const otherAbi = 'The module was compiled against a different Node.js version using NODE_MODULE_VERSION 130.';

  it('names the module, not the keyring, and gives the one command that fixes it', () => {
    expect(diagnoseKeytarLoadError(notInstalled, 'ERR_MODULE_NOT_FOUND', 'linux', true)).toEqual({
      missing: expect.stringMatching(/keytar module is not installed.*libsecret-1-dev/),
      fixCommand: 'sudo apt-get install -y libsecret-1-dev && npm install',
      notInstalled: true,
    });
    expect(diagnoseKeytarLoadError(notInstalled, 'ERR_MODULE_NOT_FOUND', 'linux', false).fixCommand).toBe(
      'sudo apt-get install -y libsecret-1-dev gnome-keyring && npm install',
    );
    expect(diagnoseKeytarLoadError(noBuild, 'MODULE_NOT_FOUND', 'linux', true).fixCommand).toBe(
      'sudo apt-get install -y libsecret-1-dev && npm rebuild keytar',
    );
    expect(diagnoseKeytarLoadError(otherAbi, 'ERR_DLOPEN_FAILED', 'linux', true).fixCommand).toBe(
      'sudo apt-get install -y libsecret-1-dev && npm rebuild keytar',
    );
    expect(diagnoseKeytarLoadError(noLibrary, 'ERR_DLOPEN_FAILED', 'linux', false)).toEqual({
      missing: expect.stringContaining('libsecret-1-0'),
      fixCommand: 'sudo apt-get install -y libsecret-1-0 gnome-keyring',
    });
    expect(diagnoseKeytarLoadError(notInstalled, 'ERR_MODULE_NOT_FOUND', 'darwin').fixCommand).toBe('npm install');
    expect(diagnoseKeytarLoadError(noBuild, 'MODULE_NOT_FOUND', 'win32').fixCommand).toBe('npm rebuild keytar');
  });

  it('keytarModuleError says what is missing and the command, never the keyring install hint', () => {
    const error = keytarModuleError(
      diagnoseKeytarLoadError(notInstalled, 'ERR_MODULE_NOT_FOUND', 'linux', true),
      'keytar: not found',
    );
    expect(error).toMatchObject({
      code: 'Keychain.Unavailable',
      details: { reason: 'module-missing', fixCommand: 'sudo apt-get install -y libsecret-1-dev && npm install' },
    });
    expect(error.message).toContain('`sudo apt-get install -y libsecret-1-dev && npm install`');
    expect(error.message).not.toMatch(/Install and unlock a Secret Service|gnome-keyring-daemon|D-Bus/);
    // An absent package needs no loader text; a build that does not load keeps it for diagnosis.
    expect(error.message).not.toContain('keytar: not found');
    const abi = keytarModuleError(
      diagnoseKeytarLoadError(otherAbi, 'ERR_DLOPEN_FAILED', 'linux', true),
      'keytar: NODE_MODULE_VERSION 130',
    );
    expect(abi.message).toMatch(
      /does not load .*`sudo apt-get install -y libsecret-1-dev && npm rebuild keytar`.*\(keytar: NODE_MODULE_VERSION 130\)$/,
    );
  });
});
