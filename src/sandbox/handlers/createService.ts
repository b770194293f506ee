import { apiError } from '../errors.ts';
import { bodyOf, customerIdOf } from './common.ts';
import type { Handler } from './types.ts';

/** POST /cdn/v1.0/service */
export const createService: Handler = (ctx) => {
  const customerId = customerIdOf(ctx);
  if (!ctx.store.customer(customerId)?.provisioned) {
    throw apiError('InvalidCustomer.ProvisionNotFound', `Customer ${customerId} has no provision record.`);
  }
  const body = bodyOf(ctx, 'createService');
  const names = [body.domainName, ...(body.alternateDomainNames ?? [])];
  const lower = names.map((n) => n.toLowerCase());
  const repeated = names.find((_n, i) => lower.indexOf(lower[i]) !== i);
  if (repeated !== undefined) throw apiError('InvalidService.DomainName', `Domain name ${repeated} is listed twice.`);
  const taken = ctx.store.takenDomainNames(names);
  if (taken.length > 0) throw apiError('InvalidService.DomainName', `Domain name ${taken[0]} already exists.`);
  const record = ctx.store.createService(customerId, body, ctx.nowMs);
  return { body: record.service };
};
