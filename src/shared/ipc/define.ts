// Building blocks of the IPC table. Kept apart from contract.ts so that channel files can
// import them without a cycle (contract.ts imports every channel file).
import { z } from 'zod';
import type { IpcError } from './result.ts';

export type { IpcError, IpcResult } from './result.ts';

type ChannelSpec = {
  input: z.ZodType;
  output: z.ZodType;
  /** Largest payload this channel accepts (see MAX_PAYLOAD_CHARS); only for channels that carry files. */
  maxPayloadChars?: number;
};
export type ChannelTable = Record<string, ChannelSpec>;
export type EventTable = Record<string, z.ZodType>;

/** Identity helper that keeps the literal channel names and schema types. */
export function defineChannels<const T extends ChannelTable>(channels: T): T {
  return channels;
}

/** Identity helper for main → renderer events (`feature.event` → payload schema). */
export function defineEvents<const T extends EventTable>(events: T): T {
  return events;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};
export type Merged<T extends readonly object[]> = Simplify<UnionToIntersection<T[number]>>;

/**
 * Merges feature tables into one; a name defined twice is a programming error caught at
 * start-up (a plain object spread would silently keep the last one).
 */
export function mergeTables<const T extends readonly object[]>(...tables: T): Merged<T> {
  const merged: Record<string, unknown> = {};
  for (const table of tables) {
    for (const [name, value] of Object.entries(table)) {
      if (Object.hasOwn(merged, name)) throw new Error(`IPC name defined twice: ${name}`);
      merged[name] = value;
    }
  }
  return merged as Merged<T>;
}

/** Longest ID (account, journal entry, request…) accepted over IPC. */
export const MAX_ID_CHARS = 200;
/** An ID sent by the renderer: never empty, never huge (it may be echoed in an error message). */
export const idSchema = z.string().min(1, 'Required').max(MAX_ID_CHARS, `At most ${MAX_ID_CHARS} characters`);

/**
 * Largest payload a channel accepts unless it says otherwise (maxPayloadChars): the characters
 * of every string and key, plus one per value. Checked by the dispatcher before the schema runs.
 */
export const MAX_PAYLOAD_CHARS = 1_048_576;
/** Deepest nesting of arrays/objects in a payload (policy bodies and drafts need about ten). */
export const MAX_PAYLOAD_DEPTH = 64;

/** Channels that take no input accept `undefined` (and `{}` for transports that always send a body). */
export const noInput = z.union([z.undefined(), z.strictObject({})]).optional();

/** Output of a channel that only confirms. */
export const okOutput = z.strictObject({ ok: z.literal(true) });

/** The error half of every IPC result (result.ts), as a schema for output checks. */
export const ipcErrorSchema: z.ZodType<IpcError> = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  retryable: z.boolean(),
  status: z.number().int().optional(),
  traceId: z.string().optional(),
});
