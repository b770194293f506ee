// Cloning a service: a new service with the source's settings on a new domain, created once
// through changes.apply (journaled, added to its account's list), then a plan that applies the
// source's policies onto it. A clone started again after the app stopped mid-way continues on the
// service the first one created instead of creating a second.
import { AppCode } from '#shared/app-errors.ts';
import type { z } from 'zod';
import { CoreError } from '../errors.ts';
import { DOMAIN_TAKEN } from '../changes/unknown-outcome.ts';
import type { CloneRequest, CloneResult, ConfigDocumentDeps, ConfigSource, ReadOptions } from './config-documents.ts';
import { planApply } from '#shared/config-document/plan.ts';
import type { ServiceConfig } from '#shared/config-document/schema.ts';
import { clonePlanParts, cloneServiceBody } from '#shared/config-document/clone.ts';
import { serviceSchema } from '#shared/api/schemas/service.ts';

export function createConfigClone(
  deps: Pick<ConfigDocumentDeps, 'account' | 'client' | 'changes' | 'inventory'>,
  documents: {
    readServiceConfig(accountId: string, serviceId: number, options?: ReadOptions): Promise<ServiceConfig>;
    resolveSource(source: ConfigSource, options?: ReadOptions): Promise<ServiceConfig>;
  },
): (request: CloneRequest) => Promise<CloneResult> {
  type Created = { service: z.output<typeof serviceSchema>; entryId: string; continued?: string };

  /** The service an earlier create journaled as applied, when it still exists with that domain. */
  async function existingFromEntry(
    accountId: string,
    serviceId: number,
    domainName: string,
  ): Promise<z.output<typeof serviceSchema> | null> {
    try {
      const client = await deps.client(accountId);
      const parsed = serviceSchema.safeParse(await client.call('getService', { params: { serviceId } }));
      return parsed.success && parsed.data.domainName.toLowerCase() === domainName.toLowerCase() ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /**
   * Creates the clone's service once. A clone started again after the app stopped mid-way (the
   * journal has its create) continues on the service that create made: found by its ID when the
   * answer came, or, when it never came, known by the gateway refusing a second service with that
   * domain name (409 InvalidService.DomainName) and found in the account's list.
   */
  async function createOrContinue(request: CloneRequest, body: unknown): Promise<Created> {
    const earlier = await deps.changes.lastServiceCreate(request.accountId, request.domainName);
    if (earlier?.result.ok === true && earlier.serviceId !== null) {
      const service = await existingFromEntry(request.accountId, earlier.serviceId, request.domainName);
      if (service) {
        return {
          service,
          entryId: earlier.id,
          continued: `Service ${service.id} ${service.domainName} already exists: an earlier clone to this domain created it (it stopped before it finished); the clone continues on it.`,
        };
      }
    }
    try {
      const { entry, data } = await deps.changes.apply({
        accountId: request.accountId,
        operationId: 'createService',
        input: { params: {}, body },
        confirmProduction: request.confirmProduction,
      });
      const parsed = serviceSchema.safeParse(data);
      if (!parsed.success)
        throw new CoreError(
          AppCode.Config.UnexpectedAnswer,
          'The gateway created the service but its answer could not be read; find it by its domain with "Add by ID".',
        );
      if (earlier?.result.ok === null) {
        // The gateway took this create, so the earlier one (same domain) had not applied.
        await deps.changes.confirmNotApplied(
          earlier.id,
          `Not applied: a later create of ${request.domainName} (service ${parsed.data.id}) was accepted, so this one had not applied.`,
        );
      }
      return { service: parsed.data, entryId: entry.id };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // Created by this create (its answer lost, a resend refused), or by an earlier one whose answer was lost.
      const createdEarlier =
        code === AppCode.Change.CreatedServiceIdUnknown ||
        (code === DOMAIN_TAKEN && earlier !== undefined && earlier.result.ok !== false);
      if (!createdEarlier) throw error;
      const known = (await deps.inventory(request.accountId)).find(
        (s) => s.domainName.toLowerCase() === request.domainName.toLowerCase(),
      );
      const service = known ? await existingFromEntry(request.accountId, known.serviceId, request.domainName) : null;
      if (!service) {
        throw new CoreError(
          AppCode.Config.CloneCreatedEarlier,
          `The service “${request.domainName}” already exists: an earlier clone created it, but the app stopped before the gateway answered with its ID, and the API cannot look a service up by its domain name. Add it to the account's services by its ID (Add by ID), then apply the source's policies to it with Compare → Apply. Nothing was created twice.`,
        );
      }
      const settled = earlier ?? (await deps.changes.lastServiceCreate(request.accountId, request.domainName));
      if (settled === undefined) throw error;
      await deps.changes.confirmApplied(
        settled.id,
        'read-back',
        `Confirmed: the gateway refused a second service named ${request.domainName} (domain name already exists), and it is service ${service.id}.`,
        { serviceId: service.id },
      );
      return {
        service,
        entryId: settled.id,
        continued: `Service ${service.id} ${service.domainName} already exists: a create whose answer was lost (the app stopped, or the gateway did not answer in time) made it; the clone continues on it.`,
      };
    }
  }

  /**
   * Creates a service with the source's settings on a new domain (through changes.apply: the
   * journal records it, the account's list gains it), and plans applying the source's
   * policies onto it (clonePlanParts). The plan is applied like any other (config.apply with
   * the same parts), after the user ticks it.
   */
  async function clone(request: CloneRequest): Promise<CloneResult> {
    const account = await deps.account(request.accountId);
    if (account.production && request.confirmProduction !== true) {
      throw new CoreError(
        AppCode.Change.ConfirmationRequired,
        `“${account.name}” is a production account. Confirm creating the clone there.`,
      );
    }
    const source = await documents.resolveSource(request.source);
    const built = cloneServiceBody(source, {
      domainName: request.domainName,
      ...(request.alternateDomainNames === undefined ? {} : { alternateDomainNames: request.alternateDomainNames }),
    });
    if (!built.ok) throw new CoreError(AppCode.Config.InvalidClone, built.message, { fields: built.fields });
    const created = await createOrContinue(request, built.body);
    // A create answered now is in the account's list already (changes.apply); one continued on may not be.
    if (created.continued) await deps.changes.recordCreatedService(request.accountId, created.service);
    const target = await documents.readServiceConfig(request.accountId, created.service.id);
    return {
      service: { id: created.service.id, domainName: created.service.domainName, cName: created.service.cName ?? null },
      journalEntryId: created.entryId,
      plan: planApply(source, target, { parts: clonePlanParts }),
      ...(created.continued ? { continued: created.continued } : {}),
    };
  }

  return clone;
}
