import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findElectronBinary, rendererBuildIsStale } from './start.ts';

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
    await writeFile(join(root, 'node_modules', 'electron', 'index.js'), 'throw new Error("Electron failed to install correctly")');
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

describe('rendererBuildIsStale', () => {
  it('is stale without a build and when a source is newer than the build', async () => {
    const root = await project();
    expect(rendererBuildIsStale(root)).toBe(true);
    await mkdir(join(root, 'out', 'renderer'), { recursive: true });
    const built = join(root, 'out', 'renderer', 'index.html');
    await writeFile(built, '');
    const past = new Date(Date.now() - 60_000);
    await utimes(join(root, 'src', 'renderer', 'main.ts'), past, past);
    await utimes(join(root, 'src', 'renderer'), past, past);
    await utimes(join(root, 'src', 'shared'), past, past);
    expect(rendererBuildIsStale(root)).toBe(false);
    await writeFile(join(root, 'src', 'shared', 'new.ts'), '');
    expect(rendererBuildIsStale(root)).toBe(true);
  });
});
