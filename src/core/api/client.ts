// The API client bound to THE operation table: one typed method per operationId
// (client.getService({ params: { serviceId: 1 } })) plus call(id, input, options).
import { operations } from '#shared/api/operations.ts';
import { createApiClientFor, type ApiClientFor, type ApiClientOptions } from './client-core.ts';

export { createApiClientFor } from './client-core.ts';
export type { ApiClientOptions, ApiLogEntry, RequestInput } from './client-core.ts';

export type ApiClient = ApiClientFor<typeof operations>;

export function createApiClient(options: ApiClientOptions): ApiClient {
  return createApiClientFor(operations, options);
}
