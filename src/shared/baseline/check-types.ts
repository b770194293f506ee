// What a baseline check is: a pure function of one service's snapshot (and facts the core keeps
// beside it) with parameters checked by a zod schema, a one-line reason and a fix text.
import { z } from 'zod';
import type { ServiceConfig } from '../config-document/schema.ts';

/** What the analytics cache tells about a service's recent requests (computed in the core). */
export type TrafficFacts = {
  /** Start of the continuous stretch of request data the cache holds that ends at coveredUntil (epoch ms). */
  coveredSince: number;
  coveredUntil: number;
  /** The last 5-minute point with at least one request, or null when the cache saw none. */
  lastRequestAt: number | null;
};

/** Facts the core keeps beside each snapshot; a check must not need anything else. */
export type SnapshotFacts = {
  /** When each disabled policy was first seen disabled (ISO time), by PolicyKey. */
  disabledSince: Readonly<Record<string, string>>;
  /** null: the analytics cache has no request data for the service. */
  traffic: TrafficFacts | null;
};

export type CheckTarget = {
  accountId: string;
  serviceId: number;
  config: ServiceConfig;
  /** ISO time the snapshot was taken. */
  snapshotAt: string;
  facts: SnapshotFacts;
};

export type CheckContext = {
  /** Epoch ms: "now" for ages (tests fix it). */
  now: number;
};

export type CheckStatus = 'pass' | 'fail' | 'unknown';

/** One exact thing that fails (an origin, a policy, a pair of policies). */
export type Finding = { item: string; detail: string };

/**
 * A change that fixes the failure through the API, in the shape of a bulk change
 * (src/shared/bulk/change.ts): the grid's Fix groups targets with the same change into one plan.
 */
export const baselineFixSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cors'), headers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) }),
  z.object({
    kind: z.literal('rate-limit-set'),
    rateLimit: z.object({ timeWindow: z.number(), requestLimit: z.number() }),
  }),
  z.object({
    kind: z.literal('access-control'),
    policy: z.object({
      policyName: z.string(),
      type: z.enum(['allow', 'deny']),
      matchUrlPath: z.object({ operator: z.literal('prefix'), patterns: z.array(z.string()) }),
      ipRestriction: z.string().optional(),
      anonymousIp: z.boolean(),
      priority: z.number().optional(),
      enabled: z.literal(true),
    }),
  }),
  z.object({
    kind: z.literal('cache-control-edit'),
    policyName: z.string(),
    fields: z.object({ ttl: z.number(), noCache: z.literal(false).optional() }),
  }),
]);
export type BaselineFix = z.output<typeof baselineFixSchema>;

export type CheckResult = {
  status: CheckStatus;
  findings: Finding[];
  /** Why the result is unknown, or a caveat that applies to a pass (one sentence). */
  note: string | null;
  /**
   * The changes that fix a failure through the API, all of them (one check may need several writes
   * on one service); empty when it must be done by hand.
   */
  fixes: BaselineFix[];
};

/**
 * How one parameter is typed in the baseline editor. Its rule (and message) is the params
 * schema's: the form only says which control to show (check-params-form.ts).
 */
export type ParamField = { label: string; hint?: string } & (
  | { kind: 'text'; optional?: boolean }
  /** A whole number, in `unit` ("requests", "days"). */
  | { kind: 'count'; unit: string }
  /** Seconds, typed as a number and a unit (seconds … days), as the cache editor's TTL. */
  | { kind: 'seconds' }
  | { kind: 'switch' }
  | { kind: 'choice'; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: 'choices'; options: ReadonlyArray<{ value: string; label: string }> }
  /** A list of texts (networks), each checked on its own. */
  | { kind: 'list'; itemLabel: string }
);

/** A check's parameters: the schema that checks them and one editor field each (check-parameters.ts). */
export type CheckParameters<P extends z.ZodObject> = {
  id: string;
  params: P;
  /** One editor field per parameter. */
  fields: { readonly [K in keyof z.output<P> & string]-?: ParamField };
};

export type CheckDefinition<P extends z.ZodObject> = CheckParameters<P> & {
  title: string;
  /** One line: why the check matters. */
  reason: string;
  /** What to do when it fails (shown when no API change can carry the fix, and beside one that can). */
  fixText: string;
  /** Whether a failure can be fixed through the API (a bulk plan) or only by hand. */
  fixBy: 'api' | 'by-hand';
  /**
   * The result depends on the snapshot's configuration and the parameters alone (not on facts or
   * "now"): the evaluation may then reuse it while the snapshot is unchanged (baseline.ts).
   */
  configOnly?: boolean;
  evaluate(target: CheckTarget, params: z.output<P>, context: CheckContext): CheckResult;
};

// One shared object for the common case: 60,000 results of a large fleet are mostly passes.
// Results are read, never changed, by the evaluation and its callers.
// Shared and frozen: results are read, never changed.
const NO_FIXES = Object.freeze([]) as unknown as BaselineFix[];
const PLAIN_PASS: CheckResult = { status: 'pass', findings: [], note: null, fixes: NO_FIXES };
export const pass = (note: string | null = null): CheckResult =>
  note === null ? PLAIN_PASS : { status: 'pass', findings: [], note, fixes: NO_FIXES };
export const unknown = (note: string): CheckResult => ({ status: 'unknown', findings: [], note, fixes: NO_FIXES });
export const fail = (
  findings: Finding[],
  fixes: BaselineFix | readonly BaselineFix[] | null = null,
  note: string | null = null,
): CheckResult => ({
  status: 'fail',
  findings,
  note,
  fixes:
    fixes === null ? NO_FIXES : Array.isArray(fixes) ? [...(fixes as readonly BaselineFix[])] : [fixes as BaselineFix],
});

/** A check's parameters with their type erased. */
export type AnyCheckParameters = {
  readonly id: string;
  readonly params: z.ZodObject;
  readonly fields: Readonly<Record<string, ParamField>>;
};

/** A check with its parameter type erased, ready for the catalogue. */
export type AnyCheck = AnyCheckParameters & {
  readonly title: string;
  readonly reason: string;
  readonly fixText: string;
  readonly fixBy: 'api' | 'by-hand';
  readonly configOnly: boolean;
  /** Parses the parameters once; the returned function runs the check on one target. */
  prepare(
    params: unknown,
  ):
    | { ok: true; params: unknown; run: (target: CheckTarget, context: CheckContext) => CheckResult }
    | { ok: false; message: string };
};

export function defineCheck<P extends z.ZodObject>(definition: CheckDefinition<P>): AnyCheck {
  const { evaluate, configOnly, ...rest } = definition;
  return {
    ...rest,
    configOnly: configOnly === true,
    prepare(raw) {
      const parsed = definition.params.safeParse(raw ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
        return { ok: false, message: `${definition.title} — ${where}${issue?.message ?? 'invalid parameters'}` };
      }
      const params = parsed.data;
      return { ok: true, params, run: (target, context) => evaluate(target, params, context) };
    },
  };
}
