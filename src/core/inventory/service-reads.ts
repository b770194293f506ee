// Reading services by ID (getService), a few at a time, sorting the answers into found, not
// found and failed. Used by the inventory when the user adds IDs and when the sandbox account
// is seeded; serviceInfoFromRead is how any read of a service refreshes its list entry.
import type { InventoryServiceInfo } from './inventory.ts';
import type { BudgetPriority } from '../api/budget.ts';

/** The part of the API client the reads need (structural, so tests can pass a fake). */
export type ServiceReader = {
  getService(input: { params: { serviceId: number } }, options?: { priority?: BudgetPriority }): Promise<unknown>;
};

/**
 * Codes meaning "no such service for this account" when reading a service by ID. The gateway
 * answers 400 InvalidService.IdPermission for an unknown service (docs/api-decisions.md,
 * "Unknown service on 3, 4, 5"); a 404 Request.NotFound from an older gateway means the same.
 */
const notFoundCodes = new Set(['InvalidService.IdIncorrect', 'InvalidService.IdPermission', 'Request.NotFound']);
/** Reads run a few at a time: fast for a range, gentle on the 100-requests-per-minute budget. */
const readConcurrency = 4;

type ErrorLike = { code?: unknown; message?: unknown; status?: unknown };

/** What a getService answer says about the service for its list entry; null when it names no domain. */
export function serviceInfoFromRead(serviceId: number, data: unknown): InventoryServiceInfo | null {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return typeof record.domainName === 'string' && record.domainName !== '' ? serviceInfo(serviceId, data) : null;
}

function serviceInfo(serviceId: number, data: unknown): InventoryServiceInfo {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  return {
    serviceId,
    domainName: typeof record.domainName === 'string' ? record.domainName : `service ${serviceId}`,
    ...(typeof record.cName === 'string' ? { cName: record.cName } : {}),
    ...(typeof record.enabled === 'boolean' ? { enabled: record.enabled } : {}),
  };
}

export type ReadResult = {
  found: InventoryServiceInfo[];
  notFound: number[];
  failed: { serviceId: number; code: string; message: string }[];
  /** An error that would fail every remaining ID (wrong key, no connection); those IDs are in `failed`. */
  fatal: unknown;
};

/** Reads services by ID with getService, a few at a time. */
export async function readServices(client: ServiceReader, ids: readonly number[]): Promise<ReadResult> {
  const result: ReadResult = { found: [], notFound: [], failed: [], fatal: undefined };
  const queue = [...ids];
  const worker = async (): Promise<void> => {
    for (let serviceId = queue.shift(); serviceId !== undefined && !result.fatal; serviceId = queue.shift()) {
      try {
        // A range is many reads: background priority, so interactive reads go first.
        const data: unknown = await client.getService({ params: { serviceId } }, { priority: 'background' });
        result.found.push(serviceInfo(serviceId, data));
      } catch (error) {
        const { code, message, status } = error as ErrorLike;
        if (typeof code === 'string' && notFoundCodes.has(code)) result.notFound.push(serviceId);
        // A wrong key (401) or no answer at all (connection, timeout) fails every ID the same way: stop and say so once.
        else if (status === 401 || typeof status !== 'number') {
          result.fatal = error;
          result.failed.push({ serviceId, code: String(code ?? 'Unknown'), message: String(message ?? error) });
        } else result.failed.push({ serviceId, code: String(code ?? 'Unknown'), message: String(message ?? error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(readConcurrency, ids.length) }, worker));
  if (result.fatal) {
    const { code, message } = result.fatal as ErrorLike;
    for (const serviceId of queue) result.failed.push({ serviceId, code: String(code), message: String(message) });
  }
  return result;
}
