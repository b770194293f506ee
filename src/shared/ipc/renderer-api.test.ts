import { describe, expect, it } from 'vitest';
import { createRendererApi, type RendererTransport } from './renderer-api.ts';
import { channelNames } from './contract.ts';

describe('createRendererApi', () => {
  it('exposes one method per channel, grouped by feature, over the transport', async () => {
    const calls: [string, unknown][] = [];
    const listeners: string[] = [];
    const transport: RendererTransport = {
      invoke: async (channel, input) => {
        calls.push([channel, input]);
        return { ok: true, data: channel };
      },
      on: (event) => {
        listeners.push(event);
        return () => listeners.splice(listeners.indexOf(event), 1);
      },
      host: { saveFile: async () => true, openFile: async () => null },
    };
    const api = createRendererApi(transport, channelNames);
    expect(await api.accounts.list()).toEqual({ ok: true, data: 'accounts.list' });
    await api.accounts.switch({ accountId: 'a1' });
    expect(calls).toEqual([
      ['accounts.list', undefined],
      ['accounts.switch', { accountId: 'a1' }],
    ]);
    for (const channel of channelNames) {
      const [feature, action] = channel.split('.');
      expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[feature][action]).toBe('function');
    }
    const off = api.on('accounts.changed', () => {});
    expect(listeners).toEqual(['accounts.changed']);
    off();
    expect(listeners).toEqual([]);
    expect(await api.host.openFile({ accept: ['.json'] })).toBeNull();
  });
});
