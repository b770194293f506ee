// Service inventory: the API has no "list services" operation, so each account keeps the list
// of services it knows about (created here, added by ID, or seeded by the sandbox). Removing an
// entry only forgets it locally; the service itself is untouched.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema } from '../define.ts';
import { parseServiceIdList } from '../../service-id-list.ts';

const inventorySourceSchema = z.enum(['created', 'added', 'sandbox']);
export type InventorySource = z.infer<typeof inventorySourceSchema>;

export const inventoryEntrySchema = z.object({
  serviceId: z.number().int().positive(),
  domainName: z.string(),
  cName: z.string().optional(),
  enabled: z.boolean().optional(),
  source: inventorySourceSchema,
  addedAt: z.string(),
});
export type InventoryEntry = z.infer<typeof inventoryEntrySchema>;

const accountIdSchema = idSchema;

export const inventoryChannels = defineChannels({
  'inventory.list': {
    input: z.strictObject({ accountId: accountIdSchema }),
    output: z.object({ accountId: z.string(), services: z.array(inventoryEntrySchema) }),
  },
  'inventory.addByIds': {
    /** `ids` as the user typed it: "101", "101, 102" or "100-110". */
    input: z.strictObject({
      accountId: accountIdSchema,
      ids: z
        .string()
        .max(10_000, 'At most 10000 characters')
        .superRefine((value, ctx) => {
          const parsed = parseServiceIdList(value);
          if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
        }),
    }),
    output: z.object({
      added: z.array(inventoryEntrySchema),
      /** Already in the inventory; refreshed from the API. */
      refreshed: z.array(inventoryEntrySchema),
      notFound: z.array(z.number()),
      failed: z.array(z.object({ serviceId: z.number(), code: z.string(), message: z.string() })),
    }),
  },
  'inventory.record': {
    /** A service created in this app (called after createService succeeded). */
    input: z.strictObject({
      accountId: accountIdSchema,
      serviceId: z.number().int().positive(),
      domainName: z.string().min(1).max(255),
      cName: z.string().max(255).optional(),
      enabled: z.boolean().optional(),
    }),
    output: inventoryEntrySchema,
  },
  'inventory.remove': {
    /** Local only: the services keep running; they can be added back by ID. */
    input: z.strictObject({ accountId: accountIdSchema, serviceIds: z.array(z.number().int().positive()).min(1) }),
    output: z.object({ removed: z.number() }),
  },
  'inventory.clear': {
    /** Drops an account's whole list (after the account itself was removed). */
    input: z.strictObject({ accountId: accountIdSchema }),
    output: z.object({ ok: z.literal(true) }),
  },
});

export const inventoryEvents = defineEvents({
  'inventory.changed': z.object({ accountId: z.string() }),
});
