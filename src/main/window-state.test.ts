import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clampToDisplays, DEFAULT_SIZE, loadWindowState, saveWindowState, windowStatePath } from './window-state.ts';

const primary = { x: 0, y: 0, width: 1920, height: 1040 };
const right = { x: 1920, y: 0, width: 2560, height: 1400 };

describe('clampToDisplays', () => {
  it('uses the default size, centred, without saved state', () => {
    expect(clampToDisplays(null, [primary])).toEqual(DEFAULT_SIZE);
  });

  it('keeps a saved position that is visible on a display', () => {
    expect(clampToDisplays({ x: 2000, y: 100, width: 1400, height: 900 }, [primary, right])).toEqual({
      x: 2000,
      y: 100,
      width: 1400,
      height: 900,
    });
  });

  it('drops the position when its display is gone, keeping a size that fits', () => {
    expect(clampToDisplays({ x: 2000, y: 100, width: 2400, height: 1300 }, [primary])).toEqual({
      width: 1920,
      height: 1040,
    });
  });

  it('pulls a window hanging over an edge back inside its display', () => {
    expect(clampToDisplays({ x: 1500, y: -50, width: 1000, height: 700 }, [primary])).toEqual({
      x: 920,
      y: 0,
      width: 1000,
      height: 700,
    });
  });

  it('shrinks a window larger than its display', () => {
    expect(clampToDisplays({ x: 10, y: 10, width: 5000, height: 3000 }, [primary])).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
    });
  });
});

describe('window state file', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('round-trips bounds and maximized', async () => {
    dir = await mkdtemp(join(tmpdir(), 'accel-window-'));
    await saveWindowState(dir, { bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
    expect(await loadWindowState(dir)).toEqual({ bounds: { x: 5, y: 6, width: 1000, height: 700 }, maximized: true });
  });

  it('starts without state when the file is missing or corrupt (kept aside)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'accel-window-'));
    expect(await loadWindowState(dir)).toBeNull();
    await writeFile(windowStatePath(dir), '{ nope');
    expect(await loadWindowState(dir)).toBeNull();
    expect((await readdir(dir)).some((name) => name.startsWith('window-state.json.corrupt-'))).toBe(true);
  });
});
