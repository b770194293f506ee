import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir.ts';

// The CLI and the browser host must find the accounts the Electron app keeps
// (Electron's appData + "acceleration-console").
describe('defaultDataDir', () => {
  it('honours ACCEL_DATA_DIR on every platform', () => {
    expect(defaultDataDir({ ACCEL_DATA_DIR: ' /srv/accel ' }, 'linux')).toBe('/srv/accel');
    expect(defaultDataDir({ ACCEL_DATA_DIR: '/srv/accel' }, 'darwin')).toBe('/srv/accel');
  });

  it('follows XDG_CONFIG_HOME on Linux, like Electron', () => {
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/x/config' }, 'linux')).toBe(join('/x/config', 'acceleration-console'));
    expect(defaultDataDir({}, 'linux')).toBe(join(homedir(), '.config', 'acceleration-console'));
  });

  it('uses Application Support on macOS and APPDATA on Windows', () => {
    expect(defaultDataDir({}, 'darwin')).toBe(
      join(homedir(), 'Library', 'Application Support', 'acceleration-console'),
    );
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\a\\AppData\\Roaming' }, 'win32')).toBe(
      join('C:\\Users\\a\\AppData\\Roaming', 'acceleration-console'),
    );
  });
});
