// Service inventory: the API has no "list services" operation, so each account keeps the list
// of services it knows about (created here, added by ID, or seeded by the sandbox). Removing an
// entry only forgets it locally; the service itself is untouched.
import { z } from 'zod';
import { defineChannels, defineEvents, idSchema } from '../define.ts';

/** Most IDs one "add by ID" request may read (each costs one getService call of the 100/minute budget). */
export const MAX_IDS_PER_ADD = 100;

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

export type ParsedServiceIds = { ok: true; ids: number[] } | { ok: false; message: string };

/**
 * Parses "101", "101, 102" or "100-110" (mixed freely: "1, 5-7"). IDs keep their order,
 * duplicates are dropped. Messages say what is wrong in plain words.
 */
export function parseServiceIdList(text: string, maxCount = MAX_IDS_PER_ADD): ParsedServiceIds {
  // "100 - 110" is one range; everything else splits on commas, semicolons and spaces.
  const parts = text
    .replace(/\s*[-–]\s*/g, '-')
    .split(/[\s,;]+/)
    .filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, message: 'Enter a service ID, a comma-separated list or a range like 100-110' };
  const ids: number[] = [];
  const seen = new Set<number>();
  const push = (id: number): boolean => {
    if (seen.has(id)) return true;
    seen.add(id);
    ids.push(id);
    return ids.length <= maxCount;
  };
  for (const part of parts) {
    const range = /^(\d+)-(\d+)$/.exec(part);
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      if (!isServiceId(from) || !isServiceId(to)) return { ok: false, message: `“${part}” is not a range of service IDs (whole numbers from 1)` };
      if (to < from) return { ok: false, message: `The range “${part}” runs backwards; write it as ${to}-${from}` };
      if (to - from + 1 > maxCount) return { ok: false, message: tooMany(maxCount) };
      for (let id = from; id <= to; id++) if (!push(id)) return { ok: false, message: tooMany(maxCount) };
      continue;
    }
    if (!/^\d+$/.test(part) || !isServiceId(Number(part))) {
      return { ok: false, message: `“${part}” is not a service ID (a whole number from 1)` };
    }
    if (!push(Number(part))) return { ok: false, message: tooMany(maxCount) };
  }
  return { ok: true, ids };
}

function isServiceId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;
}

function tooMany(maxCount: number): string {
  return `At most ${maxCount} IDs at a time (every ID is one API request)`;
}

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
      ids: z.string().max(10_000, 'At most 10000 characters').superRefine((value, ctx) => {
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
