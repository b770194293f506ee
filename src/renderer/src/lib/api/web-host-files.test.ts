// @vitest-environment jsdom
// host.saveFile / host.openFile in the browser: a download link and a file picker.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebTransport } from './web-transport.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('browser host file actions', () => {
  it('saves through a temporary download link with the suggested name', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:test/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    const { host } = createWebTransport({ baseUrl: 'http://127.0.0.1:1' });
    expect(
      await host.saveFile({ suggestedName: 'accounts.json', mimeType: 'application/json', content: '{"a":1}' }),
    ).toBe(true);
    expect(clicks).toHaveLength(1);
    expect(clicks[0].download).toBe('accounts.json');
    expect(clicks[0].getAttribute('href')).toBe('blob:test/1');
    expect(clicks[0].isConnected).toBe(false);
    expect(created[0].type).toBe('application/json');
    expect(await created[0].text()).toBe('{"a":1}');
  });

  it('opens through a file input and resolves the chosen file, or null when cancelled', async () => {
    const inputs: HTMLInputElement[] = [];
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      inputs.push(this);
    });
    const { host } = createWebTransport({ baseUrl: 'http://127.0.0.1:1' });

    const opened = host.openFile({ accept: ['.json', 'application/json'] });
    const input = inputs[0];
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.json,application/json');
    Object.defineProperty(input, 'files', {
      value: [new File(['{"x":2}'], 'profiles.json', { type: 'application/json' })],
    });
    input.dispatchEvent(new Event('change'));
    expect(await opened).toEqual({ name: 'profiles.json', content: '{"x":2}' });
    expect(input.isConnected).toBe(false);

    const cancelled = host.openFile({ accept: [] });
    inputs[1].dispatchEvent(new Event('cancel'));
    expect(await cancelled).toBeNull();
  });
});
