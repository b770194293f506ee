// The packaging configuration keeps the hardening it promises — Electron fuses in
// electron-builder.yml, keytar outside the asar, and runtime imports declared as dependencies.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url);
const builder = load(readFileSync(new URL('electron-builder.yml', root), 'utf8')) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};

describe('electron-builder configuration', () => {
  it('flips the Electron fuses that close the Node/debugger back doors and pin the code to app.asar', () => {
    expect(builder.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('packs keytar unpacked (a native module cannot load from inside the asar)', () => {
    expect(builder.asarUnpack).toContain('node_modules/keytar/**');
  });
});

describe('package.json dependencies', () => {
  it('declares what the hosts import at run time as dependencies, keytar as optional', () => {
    // ws: the browser host's event socket; undici: the API client; zod: every schema.
    for (const name of ['ws', 'undici', 'zod']) expect(pkg.dependencies?.[name], name).toBeDefined();
    // keytar may fail to build on a machine without libsecret: installing must still succeed.
    expect(pkg.optionalDependencies?.keytar).toBeDefined();
    expect(pkg.dependencies?.keytar).toBeUndefined();
    for (const name of ['ws', 'keytar']) expect(pkg.devDependencies?.[name], name).toBeUndefined();
  });
});
