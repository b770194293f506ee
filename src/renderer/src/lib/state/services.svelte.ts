import type { Service, CreateServiceBody } from '#shared/api/schemas/service.ts';
import { serviceSchema } from '#shared/api/schemas/service.ts';
import { callOperation, invoke } from './ipc.ts';
import { formatError } from './format-error.ts';
import { inventory } from './inventory.svelte.ts';

export type { Service };

interface ServiceDetails {
  service: Service;
  /** Dotted paths of masked secrets (api.revealSecret can show each one). */
  secretFields: string[];
  /** ISO time of the read. */
  loadedAt: string;
}

function key(accountId: string, serviceId: number): string {
  return `${accountId}:${serviceId}`;
}

function parseService(data: unknown): Service {
  const parsed = serviceSchema.safeParse(data);
  if (!parsed.success) throw new Error('The gateway answered with a service record this app cannot read.');
  return parsed.data;
}

/** Service records read through api.call (getService); secrets arrive masked. */
class ServicesState {
  #details = $state<Record<string, ServiceDetails>>({});
  #loading = $state<Record<string, boolean>>({});
  #errors = $state<Record<string, string>>({});

  details(accountId: string, serviceId: number): ServiceDetails | undefined {
    return this.#details[key(accountId, serviceId)];
  }

  isLoading(accountId: string, serviceId: number): boolean {
    return this.#loading[key(accountId, serviceId)] ?? false;
  }

  error(accountId: string, serviceId: number): string | undefined {
    return this.#errors[key(accountId, serviceId)];
  }

  async load(accountId: string, serviceId: number): Promise<ServiceDetails | undefined> {
    const k = key(accountId, serviceId);
    this.#loading[k] = true;
    try {
      const result = await callOperation(accountId, 'getService', { params: { serviceId } });
      const details: ServiceDetails = {
        service: parseService(result.data),
        secretFields: result.secretFields,
        loadedAt: new Date().toISOString(),
      };
      this.#details[k] = details;
      delete this.#errors[k];
      // The core's read brought the service's list entry in step (name, CNAME, state).
      return details;
    } catch (error) {
      this.#errors[k] = formatError(error).detail;
      throw error;
    } finally {
      this.#loading[k] = false;
    }
  }

  /** One masked value, read afresh from the gateway (only when the user asks). */
  async reveal(accountId: string, serviceId: number, path: string): Promise<string> {
    const result = await invoke('api.revealSecret', {
      accountId,
      operationId: 'getService',
      input: { params: { serviceId } },
      path,
    });
    return result.value;
  }

  /**
   * Creates a service through the guarded change path (changes.apply): the core asks a production
   * account for confirmation (Change.ConfirmationRequired until the user confirmed), journals the create
   * and adds the service to the account's list.
   */
  async create(accountId: string, body: CreateServiceBody, confirmProduction = false): Promise<Service> {
    const { data } = await invoke('changes.apply', {
      accountId,
      operationId: 'createService',
      input: { params: {}, body },
      ...(confirmProduction ? { confirmProduction: true } : {}),
    });
    const service = parseService(data);
    // Shown at once (the core's inventory.changed event reloads it too).
    await inventory.load(accountId);
    return service;
  }
}

export const services = new ServicesState();
