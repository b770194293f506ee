// The preload learns the channel and event names from main through
// `webPreferences.additionalArguments`. It cannot import the IPC table itself: that pulls in
// zod, and a sandboxed preload may only require 'electron'. Main derives the list from the
// contract, so the preload can never drift from it.
const CHANNELS_ARG = '--accel-ipc-channels=';
const EVENTS_ARG = '--accel-ipc-events=';

/** Channel names are `feature.action`: letters, digits and dots only, so a comma separates them safely. */
const NAME = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

export function encodeIpcNames(channels: readonly string[], events: readonly string[]): string[] {
  for (const name of [...channels, ...events]) {
    if (!NAME.test(name)) throw new Error(`IPC name not transportable: ${name}`);
  }
  return [CHANNELS_ARG + channels.join(','), EVENTS_ARG + events.join(',')];
}

export function decodeIpcNames(argv: readonly string[]): { channels: string[]; events: string[] } {
  const read = (prefix: string): string[] => {
    const arg = argv.find((value) => value.startsWith(prefix));
    if (arg === undefined) return [];
    return arg
      .slice(prefix.length)
      .split(',')
      .filter((name) => NAME.test(name));
  };
  return { channels: read(CHANNELS_ARG), events: read(EVENTS_ARG) };
}

/** Host file actions: handled by the Electron host itself, not by the core. */
export const HOST_SAVE_FILE = 'host.saveFile';
export const HOST_OPEN_FILE = 'host.openFile';
