// Keychain error texts reach the renderer inside Keychain.Unavailable: they must never carry the
// secret that was being stored, even if a native backend echoed it.
import { describe, expect, it } from 'vitest';
import { describeKeychainError } from './keytar-store.ts';
import { KeychainUnavailableError } from '../errors.ts';
import { toIpcError } from '../ipc-error.ts';

describe('describeKeychainError', () => {
  const secret = 'keychain-echoed-secret-1234567890';

  it('cuts the secret being stored out of the backend message', () => {
    const text = describeKeychainError(new Error(`Cannot store "${secret}": collection is locked`), secret);
    expect(text).not.toContain(secret);
    expect(text).toContain('collection is locked');
  });

  it('keeps the backend message otherwise and names an empty one', () => {
    expect(describeKeychainError(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'))).toBe('Cannot autolaunch D-Bus without X11 $DISPLAY');
    expect(describeKeychainError(new Error('  '))).toBe('unknown keychain error');
  });

  it('gives an IPC error without the secret', () => {
    const error = new KeychainUnavailableError(describeKeychainError(new Error(`bad item ${secret}`), secret));
    expect(JSON.stringify(toIpcError(error))).not.toContain(secret);
    expect(toIpcError(error)).toMatchObject({ code: 'Keychain.Unavailable', retryable: true });
  });
});
