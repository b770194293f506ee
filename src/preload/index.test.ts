// The preload exposes exactly the contract: one function per channel grouped by feature, `on`
// and the host file actions, under the single name `api`. Electron is mocked here only.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames } from '#shared/ipc/contract.ts';
import { createRendererApi } from '#shared/ipc/renderer-api.ts';
import { encodeIpcNames, decodeIpcNames } from '#shared/ipc/channel-args.ts';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  return {
    exposed: [] as [string, unknown][],
    listeners,
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input?: unknown): Promise<unknown> => ({
        ok: true,
        data: { channel, input },
      })),
      on: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)?.add(listener);
      }),
      removeListener: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(listener);
      }),
      send: vi.fn(),
      sendSync: vi.fn(),
    },
  };
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => electron.exposed.push([key, value]) },
  ipcRenderer: electron.ipcRenderer,
}));

type Api = Record<string, Record<string, (...args: unknown[]) => unknown>> & {
  on(event: string, callback: (payload: unknown) => void): () => void;
};

const originalArgv = process.argv;
let api: Api;

/** Feature → sorted action names; functions only. */
function shape(object: Record<string, unknown>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(object)) {
    out[key] = typeof value === 'function' ? [] : Object.keys(value as object).sort();
  }
  return out;
}

beforeAll(async () => {
  process.argv = [...originalArgv, ...encodeIpcNames(channelNames, eventNames)];
  await import('./index.ts');
  api = electron.exposed[0]?.[1] as Api;
});

afterAll(() => {
  process.argv = originalArgv;
});

describe('preload', () => {
  it('exposes one object named api and nothing else', () => {
    expect(electron.exposed.map(([key]) => key)).toEqual(['api']);
    expect(Object.values(api).some((value) => value === (electron.ipcRenderer as unknown))).toBe(false);
  });

  it('has exactly the contract channels, on and host', () => {
    const expected: Record<string, string[]> = { on: [], host: ['openFile', 'saveFile'] };
    for (const channel of channelNames) {
      const [feature, ...rest] = channel.split('.');
      (expected[feature] ??= []).push(rest.join('.'));
    }
    for (const key of Object.keys(expected)) expected[key].sort();
    expect(shape(api)).toEqual(expected);
  });

  it('has the same shape as the renderer-side createRendererApi', () => {
    const transport = { invoke: vi.fn(), on: vi.fn(), host: { saveFile: vi.fn(), openFile: vi.fn() } };
    expect(shape(api)).toEqual(shape(createRendererApi(transport, channelNames) as unknown as Record<string, unknown>));
  });

  it('invokes the channel of the same name with the one input', async () => {
    const [channel] = channelNames;
    const [feature, action] = [channel.slice(0, channel.indexOf('.')), channel.slice(channel.indexOf('.') + 1)];
    const result = await api[feature][action]({ x: 1 });
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(channel, { x: 1 });
    expect(result).toEqual({ ok: true, data: { channel, input: { x: 1 } } });
  });

  it('passes only the payload to event listeners, and unsubscribes', () => {
    const [event] = eventNames;
    const callback = vi.fn();
    const off = api.on(event, callback);
    for (const listener of electron.listeners.get(event) ?? [])
      listener({ sender: electron.ipcRenderer }, { hello: 1 });
    expect(callback).toHaveBeenCalledWith({ hello: 1 });
    expect(callback.mock.calls[0]).toHaveLength(1);
    off();
    expect(electron.listeners.get(event)?.size).toBe(0);
  });

  it('refuses to listen to names that are not contract events', () => {
    expect(() => api.on('ipc-internal', () => undefined)).toThrow(/Unknown event/);
    expect(electron.ipcRenderer.on).not.toHaveBeenCalledWith('ipc-internal', expect.anything());
  });

  it('unwraps host file results and turns failures into errors', async () => {
    const host = api.host as unknown as {
      saveFile(r: unknown): Promise<unknown>;
      openFile(r: unknown): Promise<unknown>;
    };
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, data: true });
    expect(await host.saveFile({ suggestedName: 'a.json', mimeType: 'application/json', content: '{}' })).toBe(true);
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(
      'host.saveFile',
      expect.objectContaining({ suggestedName: 'a.json' }),
    );
    electron.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'Host.FileReadFailed', message: 'Could not read' },
    });
    await expect(host.openFile({ accept: ['.json'] })).rejects.toThrow('Could not read');
  });
});

describe('channel arguments', () => {
  it('round-trip the contract names', () => {
    expect(decodeIpcNames(encodeIpcNames(channelNames, eventNames))).toEqual({
      channels: channelNames,
      events: eventNames,
    });
  });

  it('drop malformed names and refuse to encode them', () => {
    expect(decodeIpcNames(['--accel-ipc-channels=a.b,__proto__.x,bad name,c.d'])).toEqual({
      channels: ['a.b', 'c.d'],
      events: [],
    });
    expect(() => encodeIpcNames(['a,b.c'], [])).toThrow();
  });
});
