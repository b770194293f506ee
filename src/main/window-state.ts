// Remembers the main window's size, position and maximized state in <userData>/window-state.json.
// A saved position is only reused when it is still visible on one of the current displays
// (monitors get unplugged); otherwise the window is centred on the primary display.
import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic } from '#core/storage/atomic-json.ts';
import { systemClock } from '#core/clock.ts';

export type Rectangle = { x: number; y: number; width: number; height: number };
export type WindowState = { bounds: Rectangle; maximized: boolean };

export const DEFAULT_SIZE = { width: 1280, height: 820 };
export const MIN_SIZE = { width: 900, height: 600 };
/** How much of the window must be on a display (each way) for the position to be reused. */
const MIN_VISIBLE = 100;

const windowStateSchema = z.object({
  version: z.literal(1),
  bounds: z.object({ x: z.number().int(), y: z.number().int(), width: z.number().int(), height: z.number().int() }),
  maximized: z.boolean(),
});

export function windowStatePath(userDataDir: string): string {
  return join(userDataDir, 'window-state.json');
}

export async function loadWindowState(userDataDir: string): Promise<WindowState | null> {
  try {
    const saved = await readJsonFile(windowStatePath(userDataDir), windowStateSchema, { now: systemClock.now });
    return saved ? { bounds: saved.bounds, maximized: saved.maximized } : null;
  } catch {
    // An unreadable file costs the user a window position, never the start of the app.
    return null;
  }
}

export async function saveWindowState(userDataDir: string, state: WindowState): Promise<void> {
  await writeJsonFileAtomic(windowStatePath(userDataDir), { version: 1, ...state });
}

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The bounds to open the window with, given what was saved and the work areas of the displays
 * (primary first). The size is clamped to the display it lands on and the window is pulled fully
 * inside it (so the title bar is reachable); a position on no current display is dropped
 * (x/y undefined = let Electron centre the window).
 */
export function clampToDisplays(
  saved: Rectangle | null,
  workAreas: readonly Rectangle[],
): { x?: number; y?: number; width: number; height: number } {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  const fit = (size: { width: number; height: number }, area: Rectangle) => ({
    width: Math.max(Math.min(size.width, area.width), Math.min(MIN_SIZE.width, area.width)),
    height: Math.max(Math.min(size.height, area.height), Math.min(MIN_SIZE.height, area.height)),
  });
  if (!saved || saved.width <= 0 || saved.height <= 0) return fit(DEFAULT_SIZE, primary);

  // The display showing most of the window, if a usable part of it is visible at all.
  let host: Rectangle | undefined;
  let best = 0;
  for (const area of workAreas) {
    const o = overlap(saved, area);
    if (o.width < Math.min(MIN_VISIBLE, saved.width) || o.height < Math.min(MIN_VISIBLE, saved.height)) continue;
    if (o.width * o.height > best) {
      best = o.width * o.height;
      host = area;
    }
  }
  if (!host) return fit(saved, primary);

  const size = fit(saved, host);
  // Pull the window inside its display when it hangs over an edge.
  const x = Math.min(Math.max(saved.x, host.x), host.x + host.width - size.width);
  const y = Math.min(Math.max(saved.y, host.y), host.y + host.height - size.height);
  return { x, y, ...size };
}
