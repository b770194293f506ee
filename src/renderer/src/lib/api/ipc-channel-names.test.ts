// The channel names built into the renderer are the IPC table's, all of them.
import { describe, expect, it } from 'vitest';
import { channelNames } from '#shared/ipc/contract.ts';
import { ipcChannelNames } from './ipc-channel-names.ts';

describe('ipcChannelNames', () => {
  it('lists every channel of the IPC table', () => {
    expect([...ipcChannelNames].sort()).toEqual([...channelNames].sort());
    expect(ipcChannelNames).toContain('accounts.list');
  });
});
