import { z } from 'zod';
import { idParam } from './common.ts';

export const customerParamsSchema = z.object({ customer_id: idParam('Customer ID') });

/** Response of operation 1. Lenient: unknown fields kept, optional ones optional. */
export const customerSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().optional(),
  partnership: z.number().optional(),
  ingestDomain: z.string().nullable().optional(),
  industry: z.string().optional(),
  type: z.number().optional(),
  region: z.string().optional(),
  parentId: z.number().optional(),
  onboardingType: z.number().optional(),
});
