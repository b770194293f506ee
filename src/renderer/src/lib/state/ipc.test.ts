// callOperation and invoke over a fake window.api (the preload's object).
import { beforeAll, describe, expect, it } from 'vitest';

let ipc: typeof import('./ipc.ts');

const sent: unknown[] = [];

beforeAll(async () => {
  (globalThis as { api?: unknown }).api = {
    on: () => () => undefined,
    host: {},
    api: {
      call: async (input: unknown) => {
        sent.push(input);
        return {
          ok: true,
          data: {
            accountId: 'a1',
            data: { serviceId: 7, domainName: 'x.example' },
            secretFields: ['origins.0.s3Credential.accessSecret'],
          },
        };
      },
    },
    app: {
      status: async () => ({ ok: false, error: { code: 'Core.Disposed', message: 'shutting down', retryable: false } }),
    },
  };
  // Imported after the fake is in place: the API object is picked once, on first use.
  ipc = await import('./ipc.ts');
});

describe('callOperation', () => {
  it('sends the operationId and its input through api.call and returns data and masked paths', async () => {
    const answer = await ipc.callOperation('a1', 'getService', { params: { serviceId: 7 } });
    expect(sent.at(-1)).toEqual({ accountId: 'a1', operationId: 'getService', input: { params: { serviceId: 7 } } });
    expect(answer).toEqual({
      data: { serviceId: 7, domainName: 'x.example' },
      secretFields: ['origins.0.s3Credential.accessSecret'],
    });
  });
});

describe('invoke', () => {
  it('rejects with the result error itself (the one shape the formatter reads)', async () => {
    await expect(ipc.invoke('app.status')).rejects.toEqual({
      code: 'Core.Disposed',
      message: 'shutting down',
      retryable: false,
    });
  });

  it('names a channel this API object does not offer', async () => {
    const error = await ipc.invoke('drafts.list', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'Client.ChannelMissing',
      message: 'This version of the app has no “drafts.list” action.',
      retryable: false,
    });
  });
});
