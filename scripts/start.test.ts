import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureElectronBinary, findElectronBinary, rendererBuildIsStale } from './start.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function project(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'accel-start-'));
  await writeFile(join(dir, 'package.json'), '{"name":"x"}');
  await mkdir(join(dir, 'src', 'renderer'), { recursive: true });
  await mkdir(join(dir, 'src', 'shared'), { recursive: true });
  await writeFile(join(dir, 'src', 'renderer', 'main.ts'), '');
  return dir;
}

describe('findElectronBinary', () => {
  it('finds none when the package has no dist (ELECTRON_SKIP_BINARY_DOWNLOAD)', async () => {
    const root = await project();
    await mkdir(join(root, 'node_modules', 'electron'), { recursive: true });
    await writeFile(
      join(root, 'node_modules', 'electron', 'index.js'),
      'throw new Error("Electron failed to install correctly")',
    );
    expect(findElectronBinary(root)).toBeNull();
  });

  it('finds the binary the electron package points to', async () => {
    const root = await project();
    const pkg = join(root, 'node_modules', 'electron');
    await mkdir(join(pkg, 'dist'), { recursive: true });
    await writeFile(join(pkg, 'dist', 'electron'), '');
    await writeFile(join(pkg, 'index.js'), `module.exports = ${JSON.stringify(join(pkg, 'dist', 'electron'))};`);
    expect(findElectronBinary(root)).toBe(join(pkg, 'dist', 'electron'));
  });
});

describe('ensureElectronBinary', () => {
  async function electronPackage(installer: string): Promise<{ root: string; pkg: string }> {
    const root = await project();
    const pkg = join(root, 'node_modules', 'electron');
    await mkdir(pkg, { recursive: true });
    await writeFile(join(pkg, 'install.js'), installer);
    // Like the real package: index.js points into dist/ once install.js has put the binary there.
    await writeFile(
      join(pkg, 'index.js'),
      `const p = require('path').join(__dirname, 'dist', 'electron'); if (!require('fs').existsSync(p)) throw new Error('no binary'); module.exports = p;`,
    );
    return { root, pkg };
  }

  it('downloads the binary on first start when the package has none yet', async () => {
    const { root, pkg } = await electronPackage(
      `const fs = require('fs'), path = require('path'); fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true }); fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '');`,
    );
    expect(ensureElectronBinary(root, {})).toEqual({ binary: join(pkg, 'dist', 'electron') });
  });

  it('reports a failed download in one line instead of throwing', async () => {
    const { root } = await electronPackage(`console.error('TypeError: fetch failed'); process.exit(1);`);
    expect(ensureElectronBinary(root, {})).toEqual({
      binary: null,
      reason: 'its download failed: TypeError: fetch failed',
    });
  });

  it('does not try to download when ELECTRON_SKIP_BINARY_DOWNLOAD is set', async () => {
    const { root } = await electronPackage(`require('fs').writeFileSync(require('path').join(__dirname, 'ran'), '');`);
    expect(ensureElectronBinary(root, { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toEqual({
      binary: null,
      reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set',
    });
    expect(existsSync(join(root, 'node_modules', 'electron', 'ran'))).toBe(false);
  });
});

describe('rendererBuildIsStale', () => {
  it('is stale without a build and when a source is newer than the build', async () => {
    const root = await project();
    expect(rendererBuildIsStale(root)).toBe(true);
    await mkdir(join(root, 'out', 'renderer'), { recursive: true });
    const built = join(root, 'out', 'renderer', 'index.html');
    await writeFile(built, '');
    // Only file times are compared: every one is set here, none left to the day the test runs.
    const builtAt = new Date('2026-11-23T12:00:00Z');
    const before = new Date(builtAt.getTime() - 60_000);
    const after = new Date(builtAt.getTime() + 60_000);
    await utimes(built, builtAt, builtAt);
    await utimes(join(root, 'src', 'renderer', 'main.ts'), before, before);
    await utimes(join(root, 'src', 'renderer'), before, before);
    await utimes(join(root, 'src', 'shared'), before, before);
    expect(rendererBuildIsStale(root)).toBe(false);
    await writeFile(join(root, 'src', 'shared', 'new.ts'), '');
    await utimes(join(root, 'src', 'shared', 'new.ts'), after, after);
    // The folder as before: the new file alone makes the build stale.
    await utimes(join(root, 'src', 'shared'), before, before);
    expect(rendererBuildIsStale(root)).toBe(true);
  });
});
