// Every write goes through the one guarded path. api.call runs read operations
// only; each write operation sent through it is refused before any request leaves the core, so
// nothing changes on the gateway and nothing bypasses the production confirmation or the journal.
import { AppCode } from '#shared/app-errors.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '#sandbox';
import { operationIds } from '#shared/api/operations.ts';
import { operations } from '#shared/api/operations.ts';
import { isWriteOperation } from '#shared/ipc/channels/api.ts';
import { mutatingOperationIds } from '#shared/api/operation-facts.ts';
import { createCore } from '../app-core.ts';
import { createMemorySecretStore } from '../secrets/memory-store.ts';
import { data } from '../test-support/core.ts';

// A plausible input per write: the refusal must not depend on the input being wrong.
const writeInputs: Record<(typeof mutatingOperationIds)[number], { params: Record<string, unknown>; body?: unknown }> =
  {
    createService: {
      params: {},
      body: {
        domainName: 'guard.example.com',
        origins: [{ originUrl: 'https://origin.example.com' }],
        defaultHostHeader: 'originHost',
      },
    },
    updateCacheControlPolicyV2: {
      params: { serviceId: 101, policyId: 1 },
      body: { policyName: 'x', priority: 1, matches: [], ttl: 60 },
    },
    createAccessControlPolicy: {
      params: { serviceId: 101 },
      body: { policyName: 'x', type: 'ip', priority: 900, matchUrlPath: { operator: 'prefix', patterns: ['/'] } },
    },
    updateAccessControlPolicy: {
      params: { serviceId: 101, policyId: 1 },
      body: { policyName: 'x', type: 'ip', priority: 1 },
    },
    updateAccessControlPolicyV2: {
      params: { serviceId: 101, policyId: 1 },
      body: { policyName: 'x', type: 'ip', priority: 1 },
    },
    updateRedirectionPolicy: {
      params: { serviceId: 101, policyId: 1 },
      body: { policyName: 'x', redirectDestination: 'https://example.com/', httpCode: 301 },
    },
    setCorsHeaders: { params: { serviceId: 101 }, body: { allowOrigins: ['*'] } },
    upsertRateLimit: { params: { serviceId: 101 }, body: { limit: 10 } },
    deleteRateLimit: { params: { serviceId: 101 } },
  };

describe('api.call is read-only', () => {
  it('names every write: each operation is a GET, a statistics query, or a journaled write', () => {
    for (const id of operationIds) {
      const op = operations[id];
      const read = op.method === 'GET' || op.tag === 'Analytics';
      expect({ id, write: isWriteOperation(id) }).toEqual({ id, write: !read });
    }
  });

  it('refuses each write operation on a production account: no request sent, no journal entry', async () => {
    const lines: string[] = [];
    const sandbox: SandboxHandle = await startSandbox({ port: 0, log: (line) => lines.push(line) });
    const dataDir = await mkdtemp(join(tmpdir(), 'accel-write-guard-'));
    const core = createCore({ dataDir, secretStore: createMemorySecretStore(), sandboxOptions: { statePath: null } });
    try {
      const { account } = data(
        await core.invoke('accounts.add', {
          name: 'Production',
          baseUrl: sandbox.url,
          accessKeyId: sandbox.credentials.accessKeyId,
          customerId: sandbox.credentials.customerId,
          secret: sandbox.credentials.accessKeySecret,
          production: true,
          verify: false,
        }),
      );
      for (const operationId of mutatingOperationIds) {
        const result = await core.invoke('api.call', {
          accountId: account.id,
          operationId,
          input: writeInputs[operationId],
        });
        expect({ operationId, result }).toMatchObject({
          operationId,
          result: {
            ok: false,
            error: {
              code: AppCode.Api.WriteNotAllowed,
              message: expect.stringContaining('changes.apply'),
              fields: { operationId: expect.any(String) },
            },
          },
        });
      }
      // The gateway saw nothing at all, and the journal is empty.
      expect(lines).toEqual([]);
      expect(data(await core.invoke('journal.list', { accountId: account.id })).entries).toEqual([]);

      // Reads still work, and the guarded path refuses the unconfirmed production write.
      const read = await core.invoke('api.call', {
        accountId: account.id,
        operationId: 'getService',
        input: { params: { serviceId: sandbox.services[0].id } },
      });
      expect(read).toMatchObject({ ok: true, data: { data: { id: sandbox.services[0].id } } });
      const stats = await core.invoke('api.call', {
        accountId: account.id,
        operationId: 'getVolume',
        input: {
          params: { customer_id: sandbox.credentials.customerId },
          body: {
            serviceIds: [sandbox.services[0].id],
            startTime: '2026-11-20T00:00:00Z',
            endTime: '2026-11-20T01:00:00Z',
            interval: 300,
          },
        },
      });
      expect(stats.ok ? 'ok' : stats.error.code).not.toBe(AppCode.Api.WriteNotAllowed);
      const unconfirmed = await core.invoke('changes.apply', {
        accountId: account.id,
        operationId: 'deleteRateLimit',
        input: { params: { serviceId: sandbox.services[0].id } },
      });
      expect(unconfirmed).toMatchObject({ ok: false, error: { code: 'Change.ConfirmationRequired' } });
    } finally {
      await core.dispose();
      await sandbox.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
